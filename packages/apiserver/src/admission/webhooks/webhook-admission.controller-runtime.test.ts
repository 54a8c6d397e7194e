import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KubeObject } from '@dojo/kube-api';
import { goBuild, requireToolchain } from '@dojo/toolchains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServingCertificate } from '../../pki.ts';
import { kubectlRunner, type KubectlRunner } from '../../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { createConfigurations } from '../../testing/webhook-harness.ts';
import { testWebhookCa } from '../../testing/webhook-server.ts';

/**
 * A webhook written as kubebuilder scaffolds one — a Defaulter and a Validator on
 * controller-runtime's webhook server (controller-runtime-webhook/main.go) — run as its own
 * process with a certificate the test gives it, against the embedded API server.
 */
const moduleDir = fileURLToPath(new URL('./controller-runtime-webhook/', import.meta.url));
let server: TestServer;
let kubectl: KubectlRunner;
let webhook: ChildProcess;
let certDir: string;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

async function listening(port: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) return;
    if (Date.now() > deadline || webhook.exitCode !== null) throw new Error('the controller-runtime webhook did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const go = requireToolchain('go', 'a controller-runtime admission webhook');

beforeAll(async () => {
  if (!go) return;
  const binary = await goBuild(moduleDir, 'controller-runtime-webhook', '.', { timeoutMs: 900_000 });
  const ca = testWebhookCa();
  const serving = createServingCertificate(ca, '127.0.0.1', { dnsNames: ['localhost'], ips: ['127.0.0.1'] });
  certDir = mkdtempSync(join(tmpdir(), 'cr-webhook-'));
  writeFileSync(join(certDir, 'tls.crt'), serving.certPem);
  writeFileSync(join(certDir, 'tls.key'), serving.keyPem);
  const port = await freePort();
  webhook = spawn(binary, ['--port', String(port), '--cert-dir', certDir], { stdio: ['ignore', 'ignore', 'inherit'] });
  await listening(port);
  const caBundle = Buffer.from(ca.certPem).toString('base64');
  // The configuration kubebuilder's config/webhook/manifests.yaml holds, with a url for the service.
  const hook = (name: string, path: string) => ({
    name,
    clientConfig: { url: `https://127.0.0.1:${port}${path}`, caBundle },
    rules: [{ operations: ['CREATE', 'UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    failurePolicy: 'Fail',
  });
  const mutating = [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: 'mutating-webhook-configuration' },
      webhooks: [hook('mconfigmap-v1.kb.io', '/mutate-v1-configmap')],
    },
  ] as KubeObject[];
  const validating = [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'validating-webhook-configuration' },
      webhooks: [hook('vconfigmap-v1.kb.io', '/validate-v1-configmap')],
    },
  ] as KubeObject[];
  server = await startTestServer();
  await createConfigurations(server, [...mutating, ...validating]);
  kubectl = kubectlRunner(server.kubeconfigPath);
}, 960_000);

afterAll(async () => {
  await server?.stop();
  webhook?.kill();
  if (certDir) rmSync(certDir, { recursive: true, force: true });
});

describe.skipIf(!go)('a controller-runtime (kubebuilder) webhook', () => {
  it('defaults what is created', async () => {
    const res = await server.call('POST', '/api/v1/namespaces/default/configmaps', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'kb' },
      data: { a: '1' },
    });
    expect(res.status).toBe(201);
    expect(res.body.metadata.labels).toEqual({ 'defaulted-by': 'controller-runtime' });
  });

  it('refuses what its validator rejects, as kubectl prints it', async () => {
    const direct = await server.call('POST', '/api/v1/namespaces/default/configmaps', {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'kb-direct' },
      data: { forbidden: '1' },
    });
    // controller-runtime's Denied: 403 Forbidden with the validator's error as message.
    expect(direct.status).toBe(403);
    expect(direct.body).toMatchObject({
      reason: 'Forbidden',
      message: 'admission webhook "vconfigmap-v1.kb.io" denied the request: data.forbidden is not allowed',
    });
    const res = await kubectl.run(['create', 'configmap', 'kb-no', '--from-literal=forbidden=1']);
    expect(res.code).not.toBe(0);
    expect(res.stderr.trim()).toBe(
      'error: failed to create configmap: admission webhook "vconfigmap-v1.kb.io" denied the request: data.forbidden is not allowed',
    );
  });

  it("passes its validator's warnings to the client", async () => {
    const res = await kubectl.run(['create', 'configmap', 'kb-warned', '--from-literal=deprecated=1']);
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('Warning: data.deprecated will be removed');
  });

  it('is asked again on update, and its defaults survive a patch that removes them', async () => {
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    const res = await server.call('PATCH', '/api/v1/namespaces/default/configmaps/kb', { metadata: { labels: null } }, mergePatch);
    expect(res.status).toBe(200);
    expect(res.body.metadata.labels).toEqual({ 'defaulted-by': 'controller-runtime' });
  });
});
