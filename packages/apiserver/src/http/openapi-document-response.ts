/**
 * One OpenAPI v3 document answered as kube-openapi's handler3 answers it: with its hash as the
 * ETag, so a client holding it revalidates for a 304 (kubectl keeps them in its cache
 * directory); with `?hash=` of the current document, as immutable; with a stale `?hash=`, a 301
 * to the current one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeRawJson } from './responses.ts';

export function writeOpenApiDocument(req: IncomingMessage, res: ServerResponse, url: URL, document: { bytes: Buffer | string; hash: string }): void {
  const etag = `"${document.hash}"`;
  res.setHeader('Vary', 'Accept');
  res.setHeader('Etag', etag);
  const asked = url.searchParams.get('hash');
  if (asked !== null && asked !== '') {
    if (asked !== document.hash) {
      res.statusCode = 301;
      res.setHeader('Location', `${url.pathname}?hash=${document.hash}`);
      res.end();
      return;
    }
    res.setHeader('Cache-Control', 'public, immutable');
  }
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  writeRawJson(res, 200, document.bytes);
}
