/**
 * The setting of the admission webhook tests: one API server per test file, webhook
 * configurations each test creates through the API as a user would (and that are deleted after
 * it), real HTTPS webhooks started per test and closed after it, and the admission records emitted.
 */
import type { KubeObject } from '@dojo/kube-api';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AdmissionRecord } from '@dojo/console-protocol';
import { startTestServer, type TestServer } from './test-server.ts';
import { startWebhookServer, type TestWebhookServer, type WebhookHandler } from './webhook-server.ts';

export interface WebhookHarness {
  readonly server: TestServer;
  /** Replaces this test's configurations of the kind with `configurations`, created through the API. */
  configure(kind: 'validating' | 'mutating', configurations: KubeObject[]): Promise<void>;
  /** Every admission record of the current test. */
  records: AdmissionRecord[];
  /** `dojo-console webhook map NS/SVC URL`, as the server is given it. */
  serviceUrls: Map<string, string>;
  /** A webhook answering with `handler`, closed after the test. */
  webhook(handler: WebhookHandler): Promise<TestWebhookServer>;
  /** Creates a ConfigMap in `namespace` (namespaces `plain` and `hooked`, labelled webhooks=on, exist). */
  createIn(namespace: string, body: KubeObject, query?: string): ReturnType<TestServer['call']>;
}

const configurationsPath = {
  validating: '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations',
  mutating: '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
};

/** Creates webhook configurations through the API, as `kubectl apply` would; throws with the answer on a refusal. */
export async function createConfigurations(server: TestServer, configurations: readonly KubeObject[]): Promise<void> {
  for (const obj of configurations) {
    const kind = obj.kind === 'MutatingWebhookConfiguration' ? 'mutating' : 'validating';
    const res = await server.call('POST', configurationsPath[kind], obj);
    if (res.status !== 201) throw new Error(`creating ${obj.kind} ${obj.metadata.name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}

export const configMapRules = [{ operations: ['CREATE', 'UPDATE', 'DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }];

/** One webhook of a configuration, for ConfigMaps unless `more` says otherwise, at `/<name>` on `target`. */
export function hook(name: string, target: TestWebhookServer, more: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    clientConfig: { url: `${target.url}/${name}`, caBundle: target.caBundle },
    rules: configMapRules,
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    timeoutSeconds: 5,
    ...more,
  };
}

export function configuration(kind: 'Validating' | 'Mutating', name: string, webhooks: Record<string, unknown>[]): KubeObject {
  return { apiVersion: 'admissionregistration.k8s.io/v1', kind: `${kind}WebhookConfiguration`, metadata: { name }, webhooks } as KubeObject;
}

export function configMap(name: string, data: Record<string, string> = { a: '1' }, labels?: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(labels ? { labels } : {}) }, data };
}

/** Polls `condition` with a generous deadline (the machine may be loaded). */
export async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Registers the file's beforeAll/afterEach/afterAll and returns the harness. */
export function useWebhookHarness(): WebhookHarness {
  let server: TestServer | undefined;
  const started: TestWebhookServer[] = [];
  const created: Record<'validating' | 'mutating', string[]> = { validating: [], mutating: [] };
  const removeConfigurations = async (kind: 'validating' | 'mutating'): Promise<void> => {
    for (const name of created[kind].splice(0)) await harness.server.call('DELETE', `${configurationsPath[kind]}/${name}`);
  };
  const harness: WebhookHarness = {
    get server() {
      if (!server) throw new Error('the test server starts in beforeAll');
      return server;
    },
    async configure(kind, configurations) {
      await removeConfigurations(kind);
      await createConfigurations(harness.server, configurations);
      created[kind].push(...configurations.map((obj) => obj.metadata.name!));
    },
    records: [],
    serviceUrls: new Map(),
    async webhook(handler) {
      const webhook = await startWebhookServer(handler);
      started.push(webhook);
      return webhook;
    },
    createIn: (namespace, body, query = '') => harness.server.call('POST', `/api/v1/namespaces/${namespace}/configmaps${query}`, body),
  };
  beforeAll(async () => {
    server = await startTestServer({
      webhooks: {
        serviceUrls: harness.serviceUrls,
        onRecord: (record) => harness.records.push(record),
      },
    });
    await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'hooked', labels: { webhooks: 'on' } } });
    await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'plain' } });
  });
  afterEach(async () => {
    await removeConfigurations('validating');
    await removeConfigurations('mutating');
    harness.records.length = 0;
    await Promise.all(started.splice(0).map((w) => w.close()));
  });
  afterAll(async () => {
    await server?.stop();
  });
  return harness;
}
