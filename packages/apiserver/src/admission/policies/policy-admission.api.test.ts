/**
 * Admission policies as a user meets them: created through the API, then enforced on the
 * writes that follow, by the real HTTPS server. The policies are the Kubernetes
 * documentation's examples, written as our own objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { policyAndBinding } from './policy-test-fixtures.ts';

let server: TestServer;

function deployment(name: string, replicas: number): Record<string, unknown> {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'nginx' }] } },
    },
  };
}

async function create(path: string, body: unknown): Promise<void> {
  const res = await server.call('POST', path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
}

async function createPolicy(...args: Parameters<typeof policyAndBinding>): Promise<void> {
  for (const { path, body } of policyAndBinding(...args)) await create(path, body);
}

beforeAll(async () => {
  server = await startTestServer();
  await create('/api/v1/namespaces', { metadata: { name: 'policed', labels: { environment: 'test' } } });
  await create('/api/v1/namespaces', { metadata: { name: 'free' } });
});

afterAll(async () => {
  await server.stop();
});

describe('a ValidatingAdmissionPolicy created through the API', () => {
  beforeAll(async () => {
    await createPolicy(
      'Validating',
      {
        name: 'demo-policy.example.com',
        spec: {
          failurePolicy: 'Fail',
          matchConstraints: { resourceRules: [{ apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE', 'UPDATE'], resources: ['deployments'] }] },
          validations: [{ expression: 'object.spec.replicas <= 5' }],
        },
      },
      {
        name: 'demo-binding-test.example.com',
        spec: { validationActions: ['Deny'], matchResources: { namespaceSelector: { matchLabels: { environment: 'test' } } } },
      },
    );
  });

  it("refuses a write it denies with kube's message, and lets through what it allows or does not match", async () => {
    const refused = await server.call('POST', '/apis/apps/v1/namespaces/policed/deployments', deployment('big', 7));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      reason: 'Invalid',
      message:
        "deployments.apps \"big\" is forbidden: ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5",
    });
    expect((await server.call('GET', '/apis/apps/v1/namespaces/policed/deployments/big')).status).toBe(404);
    expect((await server.call('POST', '/apis/apps/v1/namespaces/policed/deployments', deployment('small', 2))).status).toBe(201);
    // The binding selects namespaces labelled environment=test only.
    expect((await server.call('POST', '/apis/apps/v1/namespaces/free/deployments', deployment('big', 7))).status).toBe(201);
  });

  it('judges an update too, on the object as it would be stored', async () => {
    const scaled = await server.call(
      'PATCH',
      '/apis/apps/v1/namespaces/policed/deployments/small',
      { spec: { replicas: 9 } },
      { 'content-type': 'application/merge-patch+json' },
    );
    expect(scaled.status).toBe(422);
    const stored = await server.call('GET', '/apis/apps/v1/namespaces/policed/deployments/small');
    expect((stored.body as { spec: { replicas: number } }).spec.replicas).toBe(2);
  });
});

describe('a MutatingAdmissionPolicy created through the API', () => {
  beforeAll(async () => {
    await createPolicy(
      'Mutating',
      {
        name: 'team-label.example.com',
        spec: {
          failurePolicy: 'Fail',
          reinvocationPolicy: 'Never',
          matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] },
          mutations: [
            {
              patchType: 'ApplyConfiguration',
              applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"team": "platform"}}}' },
            },
          ],
        },
      },
      { name: 'team-label-binding', spec: { matchResources: { namespaceSelector: { matchLabels: { environment: 'test' } } } } },
    );
  });

  it('changes the object before it is validated and stored, in the namespaces it binds', async () => {
    const created = await server.call('POST', '/api/v1/namespaces/policed/configmaps', { metadata: { name: 'labelled' }, data: { a: '1' } });
    expect(created.status).toBe(201);
    expect((created.body as { metadata: { labels?: Record<string, string> } }).metadata.labels).toEqual({ team: 'platform' });
    const untouched = await server.call('POST', '/api/v1/namespaces/free/configmaps', { metadata: { name: 'plain' }, data: { a: '1' } });
    expect((untouched.body as { metadata: { labels?: Record<string, string> } }).metadata.labels).toBeUndefined();
  });
});
