/**
 * A JSON list answer written item by item, with backpressure, instead of as one string: a LIST
 * of 200 ConfigMaps of 1 MB was a 200 MB string (plus its UTF-8 copy) per request, so a few
 * concurrent LISTs could take gigabytes. kube-apiserver 1.33+ streams list encoding the same way
 * (StreamingCollectionEncodingToJSON); the bytes are those of the whole-string encoding, sent
 * with chunked transfer encoding instead of a Content-Length. Memory per LIST stays about one
 * item plus the socket's buffer. Small lists still go in one write with a Content-Length.
 */
import type { ServerResponse } from 'node:http';
import { writeRawJson } from './responses.ts';

/** A list's JSON in three parts: `head` + items joined by `,` + `tail` is the whole document. */
export interface JsonListParts {
  head: string;
  /**
   * Each item's JSON, produced lazily (one at a time while streaming), whole or in fragments to
   * be written one after the other: a stored item without its leading apiVersion/kind is `{`
   * and a slice of the stored text, and writing them apart never copies the item into a new
   * string (concatenated, every 1 MB item became 1 MB of garbage per LIST).
   */
  items: Iterable<string | readonly string[]>;
  tail: string;
}

/**
 * Items are gathered up to this many characters before a write: a list that fits is written
 * whole, with a Content-Length; a larger one goes in writes of about this size.
 */
export const listChunkChars = 64 * 1024;

/** Resolves once the socket takes more, or the connection is gone. */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

export async function writeJsonList(res: ServerResponse, parts: JsonListParts, contentType = 'application/json'): Promise<void> {
  let pending: string[] = [parts.head];
  let pendingChars = parts.head.length;
  let streaming = false;
  let first = true;
  const startStreaming = (): void => {
    if (streaming) return;
    streaming = true;
    res.statusCode = 200;
    res.setHeader('Content-Type', contentType);
    res.setHeader('Cache-Control', 'no-cache, private');
  };
  for (const item of parts.items) {
    const fragments = typeof item === 'string' ? [item] : item;
    const itemChars = fragments.reduce((sum, f) => sum + f.length, 0);
    if (!first) pending.push(',');
    first = false;
    if (itemChars >= listChunkChars) {
      // A large item goes as it is, after what was gathered: joining would copy it once more.
      startStreaming();
      res.write(pending.join(''));
      pending = [];
      pendingChars = 0;
      let ready = true;
      for (const fragment of fragments) ready = res.write(fragment);
      if (!ready) await drained(res);
      if (res.destroyed) return;
      continue;
    }
    pending.push(...fragments);
    pendingChars += itemChars + 1;
    if (pendingChars < listChunkChars) continue;
    startStreaming();
    const chunk = pending.join('');
    pending = [];
    pendingChars = 0;
    if (!res.write(chunk)) await drained(res);
    if (res.destroyed) return;
  }
  pending.push(parts.tail);
  if (streaming) res.end(pending.join(''));
  else writeRawJson(res, 200, pending.join(''), contentType);
}

/** The parts of `{...envelope, items: [...]}` as JSON.stringify writes it (`items` last). */
export function jsonListParts<T>(envelope: Record<string, unknown>, items: readonly T[], itemJson: (item: T) => string | readonly string[]): JsonListParts {
  const empty = JSON.stringify({ ...envelope, items: [] });
  return { head: empty.slice(0, -2), items: lazyMap(items, itemJson), tail: ']}' };
}

function* lazyMap<T, U>(items: readonly T[], f: (item: T) => U): Iterable<U> {
  for (const item of items) yield f(item);
}
