import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/** Two served versions, conversion None, storage v1; v1alpha1 deprecated with its own warning. */
const widgetCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'widgets.example.com' },
  spec: {
    group: 'example.com',
    names: { plural: 'widgets', singular: 'widget', kind: 'Widget', listKind: 'WidgetList' },
    scope: 'Namespaced',
    conversion: { strategy: 'None' },
    versions: ['v1alpha1', 'v1'].map((name) => ({
      name,
      served: true,
      storage: name === 'v1',
      ...(name === 'v1alpha1' ? { deprecated: true, deprecationWarning: 'example.com/v1alpha1 Widget is deprecated; use example.com/v1' } : {}),
      subresources: { status: {} },
      schema: {
        openAPIV3Schema: {
          type: 'object',
          properties: {
            spec: { type: 'object', properties: { size: { type: 'integer' } } },
            status: { type: 'object', properties: { seen: { type: 'integer' } } },
          },
        },
      },
    })),
  },
};

const warning = '299 - "example.com/v1alpha1 Widget is deprecated; use example.com/v1"';
const path = (version: string, name = '') => `/apis/example.com/${version}/namespaces/default/widgets${name ? `/${name}` : ''}`;
const widget = (version: string, name: string, size: number) => ({
  apiVersion: `example.com/${version}`,
  kind: 'Widget',
  metadata: { name, namespace: 'default' },
  spec: { size },
});

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  expect((await server.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', widgetCrd)).status).toBe(201);
  for (let attempt = 0; (await server.call('GET', path('v1alpha1'))).status !== 200; attempt++) {
    if (attempt > 100) throw new Error('widgets were never served');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
});

afterAll(async () => {
  await server?.stop();
});

describe('server-side apply through the status subresource', () => {
  it('files the applier under its own entry marked with the subresource, as kube does', async () => {
    await server.call('POST', `${path('v1')}?fieldManager=creator`, widget('v1', 'applied-status', 1));
    const status = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'applied-status', namespace: 'default' }, status: { seen: 3 } };
    const applied = await server.call('PATCH', `${path('v1', 'applied-status')}/status?fieldManager=status-writer`, status, {
      'content-type': 'application/apply-patch+yaml',
    });
    expect(applied.status).toBe(200);
    const entries = applied.body.metadata.managedFields.map(({ manager, operation, subresource, fieldsV1 }: any) => ({
      manager,
      operation,
      subresource,
      fieldsV1,
    }));
    // kube sorts the entries by operation first: Apply before Update.
    expect(entries).toEqual([
      { manager: 'status-writer', operation: 'Apply', subresource: 'status', fieldsV1: { 'f:status': { 'f:seen': {} } } },
      { manager: 'creator', operation: 'Update', subresource: undefined, fieldsV1: { 'f:spec': { '.': {}, 'f:size': {} } } },
    ]);
  });
});

describe('custom resources with two served versions', () => {
  it('warns on every write to the deprecated version: create, update, patch, status', async () => {
    const created = await server.call('POST', path('v1alpha1'), widget('v1alpha1', 'a', 1));
    expect(created.status).toBe(201);
    expect(created.headers.warning).toBe(warning);

    const updated = await server.call('PUT', path('v1alpha1', 'a'), { ...created.body, spec: { size: 2 } });
    expect([updated.status, updated.headers.warning]).toEqual([200, warning]);
    const patched = await server.call('PATCH', path('v1alpha1', 'a'), { spec: { size: 3 } }, { 'content-type': 'application/merge-patch+json' });
    expect([patched.status, patched.headers.warning]).toEqual([200, warning]);
    const status = await server.call('PUT', `${path('v1alpha1', 'a')}/status`, { ...patched.body, status: { seen: 3 } });
    expect([status.status, status.headers.warning]).toEqual([200, warning]);
  });

  it('warns on reads, lists, server-side apply and deletes of the deprecated version too, once per response', async () => {
    const applied = await server.call('PATCH', `${path('v1alpha1', 'applied')}?fieldManager=test`, widget('v1alpha1', 'applied', 1), {
      'content-type': 'application/apply-patch+yaml',
    });
    expect([applied.status, applied.headers.warning]).toEqual([201, warning]);
    const read = await server.call('GET', path('v1alpha1', 'applied'));
    expect([read.status, read.headers.warning]).toEqual([200, warning]);
    const list = await server.call('GET', path('v1alpha1'));
    expect([list.status, list.headers.warning]).toEqual([200, warning]);
    const deleted = await server.call('DELETE', path('v1alpha1', 'applied'));
    expect([deleted.status, deleted.headers.warning]).toEqual([200, warning]);
    const missing = await server.call('GET', path('v1alpha1', 'applied'));
    expect([missing.status, missing.headers.warning]).toEqual([404, warning]);
  });

  it('does not warn on the version that is not deprecated', async () => {
    const created = await server.call('POST', path('v1'), widget('v1', 'b', 1));
    expect(created.status).toBe(201);
    expect(created.headers.warning).toBeUndefined();
    const patched = await server.call('PATCH', path('v1', 'b'), { spec: { size: 2 } }, { 'content-type': 'application/merge-patch+json' });
    expect(patched.headers.warning).toBeUndefined();
  });

  it('stores in the storage version and serves the same object under both apiVersions', async () => {
    await server.call('POST', path('v1alpha1'), widget('v1alpha1', 'c', 5));
    const asV1 = await server.call('GET', path('v1', 'c'));
    const asAlpha = await server.call('GET', path('v1alpha1', 'c'));
    expect(asV1.body).toMatchObject({ apiVersion: 'example.com/v1', spec: { size: 5 } });
    expect(asAlpha.body).toMatchObject({ apiVersion: 'example.com/v1alpha1', spec: { size: 5 } });
    expect(asAlpha.body.metadata.resourceVersion).toBe(asV1.body.metadata.resourceVersion);
    const crd = await server.call('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com');
    expect(crd.body.status.storedVersions).toEqual(['v1']);
  });

  it('holds a CRD being deleted with the cleanup finalizer (added then, not on create) until its instances are gone', async () => {
    const crdPath = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.example.com';
    expect((await server.call('GET', crdPath)).body.metadata.finalizers).toBeUndefined();
    const deleting = await server.call('DELETE', crdPath);
    expect(deleting.status).toBe(200);
    expect(deleting.body.metadata.finalizers).toEqual(['customresourcecleanup.apiextensions.k8s.io']);
    expect(deleting.body.status.conditions).toContainEqual(expect.objectContaining({ type: 'Terminating', status: 'True', reason: 'InstanceDeletionPending' }));
    for (let attempt = 0; (await server.call('GET', crdPath)).status !== 404; attempt++) {
      if (attempt > 100) throw new Error('the CRD was never deleted');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect((await server.call('GET', path('v1'))).status).toBe(404);
  });
});
