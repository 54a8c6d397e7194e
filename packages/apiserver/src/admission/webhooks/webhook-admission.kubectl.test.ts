import type { KubeObject } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, type KubectlRunner } from '../../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createConfigurations } from '../../testing/webhook-harness.ts';
import { allow, deny, patch, startWebhookServer, type TestWebhookServer } from '../../testing/webhook-server.ts';

/** kubectl, the client developers use, against webhooks: what it prints is what they will read. */
let server: TestServer;
let kubectl: KubectlRunner;
let target: TestWebhookServer;
const mutating: KubeObject[] = [];
const validating: KubeObject[] = [];

beforeAll(async () => {
  target = await startWebhookServer((r) => {
    const obj = r.review.request.object;
    if (r.path.startsWith('/validate') && obj?.data?.forbidden !== undefined) return deny(r, { message: 'data.forbidden is not allowed' });
    if (r.path.startsWith('/mutate'))
      return patch(r, [{ op: 'add', path: '/metadata/labels', value: { team: 'defaulted' } }], { warnings: ['labels were defaulted'] });
    return allow(r);
  });
  const hook = (name: string, path: string) => ({
    name,
    clientConfig: { url: `${target.url}${path}`, caBundle: target.caBundle },
    rules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
  });
  const configuration = (kind: string, name: string, webhooks: unknown[]) =>
    ({ apiVersion: 'admissionregistration.k8s.io/v1', kind, metadata: { name }, webhooks }) as KubeObject;
  mutating.push(configuration('MutatingWebhookConfiguration', 'defaults', [hook('defaults.example.com', '/mutate')]));
  validating.push(configuration('ValidatingWebhookConfiguration', 'rules', [hook('rules.example.com', '/validate')]));
  server = await startTestServer();
  await createConfigurations(server, [...mutating, ...validating]);
  kubectl = kubectlRunner(server.kubeconfigPath);
});

afterAll(async () => {
  await server.stop();
  await target.close();
});

describe('kubectl against admission webhooks', () => {
  it("prints the webhook's denial, after the warnings the request earned", async () => {
    const res = await kubectl.run(['create', 'configmap', 'refused', '--from-literal=forbidden=1']);
    expect(res.code).not.toBe(0);
    // The mutating webhook's warning comes first: kube sends warnings with a refusal too.
    expect(res.stderr.trim().split('\n')).toEqual([
      'Warning: labels were defaulted',
      'error: failed to create configmap: admission webhook "rules.example.com" denied the request: data.forbidden is not allowed',
    ]);
  });

  it('applies an object the mutating webhook labels, printing its warning', async () => {
    const manifest = JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'applied', namespace: 'default' }, data: { a: '1' } });
    const applied = await kubectl.run(['apply', '--server-side', '-f', '-'], manifest);
    expect(applied.code).toBe(0);
    expect(applied.stderr).toContain('Warning: labels were defaulted');
    const labels = await kubectl.run(['get', 'configmap', 'applied', '-o', 'jsonpath={.metadata.labels.team}']);
    expect(labels.stdout).toBe('defaulted');
  });
});
