// `npm run builtin-openapi`: regenerates packages/apiserver/src/http/openapi-v3-builtin.br,
// kube-apiserver 1.37's own OpenAPI v3 documents for the group versions the embedded server
// serves built in (and the discovery, /version and issuer documents the index lists), fetched
// from the real kube-apiserver (`npm run oracle`'s) and stored, as the bytes it sent, brotli-
// compressed (openapi-builtin.ts reads them). The embedded server serves them as they are, so
// `kubectl explain` and schema-driven clients read kube's field descriptions. Run it again when
// the Kubernetes version the server implements changes.
import { writeFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { openApiHash } from '../packages/apiserver/src/http/openapi.ts';
import { builtinOpenApiFile, encodeBuiltinOpenApi, type RecordedDocument } from '../packages/apiserver/src/http/openapi-builtin.ts';
import { builtinResources } from '@dojo/apiserver';
import { startKubeOracle } from '@dojo/apiserver/testing';

const servedGroupVersions = new Set(builtinResources.map((info) => (info.group ? `apis/${info.group}/${info.version}` : `api/${info.version}`)));
const servedGroups = new Set(builtinResources.filter((info) => info.group).map((info) => `apis/${info.group}`));
const servedOutsideGroups = new Set(['api', 'apis', 'version', '.well-known/openid-configuration', 'openid/v1/jwks']);
const served = (path: string): boolean => servedGroupVersions.has(path) || servedGroups.has(path) || servedOutsideGroups.has(path);

const oracle = await startKubeOracle();
try {
  const index = await oracle.call('GET', '/openapi/v3');
  const version = await oracle.call('GET', '/version');
  const documents = new Map<string, RecordedDocument>();
  for (const path of Object.keys(index.body.paths).sort()) {
    if (!served(path)) continue;
    const res = await oracle.call('GET', `/openapi/v3/${path}`, undefined, { accept: 'application/json' });
    if (res.status !== 200) throw new Error(`GET /openapi/v3/${path}: ${res.status}`);
    const bytes = res.raw;
    const hash = openApiHash(bytes);
    const listed = new URL(index.body.paths[path].serverRelativeURL, 'https://x').searchParams.get('hash');
    if (listed !== hash) console.warn(`builtin-openapi: ${path}: the index lists hash ${listed}, the document hashes to ${hash}`);
    documents.set(path, { bytes, hash });
  }
  const content = encodeBuiltinOpenApi(version.body.gitVersion, documents);
  const compressed = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } });
  writeFileSync(builtinOpenApiFile, compressed);
  console.log(
    `builtin-openapi: ${documents.size} documents of ${version.body.gitVersion}, ${content.length} bytes, ${compressed.length} compressed, in ${builtinOpenApiFile.pathname}`,
  );
} finally {
  await oracle.stop();
}
