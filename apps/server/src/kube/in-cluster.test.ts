import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { inClusterKubeConfig, serviceAccountDir, serviceAccountRoot } from './in-cluster.ts';

describe('the in-cluster configuration', () => {
  afterEach(() => vi.unstubAllEnvs());

  it("reads the kubelet's fixed ServiceAccount mount when DOJO_SERVICEACCOUNT_ROOT is not set", () => {
    expect(serviceAccountRoot({}, () => false)).toBe('');
  });

  it('reads the mount under DOJO_SERVICEACCOUNT_ROOT when the fixed directory has no token', () => {
    expect(serviceAccountRoot({ DOJO_SERVICEACCOUNT_ROOT: '/tmp/pod-a/' }, () => false)).toBe('/tmp/pod-a');
  });

  it('ignores DOJO_SERVICEACCOUNT_ROOT in a real Pod, where the kubelet mounted a token', () => {
    expect(serviceAccountRoot({ DOJO_SERVICEACCOUNT_ROOT: '/tmp/pod-a' }, (path) => path === `${serviceAccountDir}/token`)).toBe('');
  });

  it('points at https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT with the token, CA and namespace of the mount', () => {
    const root = mkdtempSync(join(tmpdir(), 'in-cluster-'));
    const dir = join(root, serviceAccountDir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'token'), 'a-token');
    writeFileSync(join(dir, 'ca.crt'), 'a-ca');
    writeFileSync(join(dir, 'namespace'), 'dojo-console');
    // client-node reads the service address from process.env itself.
    vi.stubEnv('KUBERNETES_SERVICE_HOST', '10.0.0.1');
    vi.stubEnv('KUBERNETES_SERVICE_PORT', '443');
    const config = inClusterKubeConfig({ DOJO_SERVICEACCOUNT_ROOT: root });
    expect(config.getCurrentCluster()).toMatchObject({ server: 'https://10.0.0.1:443', caFile: join(dir, 'ca.crt') });
    expect(config.getCurrentUser()?.authProvider?.config).toEqual({ tokenFile: join(dir, 'token') });
    expect(config.getContextObject(config.getCurrentContext())?.namespace).toBe('dojo-console');
  });
});
