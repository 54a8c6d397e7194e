/**
 * The setting of the admission webhook tests: one API server per test file whose webhook
 * configurations each test sets in memory (the store-backed source is the server's wiring),
 * real HTTPS webhooks started per test and closed after it, and the admission records emitted.
 */
import type { KubeObject } from '@dojo/kube-api';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { AdmissionRecord } from '../admission/admission-record.ts';
import { startTestServer, type TestServer } from './test-server.ts';
import { startWebhookServer, type TestWebhookServer, type WebhookHandler } from './webhook-server.ts';

export interface WebhookHarness {
  readonly server: TestServer;
  /** What the server's configuration source answers; reset after each test. */
  configured: { validating: KubeObject[]; mutating: KubeObject[] };
  /** Every admission record of the current test. */
  records: AdmissionRecord[];
  /** `dojo-console webhook map NS/SVC URL`, as the server is given it. */
  serviceUrls: Map<string, string>;
  /** A webhook answering with `handler`, closed after the test. */
  webhook(handler: WebhookHandler): Promise<TestWebhookServer>;
  /** Creates a ConfigMap in `namespace` (namespaces `plain` and `hooked`, labelled webhooks=on, exist). */
  createIn(namespace: string, body: KubeObject, query?: string): ReturnType<TestServer['call']>;
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
  const harness: WebhookHarness = {
    get server() {
      if (!server) throw new Error('the test server starts in beforeAll');
      return server;
    },
    configured: { validating: [], mutating: [] },
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
        configurations: { validating: () => harness.configured.validating, mutating: () => harness.configured.mutating },
        serviceUrls: harness.serviceUrls,
        onRecord: (record) => harness.records.push(record),
      },
    });
    await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'hooked', labels: { webhooks: 'on' } } });
    await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'plain' } });
  });
  afterEach(async () => {
    harness.configured.validating = [];
    harness.configured.mutating = [];
    harness.records.length = 0;
    await Promise.all(started.splice(0).map((w) => w.close()));
  });
  afterAll(async () => {
    await server?.stop();
  });
  return harness;
}
