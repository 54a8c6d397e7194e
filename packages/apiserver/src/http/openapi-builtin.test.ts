/**
 * The built-in group versions are described by kube-apiserver 1.37's own OpenAPI v3 documents:
 * the index lists them with kube's other documents, and kubectl 1.33's `explain` prints kube's
 * field descriptions from them.
 */
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner } from '../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const binary = '/usr/lib/google-cloud-sdk/bin/kubectl.1.33';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

describe('built-in OpenAPI v3 documents', () => {
  it('lists kube’s discovery, version and group documents beside the group versions', async () => {
    const paths = Object.keys((await server.call('GET', '/openapi/v3')).body.paths);
    expect(paths).toEqual(expect.arrayContaining(['.well-known/openid-configuration', 'api', 'api/v1', 'apis', 'apis/apps', 'apis/apps/v1', 'openid/v1/jwks', 'version']));
    expect(paths).not.toContain('apis/certificates.k8s.io/v1');
    expect((await server.call('GET', '/openapi/v3/version')).body.paths['/version/']).toBeDefined();
  });

  it('serves kube’s schema of a built-in kind, descriptions included', async () => {
    const doc = (await server.call('GET', '/openapi/v3/apis/apps/v1')).body;
    expect(doc.components.schemas['io.k8s.api.apps.v1.DeploymentStrategy'].description).toBe('DeploymentStrategy describes how to replace existing pods with new ones.');
  });

  it.skipIf(!existsSync(binary))('gives kubectl explain kube’s field descriptions', async () => {
    const out = await kubectlRunner(server.kubeconfigPath, binary).run(['explain', 'deployment.spec.strategy']);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('DeploymentStrategy describes how to replace existing pods with new ones.');
  });
});
