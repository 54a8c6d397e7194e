/**
 * The built-in group versions are described by kube-apiserver 1.37's own OpenAPI v3 documents:
 * the index lists them with kube's other documents and kube's hashes, they are served byte for
 * byte, and kubectl 1.33's `explain` prints kube's field descriptions from them.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner } from '../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { builtinResources } from '../registry/builtin/builtin-resources.ts';
import { openApiHash, openApiPathOf } from './openapi.ts';
import { builtinOpenApiDocuments, decodeBuiltinOpenApi, encodeBuiltinOpenApi } from './openapi-builtin.ts';

const binary = '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('the recorded file', () => {
  it('reads back every document it was written with, non-ASCII text included', () => {
    const json = (text: string) => ({ bytes: Buffer.from(text), hash: openApiHash(text) });
    const documents = new Map([
      ['api/v1', json('{"a":"é — ✓"}')],
      ['version', json('{}')],
    ]);
    expect(decodeBuiltinOpenApi(encodeBuiltinOpenApi('v1.37.2', documents))).toEqual(documents);
  });

  it('is read once, by a promise every request shares, so no request decompresses it on the event loop', () => {
    expect(builtinOpenApiDocuments()).toBe(builtinOpenApiDocuments());
  });

  it('describes every built-in kind the server serves (a kind added later needs `npm run builtin-openapi`)', async () => {
    const documents = await builtinOpenApiDocuments();
    const described = (info: (typeof builtinResources)[number]): boolean => {
      const text = documents.get(openApiPathOf(info.group, info.version))?.bytes.toString('utf8');
      const schemas = text
        ? (
            JSON.parse(text) as {
              components: { schemas: Record<string, { 'x-kubernetes-group-version-kind'?: { group: string; version: string; kind: string }[] }> };
            }
          ).components.schemas
        : {};
      return Object.values(schemas).some((schema) =>
        schema['x-kubernetes-group-version-kind']?.some((gvk) => gvk.group === info.group && gvk.version === info.version && gvk.kind === info.kind),
      );
    };
    expect(builtinResources.filter((info) => !described(info)).map((info) => `${info.group}/${info.version} ${info.kind}`)).toEqual([]);
  });

  it('holds documents whose hash is the one kube-openapi would list', async () => {
    const documents = await builtinOpenApiDocuments();
    const apps = documents.get('apis/apps/v1')!;
    expect(apps.hash).toBe(openApiHash(apps.bytes));
    expect(JSON.parse(apps.bytes.toString('utf8')).openapi).toBe('3.0.0');
  });
});

describe('built-in OpenAPI v3 documents', () => {
  it('lists kube’s discovery, version and group documents beside the group versions', async () => {
    const paths = Object.keys((await server.call('GET', '/openapi/v3')).body.paths);
    expect(paths).toEqual(
      expect.arrayContaining(['.well-known/openid-configuration', 'api', 'api/v1', 'apis', 'apis/apps', 'apis/apps/v1', 'openid/v1/jwks', 'version']),
    );
    expect(paths).not.toContain('apis/certificates.k8s.io/v1');
    expect((await server.call('GET', '/openapi/v3/version')).body.paths['/version/']).toBeDefined();
  });

  it('serves a document byte for byte as recorded, at the URL the index gives with its hash', async () => {
    const index = (await server.call('GET', '/openapi/v3')).body.paths as Record<string, { serverRelativeURL: string }>;
    const recorded = (await builtinOpenApiDocuments()).get('apis/apps/v1')!;
    expect(index['apis/apps/v1']!.serverRelativeURL).toBe(`/openapi/v3/apis/apps/v1?hash=${recorded.hash}`);
    const served = await server.call('GET', index['apis/apps/v1']!.serverRelativeURL);
    expect(served.raw.equals(recorded.bytes)).toBe(true);
    expect(served.headers['cache-control']).toBe('public, immutable');
  });

  it('answers a client that holds the document (its ETag) with 304, and a stale hash with a 301 to the current one', async () => {
    const recorded = (await builtinOpenApiDocuments()).get('api/v1')!;
    const served = await server.call('GET', '/openapi/v3/api/v1');
    expect(served.headers.etag).toBe(`"${recorded.hash}"`);
    expect((await server.call('GET', '/openapi/v3/api/v1', undefined, { 'if-none-match': `"${recorded.hash}"` })).status).toBe(304);
    const stale = await server.call('GET', '/openapi/v3/api/v1?hash=0123');
    expect([stale.status, stale.headers.location]).toEqual([301, `/openapi/v3/api/v1?hash=${recorded.hash}`]);
  });

  it('serves kube’s schema of a built-in kind, descriptions included', async () => {
    const doc = (await server.call('GET', '/openapi/v3/apis/apps/v1')).body;
    expect(doc.components.schemas['io.k8s.api.apps.v1.DeploymentStrategy'].description).toBe(
      'DeploymentStrategy describes how to replace existing pods with new ones.',
    );
  });

  it('answers a document it has no record of with a bare 404', async () => {
    const res = await server.call('GET', '/openapi/v3/apis/nothing.example.com');
    expect(res.status).toBe(404);
    expect(res.raw.length).toBe(0);
  });

  it.skipIf(!existsSync(binary))('gives kubectl explain kube’s field descriptions', async () => {
    const out = await kubectlRunner(server.kubeconfigPath, binary).run(['explain', 'deployment.spec.strategy']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('DeploymentStrategy describes how to replace existing pods with new ones.');
  });
});
