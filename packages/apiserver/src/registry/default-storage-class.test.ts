import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const claims = '/api/v1/namespaces/default/persistentvolumeclaims';
const classes = '/apis/storage.k8s.io/v1/storageclasses';
const claim = (name: string, extra: { spec?: Record<string, unknown>; annotations?: Record<string, string> } = {}) => ({
  metadata: { name, ...(extra.annotations ? { annotations: extra.annotations } : {}) },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } }, ...extra.spec },
});

describe('the DefaultStorageClass admission', () => {
  it('leaves a claim without a class classless while no StorageClass is the default', async () => {
    await server.call('POST', classes, { metadata: { name: 'plain' }, provisioner: 'example.com/disk' });
    const created = await server.call('POST', claims, claim('before-default'));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.spec.storageClassName).toBeUndefined();
  });

  it('gives a claim without a class the newest default StorageClass', async () => {
    const isDefault = { 'storageclass.kubernetes.io/is-default-class': 'true' };
    await server.call('POST', classes, { metadata: { name: 'old-default', annotations: isDefault }, provisioner: 'example.com/disk' });
    await new Promise((r) => setTimeout(r, 1100)); // creationTimestamp has second precision
    await server.call('POST', classes, { metadata: { name: 'new-default', annotations: isDefault }, provisioner: 'example.com/disk' });
    expect((await server.call('POST', claims, claim('classless'))).body.spec.storageClassName).toBe('new-default');
  });

  it('keeps an explicit class, the explicit "no class" and the beta class annotation', async () => {
    expect((await server.call('POST', claims, claim('named', { spec: { storageClassName: 'plain' } }))).body.spec.storageClassName).toBe('plain');
    expect((await server.call('POST', claims, claim('none', { spec: { storageClassName: '' } }))).body.spec.storageClassName).toBe('');
    const beta = await server.call('POST', claims, claim('beta', { annotations: { 'volume.beta.kubernetes.io/storage-class': 'plain' } }));
    expect(beta.body.spec.storageClassName).toBeUndefined();
  });
});
