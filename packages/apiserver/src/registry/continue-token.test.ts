import { describe, expect, it } from 'vitest';
import { StatusError } from '@dojo/kube-api';
import { decodeContinue, encodeContinue } from './continue-token.ts';

const refusal = (token: string): string => {
  try {
    decodeContinue(token);
  } catch (err) {
    if (err instanceof StatusError) return `${err.status.code} ${err.status.message}`;
    throw err;
  }
  throw new Error('accepted');
};
const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('decodeContinue', () => {
  it('reads back the tokens it writes', () => {
    expect(decodeContinue(encodeContinue({ rv: 12, start: 'default/cm-b' }))).toEqual({ rv: 12, start: 'default/cm-b' });
  });

  it('refuses bytes that are no JSON with encoding/json’s words, as storage.DecodeContinue does', () => {
    expect(refusal('garbage')).toBe("400 invalid continue token: continue key is not valid: invalid character '\\u0081' looking for beginning of value");
  });

  it('refuses what is not raw URL base64, naming the first bad byte', () => {
    expect(refusal('abc=')).toBe('400 invalid continue token: continue key is not valid: illegal base64 data at input byte 3');
    expect(refusal('abcde')).toBe('400 invalid continue token: continue key is not valid: illegal base64 data at input byte 4');
  });

  it('refuses an unknown version, a zero revision and an empty or unclean start key', () => {
    expect(refusal(b64('{"v":"x/v9","rv":1,"start":"a"}'))).toBe('400 invalid continue token: continue key is not valid: server does not recognize this encoded version x/v9');
    expect(refusal(b64('{"v":"meta.k8s.io/v1","rv":0,"start":"a"}'))).toBe('400 invalid continue token: continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)');
    expect(refusal(b64('{"v":"meta.k8s.io/v1","rv":3,"start":""}'))).toBe('400 invalid continue token: continue key is not valid: encoded start key empty (version meta.k8s.io/v1)');
    expect(refusal(b64('{"v":"meta.k8s.io/v1","rv":3,"start":"../secrets/x"}'))).toBe('400 invalid continue token: continue key is not valid: ../secrets/x');
  });
});
