/**
 * kube-apiserver 1.37's own OpenAPI v3 documents for the built-in group versions the embedded
 * server serves (and for /api, /apis, the groups, /version and the issuer documents), recorded
 * from the real server by `npm run builtin-openapi` (scripts/builtin-openapi.ts) and stored
 * brotli-compressed beside this file. Serving them byte for byte gives `kubectl explain` kube's
 * field descriptions, schema-driven clients kube's schemas, and the index kube's hashes. They
 * describe kube's API: a document may name operations the embedded server does not serve
 * (pods/exec, for one), as discovery tells (docs/fidelity.md).
 *
 * The file holds the documents as the bytes served, each with its hash, after a one-line JSON
 * header: reading it is a brotli decompression on libuv's thread pool and slicing the result,
 * with no decoding or JSON parse of the 5 MB, so the first OpenAPI request (kubectl explain, a
 * console form) does not hold up the requests served beside it, and a document is written to
 * the socket as it is. Read once, on the first request that needs it.
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';

/** The header line of the recorded file. */
export interface BuiltinOpenApiHeader {
  /** The kube-apiserver version they were recorded from. */
  kubernetes: string;
  /** In file order; `length` counts the bytes of the document's UTF-8 JSON. */
  documents: { path: string; hash: string; length: number }[];
}

/** One recorded document: its JSON as kube served it, and the index's hash of it. */
export interface RecordedDocument {
  bytes: Buffer;
  /** kube-openapi's ETag: SHA-512 of the text, upper-case hex. */
  hash: string;
}

export const builtinOpenApiFile = new URL('./openapi-v3-builtin.br', import.meta.url);

/** `header` as one JSON line, then every document's text in header order. */
export function encodeBuiltinOpenApi(kubernetes: string, documents: ReadonlyMap<string, RecordedDocument>): Buffer {
  const header: BuiltinOpenApiHeader = { kubernetes, documents: [...documents].map(([path, d]) => ({ path, hash: d.hash, length: d.bytes.length })) };
  return Buffer.concat([Buffer.from(`${JSON.stringify(header)}\n`), ...[...documents.values()].map((d) => d.bytes)]);
}

/** The documents of `content`, each a view of it (no copy). */
export function decodeBuiltinOpenApi(content: Buffer): ReadonlyMap<string, RecordedDocument> {
  const newline = content.indexOf(0x0a);
  const header = JSON.parse(content.subarray(0, newline).toString('utf8')) as BuiltinOpenApiHeader;
  const documents = new Map<string, RecordedDocument>();
  let offset = newline + 1;
  for (const { path, hash, length } of header.documents) {
    documents.set(path, { bytes: content.subarray(offset, offset + length), hash });
    offset += length;
  }
  return documents;
}

let loading: Promise<ReadonlyMap<string, RecordedDocument>> | undefined;

/** Each recorded document by index path (`api/v1`, `apis/apps/v1`, `apis/apps`, `version`...). */
export function builtinOpenApiDocuments(): Promise<ReadonlyMap<string, RecordedDocument>> {
  loading ??= readFile(builtinOpenApiFile)
    // 1 MB chunks: a few trips to the thread pool, each short on the event loop (16 KB makes hundreds).
    .then((compressed) => promisify(brotliDecompress)(compressed, { chunkSize: 1 << 20 }))
    .then(decodeBuiltinOpenApi);
  return loading;
}
