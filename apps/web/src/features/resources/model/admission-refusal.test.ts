import { describe, expect, it } from 'vitest';
import type { Status } from '@dojo/kube-api';
import { admissionRefusalMessage } from './admission-refusal.ts';

const failure = (message: string, code = 400): Status => ({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, code });

describe('admissionRefusalMessage', () => {
  it("recognizes a webhook denial and a failed call by kube's texts", () => {
    const denied = 'admission webhook "deny.dojos.example.com" denied the request: spec.title must not be "forbidden"';
    expect(admissionRefusalMessage(failure(denied))).toBe(denied);
    expect(admissionRefusalMessage(failure('admission webhook "v.example.com" denied the request without explanation'))).toBeDefined();
    expect(admissionRefusalMessage(failure('Internal error occurred: failed calling webhook "v.example.com": context deadline exceeded', 500))).toBeDefined();
  });

  it("recognizes validating and mutating policies' denials", () => {
    expect(
      admissionRefusalMessage(failure("ValidatingAdmissionPolicy 'replicas' with binding 'replicas-binding' denied request: too many", 422)),
    ).toBeDefined();
    expect(admissionRefusalMessage(failure("policy 'add-label' with binding 'b' denied request: failed to apply", 403))).toBeDefined();
  });

  it("leaves the server's own refusals alone", () => {
    expect(admissionRefusalMessage(failure('Dojo.core.jutsu.com "a" is invalid: spec.replicas: Invalid value: -1', 422))).toBeUndefined();
    expect(admissionRefusalMessage(undefined)).toBeUndefined();
  });
});
