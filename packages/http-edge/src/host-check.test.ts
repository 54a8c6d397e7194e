import { describe, expect, it } from 'vitest';
import { allowedHostsFor, hostAllowed } from './host-check.ts';
import { bearerToken, tokensEqual } from './token-check.ts';

const req = (headers: Record<string, string>) => ({ headers });

describe('hostAllowed', () => {
  it('lets a loopback listener answer only to its own loopback names and port', () => {
    const allowed = allowedHostsFor('127.0.0.1', 8080);
    expect(hostAllowed(req({ host: '127.0.0.1:8080' }), allowed)).toBe(true);
    expect(hostAllowed(req({ host: 'LOCALHOST:8080' }), allowed)).toBe(true);
    expect(hostAllowed(req({ host: 'evil.example' }), allowed)).toBe(false);
    expect(hostAllowed(req({ host: '127.0.0.1:9090' }), allowed)).toBe(false);
    expect(hostAllowed(req({}), allowed)).toBe(false);
  });

  it('answers any Host on a non-loopback address, whose public name is not known', () => {
    expect(hostAllowed(req({ host: 'console.example' }), allowedHostsFor('0.0.0.0', 8080))).toBe(true);
  });
});

describe('tokens', () => {
  it('compares equal tokens as equal and everything else as not', () => {
    expect(tokensEqual('abc', 'abc')).toBe(true);
    expect(tokensEqual('abd', 'abc')).toBe(false);
    expect(tokensEqual('ab', 'abc')).toBe(false);
    expect(tokensEqual('', '')).toBe(false);
    expect(tokensEqual(undefined, 'abc')).toBe(false);
  });

  it('reads the token of a named scheme only', () => {
    expect(bearerToken(req({ authorization: 'Bearer  t0k ' }))).toBe('t0k');
    expect(bearerToken(req({ authorization: 'bearer t0k' }))).toBe('t0k');
    expect(bearerToken(req({ authorization: 'Bot t0k' }))).toBeUndefined();
    expect(bearerToken(req({ authorization: 'Bot t0k' }), 'Bot')).toBe('t0k');
    expect(bearerToken(req({}))).toBeUndefined();
  });
});
