import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KubeObject } from '@dojo/kube-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServingCertificate } from '../../pki.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createConfigurations } from '../../testing/webhook-harness.ts';
import { testWebhookCa } from '../../testing/webhook-server.ts';

/** A webhook we did not write the HTTP and TLS of: Python's standard library, as its own process. */
let server: TestServer;
let webhook: ChildProcess;
let certDir: string;

async function startPythonWebhook(): Promise<{ url: string; caBundle: string }> {
  const ca = testWebhookCa();
  const serving = createServingCertificate(ca, '127.0.0.1', { dnsNames: ['localhost'], ips: ['127.0.0.1'] });
  certDir = mkdtempSync(join(tmpdir(), 'python-webhook-'));
  writeFileSync(join(certDir, 'tls.crt'), serving.certPem);
  writeFileSync(join(certDir, 'tls.key'), serving.keyPem);
  webhook = spawn('python3', [join(import.meta.dirname, 'fixtures', 'python-webhook.py'), join(certDir, 'tls.crt'), join(certDir, 'tls.key')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    webhook.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()));
    webhook.once('exit', (code) => reject(new Error(`python webhook exited with ${code}`)));
  });
  return { url: `https://127.0.0.1:${port}`, caBundle: Buffer.from(ca.certPem).toString('base64') };
}

beforeAll(async () => {
  const { url, caBundle } = await startPythonWebhook();
  const hook = (name: string, path: string) => ({
    name,
    clientConfig: { url: `${url}${path}`, caBundle },
    rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
    sideEffects: 'None',
    admissionReviewVersions: ['v1', 'v1beta1'],
  });
  const configuration = (kind: string, name: string, webhooks: unknown[]) =>
    [{ apiVersion: 'admissionregistration.k8s.io/v1', kind, metadata: { name }, webhooks } as KubeObject] as const;
  const mutating = configuration('MutatingWebhookConfiguration', 'python', [hook('mutate.python.example.com', '/mutate')]);
  const validating = configuration('ValidatingWebhookConfiguration', 'python', [hook('validate.python.example.com', '/validate')]);
  server = await startTestServer();
  await createConfigurations(server, [...mutating, ...validating]);
});

afterAll(async () => {
  await server.stop();
  webhook.kill();
  rmSync(certDir, { recursive: true, force: true });
});

describe('a webhook written in Python', () => {
  it('labels what it admits', async () => {
    const res = await server.call('POST', '/api/v1/namespaces/default/configmaps', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'py', labels: { a: 'b' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.metadata.labels).toEqual({ a: 'b', owner: 'python' });
  });

  it('denies with its own code and message', async () => {
    const res = await server.call('POST', '/api/v1/namespaces/default/configmaps', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'py-no' },
      data: { forbidden: 'x' },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('admission webhook "validate.python.example.com" denied the request: python says no');
  });
});
