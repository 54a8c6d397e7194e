/**
 * kube-apiserver 1.37's own OpenAPI v3 documents for the built-in group versions the embedded
 * server serves (and for /api, /apis, the groups, /version and the issuer documents), recorded
 * from the real server by `npm run builtin-openapi` (scripts/builtin-openapi.ts) and stored
 * brotli-compressed beside this file. Serving them unchanged gives `kubectl explain` kube's
 * field descriptions and schema-driven clients kube's schemas. They describe kube's API: a
 * document may name operations the embedded server does not serve (pods/exec, for one), as
 * discovery tells (docs/fidelity.md).
 *
 * Read once, on the first OpenAPI v3 request: some 5 MB of JSON from a ~150 KB file.
 */
import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';

export interface BuiltinOpenApi {
  /** The kube-apiserver version they were recorded from. */
  kubernetes: string;
  /** By index path: `api/v1`, `apis/apps/v1`, `apis/apps`, `version`... */
  documents: Record<string, unknown>;
}

export const builtinOpenApiFile = new URL('./openapi-v3-builtin.json.br', import.meta.url);

let loaded: Map<string, string> | undefined;

/** Each recorded document, as the JSON text served. */
export function builtinOpenApiDocuments(): ReadonlyMap<string, string> {
  if (!loaded) {
    const data = JSON.parse(brotliDecompressSync(readFileSync(builtinOpenApiFile)).toString('utf8')) as BuiltinOpenApi;
    loaded = new Map(Object.entries(data.documents).map(([path, document]) => [path, JSON.stringify(document)]));
  }
  return loaded;
}
