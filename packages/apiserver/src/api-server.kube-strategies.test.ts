/**
 * Per-kind write rules kube-apiserver 1.37 applies that clients see in answers, over real HTTPS:
 * what a `/status` write may change, which DELETEs answer with the object, Jobs' default
 * orphaning, Lease validation and the deprecated v1 Endpoints' warning.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const ns = '/api/v1/namespaces/default';
const template = { metadata: { labels: { app: 'w' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };
const warningsOf = (headers: Record<string, unknown>): string[] => {
  const value = headers.warning;
  return value === undefined
    ? []
    : String(value)
        .split(/,(?=\s*299)/)
        .map((w) => w.trim());
};
const mergePatch = { 'content-type': 'application/merge-patch+json' };

describe('a /status write', () => {
  it('keeps label and annotation changes sent with it, and the stored spec (statefulset, job... status strategies copy spec only)', async () => {
    const path = '/apis/apps/v1/namespaces/default/statefulsets';
    await server.call('POST', path, {
      metadata: { name: 'st-status', labels: { app: 'w' } },
      spec: { serviceName: 'w', selector: { matchLabels: { app: 'w' } }, template },
    });
    const written = await server.call(
      'PATCH',
      `${path}/st-status/status`,
      { metadata: { labels: { via: 'status' }, annotations: { note: 'x' } }, spec: { replicas: 5 }, status: { replicas: 0, availableReplicas: 0 } },
      mergePatch,
    );
    expect(written.status).toBe(200);
    expect(written.body.metadata.labels).toEqual({ app: 'w', via: 'status' });
    expect(written.body.metadata.annotations).toEqual({ note: 'x' });
    expect(written.body.spec.replicas).toBe(1);
  });

  it('keeps a Deployment’s stored labels (deploymentStatusStrategy resets them)', async () => {
    const path = '/apis/apps/v1/namespaces/default/deployments';
    await server.call('POST', path, { metadata: { name: 'dep-status', labels: { app: 'w' } }, spec: { selector: { matchLabels: { app: 'w' } }, template } });
    const written = await server.call(
      'PATCH',
      `${path}/dep-status/status`,
      { metadata: { labels: { via: 'status' }, annotations: { note: 'x' } }, status: { replicas: 0 } },
      mergePatch,
    );
    expect(written.status).toBe(200);
    expect(written.body.metadata.labels).toEqual({ app: 'w' });
    expect(written.body.metadata.annotations).toEqual({ note: 'x' });
  });

  it('keeps a Namespace’s name label, which every namespace write puts back', async () => {
    await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'ns-status' } });
    const current = await server.call('GET', '/api/v1/namespaces/ns-status');
    const written = await server.call('PUT', '/api/v1/namespaces/ns-status/status', {
      ...current.body,
      metadata: { ...current.body.metadata, labels: { via: 'status' } },
    });
    expect(written.body.metadata.labels).toEqual({ via: 'status', 'kubernetes.io/metadata.name': 'ns-status' });
  });
});

describe('a DELETE', () => {
  it('answers with the removed object for kinds whose store sets ReturnDeletedObject (PV, PVC, ResourceQuota, StorageClass)', async () => {
    const cases: { path: string; body: Record<string, unknown>; kind: string }[] = [
      {
        path: '/api/v1/persistentvolumes',
        kind: 'PersistentVolume',
        body: { metadata: { name: 'del-pv' }, spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/tmp/x' } } },
      },
      {
        path: `${ns}/persistentvolumeclaims`,
        kind: 'PersistentVolumeClaim',
        body: { metadata: { name: 'del-pvc' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } },
      },
      { path: `${ns}/resourcequotas`, kind: 'ResourceQuota', body: { metadata: { name: 'del-quota' }, spec: { hard: { pods: '3' } } } },
      { path: '/apis/storage.k8s.io/v1/storageclasses', kind: 'StorageClass', body: { metadata: { name: 'del-sc' }, provisioner: 'example.com/disk' } },
    ];
    for (const { path, body, kind } of cases) {
      expect((await server.call('POST', path, body)).status).toBe(201);
      const name = (body.metadata as { name: string }).name;
      const deleted = await server.call('DELETE', `${path}/${name}?propagationPolicy=Background`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ kind, metadata: { name } });
    }
  });

  it('of a Job that names no propagationPolicy orphans its pods, and warns so (batch/v1’s default policy)', async () => {
    const path = '/apis/batch/v1/namespaces/default/jobs';
    await server.call('POST', path, { metadata: { name: 'job-orphan' }, spec: { template: { spec: { ...template.spec, restartPolicy: 'Never' } } } });
    const deleted = await server.call('DELETE', `${path}/job-orphan`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.metadata.finalizers).toEqual(['orphan']);
    expect(deleted.body.metadata.deletionTimestamp).toBeTruthy();
    expect(warningsOf(deleted.headers)).toEqual([
      '299 - "child pods are preserved by default when jobs are deleted; set propagationPolicy=Background to remove them or set propagationPolicy=Orphan to suppress this warning"',
    ]);
  });

  it('of a Job that names its propagationPolicy gets no warning', async () => {
    const path = '/apis/batch/v1/namespaces/default/jobs';
    await server.call('POST', path, { metadata: { name: 'job-background' }, spec: { template: { spec: { ...template.spec, restartPolicy: 'Never' } } } });
    const deleted = await server.call('DELETE', `${path}/job-background`, { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ kind: 'Status', status: 'Success' });
    expect(warningsOf(deleted.headers)).toEqual([]);
  });
});

describe('a Lease', () => {
  it('must last a positive number of seconds (ValidateLeaseSpec)', async () => {
    const created = await server.call('POST', '/apis/coordination.k8s.io/v1/namespaces/default/leases', {
      metadata: { name: 'lease-zero' },
      spec: { leaseDurationSeconds: 0 },
    });
    expect(created.status).toBe(422);
    expect(created.body.message).toBe('Lease.coordination.k8s.io "lease-zero" is invalid: spec.leaseDurationSeconds: Invalid value: 0: must be greater than 0');
  });
});

describe('v1 Endpoints', () => {
  it('are answered with kube 1.33’s deprecation warning on every request', async () => {
    const created = await server.call('POST', `${ns}/endpoints`, { metadata: { name: 'ep-warned' }, subsets: [] });
    const listed = await server.call('GET', `${ns}/endpoints`);
    for (const answer of [created, listed]) {
      expect(warningsOf(answer.headers)).toEqual(['299 - "v1 Endpoints is deprecated in v1.33+; use discovery.k8s.io/v1 EndpointSlice"']);
    }
  });
});

describe('fields Go writes although they are empty', () => {
  it('an autoscaling/v2 HPA’s status says currentMetrics: null until measured (no omitempty), through /status too', async () => {
    const path = '/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers';
    const created = await server.call('POST', path, {
      metadata: { name: 'hpa-null' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' }, maxReplicas: 3 },
    });
    expect(created.body.status).toEqual({ currentMetrics: null, desiredReplicas: 0 });
    const written = await server.call('PUT', `${path}/hpa-null/status`, { ...created.body, status: { desiredReplicas: 2, currentReplicas: 2 } });
    expect(written.body.status).toEqual({ currentMetrics: null, desiredReplicas: 2, currentReplicas: 2 });
  });

  const minimalEvent = (name: string) => ({
    metadata: { name },
    eventTime: '2026-01-02T03:04:05.000000Z',
    reportingController: 'example.com/c',
    reportingInstance: 'i',
    action: 'Do',
    reason: 'Done',
    type: 'Normal',
    regarding: { kind: 'Pod', name: 'p', namespace: 'default' },
  });

  it('answers a dry-run create of an events.k8s.io Event as a real one, through the storage codec', async () => {
    const dryRun = await server.call('POST', '/apis/events.k8s.io/v1/namespaces/default/events?dryRun=All', minimalEvent('ev-dry'));
    expect(dryRun.status).toBe(201);
    expect(dryRun.body).toMatchObject({ deprecatedFirstTimestamp: null, deprecatedLastTimestamp: null, deprecatedSource: {} });
    expect((await server.call('GET', '/apis/events.k8s.io/v1/namespaces/default/events/ev-dry')).status).toBe(404);
  });

  it('an events.k8s.io Event shows its deprecated timestamps as null and deprecatedSource as {}', async () => {
    const created = await server.call('POST', '/apis/events.k8s.io/v1/namespaces/default/events', {
      metadata: { name: 'ev-empty' },
      eventTime: '2026-01-02T03:04:05.000000Z',
      reportingController: 'example.com/c',
      reportingInstance: 'i',
      action: 'Do',
      reason: 'Done',
      type: 'Normal',
      regarding: { kind: 'Pod', name: 'p', namespace: 'default' },
    });
    expect(created.status).toBe(201);
    const got = await server.call('GET', '/apis/events.k8s.io/v1/namespaces/default/events/ev-empty');
    for (const answer of [created, got])
      expect(answer.body).toMatchObject({ deprecatedFirstTimestamp: null, deprecatedLastTimestamp: null, deprecatedSource: {} });
  });
});

describe('admission on create', () => {
  it('gives every PersistentVolumeClaim and PersistentVolume its protection finalizer, dry runs included (StorageObjectInUseProtection)', async () => {
    const claim = { metadata: { name: 'protected-pvc' }, spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } } };
    const dryRun = await server.call('POST', `${ns}/persistentvolumeclaims?dryRun=All`, claim);
    expect(dryRun.body.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
    const created = await server.call('POST', `${ns}/persistentvolumeclaims`, {
      ...claim,
      metadata: { ...claim.metadata, finalizers: ['kubernetes.io/pvc-protection'] },
    });
    expect(created.body.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
    const volume = await server.call('POST', '/api/v1/persistentvolumes', {
      metadata: { name: 'protected-pv' },
      spec: { capacity: { storage: '1Gi' }, accessModes: ['ReadWriteOnce'], hostPath: { path: '/x' } },
    });
    expect(volume.body.metadata.finalizers).toEqual(['kubernetes.io/pv-protection']);
    const deleted = await server.call('DELETE', `${ns}/persistentvolumeclaims/protected-pvc`);
    expect(deleted.body.metadata).toMatchObject({ finalizers: ['kubernetes.io/pvc-protection'], deletionTimestamp: expect.any(String) });
  });

  it('taints every new Node not-ready, once (TaintNodesByCondition)', async () => {
    const created = await server.call('POST', '/api/v1/nodes', { metadata: { name: 'fresh-node' } });
    expect(created.body.spec.taints).toEqual([{ key: 'node.kubernetes.io/not-ready', effect: 'NoSchedule' }]);
    const preTainted = await server.call('POST', '/api/v1/nodes', {
      metadata: { name: 'tainted-node' },
      spec: { taints: [{ key: 'node.kubernetes.io/not-ready', value: 'x', effect: 'NoSchedule' }] },
    });
    expect(preTainted.body.spec.taints).toEqual([{ key: 'node.kubernetes.io/not-ready', value: 'x', effect: 'NoSchedule' }]);
  });
});

describe('managedFields of a create that admission changed', () => {
  it('leave what a mutating plugin added to no manager (the fieldmanager runs before admission)', async () => {
    const created = await server.call('POST', `${ns}/persistentvolumeclaims?fieldManager=writer`, {
      metadata: { name: 'owned-pvc' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    expect(created.body.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
    const writer = created.body.metadata.managedFields.find((m: { manager: string }) => m.manager === 'writer');
    expect(writer.fieldsV1['f:metadata']?.['f:finalizers']).toBeUndefined();
  });
});

describe('zero values Go leaves out', () => {
  it('drops the zero of an omitempty scalar that is no pointer, as decoding into the Go type and encoding again does (a Job’s status.active: 0)', async () => {
    const path = '/apis/batch/v1/namespaces/default/jobs';
    await server.call('POST', path, { metadata: { name: 'job-zero' }, spec: { template: { spec: { ...template.spec, restartPolicy: 'Never' } } } });
    const written = await server.call('PATCH', `${path}/job-zero/status`, { status: { active: 0 } }, mergePatch);
    expect(written.status).toBe(200);
    expect(written.body.status).toEqual({});
  });
});
