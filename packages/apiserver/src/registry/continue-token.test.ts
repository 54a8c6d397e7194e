import { StatusError } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { decodeContinue, encodeContinue } from './continue-token.ts';

const refusal = (token: string): string | undefined => {
  try {
    decodeContinue(token);
  } catch (err) {
    return err instanceof StatusError ? `${err.status.code} ${err.status.message}` : String(err);
  }
  return undefined;
};
const encoded = (json: string) => Buffer.from(json).toString('base64url');

describe('decoding a continue token as storage.DecodeContinue does', () => {
  it('reads back the tokens it wrote', () => {
    expect(decodeContinue(encodeContinue({ rv: 42, start: 'ns/name' }))).toEqual({ rv: 42, start: 'ns/name' });
  });

  it('refuses text that is not base64 at the first byte base64 refuses', () => {
    expect(refusal('abc$def')).toBe('400 invalid continue token: continue key is not valid: illegal base64 data at input byte 3');
    expect(refusal('abcde')).toBe('400 invalid continue token: continue key is not valid: illegal base64 data at input byte 4');
  });

  it('quotes the byte JSON cannot begin with as Go quotes a rune', () => {
    expect(refusal('not-a-token')).toBe("400 invalid continue token: continue key is not valid: invalid character '\\u009e' looking for beginning of value");
    expect(refusal(encoded('x'))).toBe("400 invalid continue token: continue key is not valid: invalid character 'x' looking for beginning of value");
    expect(refusal(encoded('\u0001'))).toBe("400 invalid continue token: continue key is not valid: invalid character '\\x01' looking for beginning of value");
  });

  it('names an unknown version, a zero resourceVersion and an empty or unclean start key', () => {
    expect(refusal(encoded('{"v":"v2","rv":1,"start":"a"}'))).toBe(
      '400 invalid continue token: continue key is not valid: server does not recognize this encoded version v2',
    );
    expect(refusal(encoded('{"v":"meta.k8s.io/v1","rv":0,"start":"a"}'))).toBe(
      '400 invalid continue token: continue key is not valid: incorrect encoded start resourceVersion (version meta.k8s.io/v1)',
    );
    expect(refusal(encoded('{"v":"meta.k8s.io/v1","rv":3,"start":""}'))).toBe(
      '400 invalid continue token: continue key is not valid: encoded start key empty (version meta.k8s.io/v1)',
    );
    expect(refusal(encoded('{"v":"meta.k8s.io/v1","rv":3,"start":"../x"}'))).toBe('400 invalid continue token: continue key is not valid: ../x');
  });
});
