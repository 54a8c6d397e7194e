import { describe, expect, it } from 'vitest';
import { reviewVersionFor, verifyAdmissionResponse } from './admission-review.ts';

const v1 = 'admission.k8s.io/v1';
const answer = (response: Record<string, unknown>, apiVersion = v1) => ({ apiVersion, kind: 'AdmissionReview', response });
const patch = Buffer.from('[]').toString('base64');

describe('an AdmissionReview answer', () => {
  it('is v1 when the webhook accepts v1, v1beta1 only when that is all it accepts', () => {
    expect(reviewVersionFor(['v1beta1', 'v1'])).toBe(v1);
    expect(reviewVersionFor(['v1beta1'])).toBe('admission.k8s.io/v1beta1');
  });

  it("must carry a response with the request's uid", () => {
    expect(() => verifyAdmissionResponse('u', v1, false, { apiVersion: v1, kind: 'AdmissionReview' })).toThrow('webhook response was absent');
    expect(() => verifyAdmissionResponse('u', v1, false, answer({ uid: 'x', allowed: true }))).toThrow('expected response.uid="u", got "x"');
  });

  it('from a mutating webhook gives patch and patchType together', () => {
    expect(() => verifyAdmissionResponse('u', v1, true, answer({ uid: 'u', allowed: true, patch }))).toThrow(
      'webhook returned response.patch but not response.patchType',
    );
    expect(() => verifyAdmissionResponse('u', v1, true, answer({ uid: 'u', allowed: true, patchType: 'JSONPatch' }))).toThrow(
      'webhook returned response.patchType but not response.patch',
    );
    expect(verifyAdmissionResponse('u', v1, true, answer({ uid: 'u', allowed: true, patch, patchType: 'JSONPatch' }))).toMatchObject({
      patch: '[]',
      patchType: 'JSONPatch',
    });
  });

  it('from a validating webhook carries no patch', () => {
    expect(() => verifyAdmissionResponse('u', v1, false, answer({ uid: 'u', allowed: true, patch }))).toThrow(
      'validating webhook may not return response.patch',
    );
    expect(() => verifyAdmissionResponse('u', v1, false, answer({ uid: 'u', allowed: true, patchType: 'JSONPatch' }))).toThrow(
      'validating webhook may not return response.patchType',
    );
  });

  it('in v1beta1 is not checked for uid, and its patch is a JSONPatch', () => {
    const beta = 'admission.k8s.io/v1beta1';
    expect(verifyAdmissionResponse('u', beta, true, answer({ uid: 'other', allowed: true, patch }, beta))).toMatchObject({
      allowed: true,
      patchType: 'JSONPatch',
    });
  });
});
