import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { requestPath } from './request-path.ts';

const server = new URL('https://127.0.0.1:6443/prefix/');
const asUrlSendsIt = (path: string): string => {
  const url = new URL(path, server);
  return url.pathname + url.search;
};

// Characters a URL keeps, escapes, or reads as structure; short segments so dot segments come up often.
const piece = fc.constantFrom(
  '/',
  '.',
  '..',
  '%2e',
  '%2E',
  '%3D',
  '%zz',
  '%',
  '?',
  '#',
  ' ',
  "'",
  '"',
  '\\',
  'a',
  'Z',
  '0',
  '-',
  '_',
  '~',
  '=',
  '&',
  '+',
  ':',
  '@',
  '(',
  '*',
  'é',
  '{',
);

describe('requestPath', () => {
  it('sends what resourcePath builds as it is', () => {
    const path = '/prefix/apis/core.jutsu.com/v1/namespaces/default/dojos/web/status?fieldManager=dojo-operator&labelSelector=app%3Dweb';
    expect(requestPath(server, path)).toBe(path);
  });

  it('resolves a dot segment as a URL does', () => {
    expect(requestPath(server, '/prefix/api/v1/namespaces/a/pods/..')).toBe('/prefix/api/v1/namespaces/a/');
    expect(requestPath(server, '/prefix/api/v1/pods/%2E%2e/x')).toBe('/prefix/api/v1/x');
  });

  it('sends every path exactly as new URL(path, server) would', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const path = `/${pieces.join('')}`;
        // A URL reads "//x" (or "/\\x") as host x; no path of ours starts so, and here it stays on the server.
        fc.pre(URL.canParse(path, server.href) && new URL(path, server).host === server.host);
        expect(requestPath(server, path)).toBe(asUrlSendsIt(path));
      }),
      { numRuns: 5000 },
    );
  });
});
