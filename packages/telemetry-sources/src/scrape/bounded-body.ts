/**
 * A response body as text, refused past a size: an endpoint that streams without end (or a
 * wrong URL serving a large file) must not fill the console's memory. Prometheus has the same
 * knob (`body_size_limit`); a controller-runtime endpoint is tens of kilobytes.
 */
/** What of a fetch Response is read: the global one and undici's alike. */
export interface BodyResponse {
  readonly headers: { get(name: string): string | null };
  readonly body: ReadableStream<Uint8Array> | null;
}

import { ScrapeLimitError } from './scrape-limits.ts';

export async function readBoundedText(res: BodyResponse, maxBytes: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (declared > maxBytes) {
    await res.body?.cancel();
    throw new ScrapeLimitError('body_size_limit', `the response is ${declared} bytes, more than the ${maxBytes} a scrape reads`);
  }
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new ScrapeLimitError('body_size_limit', `the response is more than the ${maxBytes} bytes a scrape reads`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
