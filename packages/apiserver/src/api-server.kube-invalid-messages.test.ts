/**
 * 422 answers worded as kube-apiserver 1.37 words them, over real HTTPS: each check on its own,
 * whole internal Go structs shown with their Go field names, declarative validation's errors
 * after the handwritten ones, and the internal type's kind in events.k8s.io Events' errors.
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

const messageOf = async (path: string, body: unknown): Promise<string> => {
  const answer = await server.call('POST', path, body);
  expect(answer.status).toBe(422);
  return answer.body.message;
};

describe('422 messages', () => {
  it('PersistentVolume: a missing capacity is both required and not the supported "storage"', async () => {
    expect(
      await messageOf('/api/v1/persistentvolumes', { metadata: { name: 'pv-bad' }, spec: { accessModes: ['ReadWriteOnce'], hostPath: { path: '/x' } } }),
    ).toBe('PersistentVolume "pv-bad" is invalid: [spec.capacity: Required value, spec.capacity: Unsupported value: null: supported values: "storage"]');
  });

  it('PodDisruptionBudget: the spec shown is the internal Go struct, with Go field names and unset pointers as null', async () => {
    const spec = {
      minAvailable: '50%',
      maxUnavailable: 1,
      selector: { matchExpressions: [{ operator: 'In', key: 'tier', values: ['backend'] }], matchLabels: { app: 'a' } },
    };
    expect(await messageOf('/apis/policy/v1/namespaces/default/poddisruptionbudgets', { metadata: { name: 'pdb-bad' }, spec })).toBe(
      'PodDisruptionBudget.policy "pdb-bad" is invalid: spec: Invalid value: {"MinAvailable":"50%","Selector":{"matchLabels":{"app":"a"},"matchExpressions":[{"key":"tier","operator":"In","values":["backend"]}]},"MaxUnavailable":1,"UnhealthyPodEvictionPolicy":null}: minAvailable and maxUnavailable cannot be both set',
    );
  });

  it('HorizontalPodAutoscaler: maxReplicas 0 is declarative validation’s bare Required value, after the handwritten errors', async () => {
    const hpa = {
      metadata: { name: 'hpa-bad' },
      spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'd' }, minReplicas: 2, maxReplicas: 0 },
    };
    expect(await messageOf('/apis/autoscaling/v2/namespaces/default/horizontalpodautoscalers', hpa)).toBe(
      'HorizontalPodAutoscaler.autoscaling "hpa-bad" is invalid: [spec.maxReplicas: Invalid value: 0: must be greater than or equal to `minReplicas`, spec.maxReplicas: Required value]',
    );
  });

  it('Role: a rule without verbs is declarative validation’s bare Required value', async () => {
    expect(
      await messageOf('/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles', {
        metadata: { name: 'role-bad' },
        rules: [{ apiGroups: [''], resources: ['pods'], verbs: [] }],
      }),
    ).toBe('Role.rbac.authorization.k8s.io "role-bad" is invalid: rules[0].verbs: Required value');
  });

  it('events.k8s.io Event: named as the core Event kube validates, with both label-key messages for an empty controller', async () => {
    const event = {
      metadata: { name: 'ev-bad' },
      eventTime: '2026-01-02T03:04:05.000000Z',
      reportingController: '',
      reportingInstance: 'i',
      action: 'Do',
      reason: 'Done',
      type: 'Normal',
      regarding: { kind: 'Pod', name: 'p', namespace: 'default' },
    };
    const answer = await server.call('POST', '/apis/events.k8s.io/v1/namespaces/default/events', event);
    expect(answer.status).toBe(422);
    expect(answer.body.details).toMatchObject({ kind: 'Event', name: 'ev-bad' });
    expect(answer.body.details.group).toBeUndefined();
    expect(answer.body.message).toMatch(/^Event "ev-bad" is invalid: \[/);
    expect(answer.body.details.causes.map((c: { message: string }) => c.message)).toEqual([
      'Required value',
      'Invalid value: "": name part must be non-empty',
      "Invalid value: \"\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
    ]);
  });
});

describe('null elements of a list', () => {
  it('of strings are decoded as "" as Go decodes them, so an Ingress TLS host of null is an invalid empty host, not a server error', async () => {
    const ingress = {
      metadata: { name: 'tls-null' },
      spec: { tls: [{ hosts: [null], secretName: 's' }], defaultBackend: { service: { name: 'web', port: { number: 80 } } } },
    };
    const answer = await server.call('POST', '/apis/networking.k8s.io/v1/namespaces/default/ingresses', ingress);
    expect(answer.status).toBe(422);
    expect(answer.body.details.causes[0]).toMatchObject({ field: 'spec.tls[0].hosts[0]' });
  });

  it('of objects are decoded as empty objects: an owner reference of null is an invalid empty one, not a server error', async () => {
    const pod = { metadata: { name: 'owner-null', ownerReferences: [null] }, spec: { containers: [{ name: 'c', image: 'busybox' }] } };
    const answer = await server.call('POST', '/api/v1/namespaces/default/pods', pod);
    expect(answer.status).toBe(422);
    expect(answer.body.details.causes.map((c: { field: string }) => c.field)).toContain('metadata.ownerReferences[0].apiVersion');
  });
});
