/**
 * `dojo-console webhook map|unmap` as a person runs it (the bin, in its own process) against a
 * whole console (`runUp`, its API server on its own thread): a validating webhook configuration
 * names the Service `system/webhook-service` as kubebuilder's scaffold does, and a real HTTPS
 * webhook on this machine answers once the service is mapped to it, from the next write on,
 * after a restart too, until it is unmapped.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as k8s from '@kubernetes/client-node';
import { deny, startWebhookServer, type TestWebhookServer } from '@dojo/apiserver/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBin, type BinResult } from '../testing/run-bin.ts';
import { testUpOptions } from '../testing/up-options.ts';
import { runUp, type RunningConsole } from '../up.ts';
import { parseWebhookCommand, runWebhookCommand, WebhookUsageError } from './webhook-command.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-console-webhook-cli-'));
let running: RunningConsole | undefined;
let webhook: TestWebhookServer;

/** The bin, in its own process. */
const cli = (...args: string[]): Promise<BinResult> => runBin('webhook', [...args, '--data-dir', dataDir]);

/** The command in this process (parse, then HTTP to the console), as the bin runs it: faster than a process per call. */
async function webhookCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const parsed = parseWebhookCommand([...args, '--data-dir', dataDir]);
  if (parsed === 'help') throw new Error('unexpected help');
  let stdout = '';
  let stderr = '';
  const code = await runWebhookCommand(parsed, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

function core(console: RunningConsole): k8s.CoreV1Api {
  const config = new k8s.KubeConfig();
  config.loadFromFile(console.kubeconfigPath);
  return config.makeApiClient(k8s.CoreV1Api);
}

/** Creates a ConfigMap; answers its name, or the API server's refusal as client-node reports it (code and message). */
async function createConfigMap(name: string): Promise<string> {
  try {
    await core(running!).createNamespacedConfigMap({ namespace: 'default', body: { metadata: { name }, data: { v: name } } });
    return 'created';
  } catch (err) {
    const e = err as { code?: number; body?: string };
    return `${e.code} ${(JSON.parse(e.body ?? '{}') as { message?: string }).message}`;
  }
}

beforeAll(async () => {
  // Refuses ConfigMaps named "refused-…", so the test sees that this webhook, at this path, was called.
  webhook = await startWebhookServer((received) =>
    received.review.request.name?.startsWith('refused')
      ? deny(received, { code: 403, message: `refused by ${received.path.split('?')[0]}` })
      : { response: { uid: received.review.request.uid, allowed: true } },
  );
  running = await runUp(testUpOptions({ dataDir }));
  const admission = new k8s.KubeConfig();
  admission.loadFromFile(running.kubeconfigPath);
  await admission.makeApiClient(k8s.AdmissionregistrationV1Api).createValidatingWebhookConfiguration({
    body: {
      metadata: { name: 'configmap-validator' },
      webhooks: [
        {
          name: 'vconfigmap.example.com',
          // As kubebuilder's config/webhook/manifests.yaml names it: the Service, a path, no port (443).
          clientConfig: { service: { namespace: 'system', name: 'webhook-service', path: '/validate-v1-configmap' }, caBundle: webhook.caBundle },
          rules: [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }],
          namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'default' } },
          sideEffects: 'None',
          admissionReviewVersions: ['v1'],
          timeoutSeconds: 5,
        },
      ],
    },
  });
}, 90_000);

afterAll(async () => {
  await running?.stop();
  await webhook?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('dojo-console webhook against a running console', () => {
  it('lists an empty map with how to fill it, and an unmapped service fails the call saying how to map it', async () => {
    expect(await webhookCommand('map')).toEqual({
      code: 0,
      stdout: 'No service is mapped: dojo-console webhook map NAMESPACE/SERVICE https://127.0.0.1:PORT\n',
      stderr: '',
    });
    expect(await createConfigMap('refused-before-map')).toBe(
      '500 Internal error occurred: failed calling webhook "vconfigmap.example.com": failed to call webhook: service "system/webhook-service" has no address on this machine (map it: dojo-console webhook map system/webhook-service https://127.0.0.1:PORT)',
    );
  });

  it("maps the service to the webhook: the next write calls it at the configuration's path", async () => {
    const mapped = await cli('map', 'system/webhook-service', webhook.url);
    expect(mapped).toMatchObject({ code: 0, stderr: '' });
    expect(mapped.stdout).toBe(
      `Mapped system/webhook-service: webhooks that name it are called at ${webhook.url} + their service.path, from the next call.\n` +
        `SERVICE                  URL\nsystem/webhook-service   ${webhook.url}\n`,
    );
    expect(await createConfigMap('refused-after-map')).toBe(
      '403 admission webhook "vconfigmap.example.com" denied the request: refused by /validate-v1-configmap',
    );
    expect(await createConfigMap('allowed')).toBe('created');
    expect(webhook.received.map((r) => r.path)).toEqual(['/validate-v1-configmap?timeout=5s', '/validate-v1-configmap?timeout=5s']);
  }, 120_000);

  it('keeps the map in the data dir: a console restarted there calls the webhook without mapping again', async () => {
    await running!.stop();
    running = undefined;
    expect(JSON.parse(readFileSync(join(dataDir, 'webhook-services.json'), 'utf8'))).toEqual({
      mappings: [{ service: 'system/webhook-service', url: webhook.url }],
    });
    running = await runUp(testUpOptions({ dataDir }));
    expect((await webhookCommand('map')).stdout).toBe(`SERVICE                  URL\nsystem/webhook-service   ${webhook.url}\n`);
    expect(await createConfigMap('refused-after-restart')).toMatch(/^403 admission webhook "vconfigmap.example.com" denied the request/);
  }, 90_000);

  it('unmaps it: the call fails again as before the map', async () => {
    const unmapped = await cli('unmap', 'system/webhook-service');
    expect(unmapped).toMatchObject({ code: 0, stderr: '' });
    expect(unmapped.stdout).toMatch(/^Unmapped system\/webhook-service: .*\nNo service is mapped/);
    expect(await createConfigMap('refused-after-unmap')).toMatch(/^500 .*service "system\/webhook-service" has no address on this machine/);
    expect(await cli('unmap', 'system/webhook-service')).toMatchObject({
      code: 1,
      stderr: 'dojo-console webhook: 404 service "system/webhook-service" is not mapped\n',
    });
  }, 120_000);

  it('refuses a bad service or URL with exit status 2 and its usage, before asking the console', async () => {
    const http = await cli('map', 'system/webhook-service', 'http://127.0.0.1:9443');
    expect(http.code).toBe(2);
    expect(http.stderr).toMatch(
      /^dojo-console webhook: URL "http:\/\/127.0.0.1:9443": 'https' is the only allowed URL scheme\n\nUsage: dojo-console webhook map/,
    );
    // The same parser in this process: each refusal is a WebhookUsageError, which the bin turns into exit 2.
    expect(() => parseWebhookCommand(['unmap', 'webhook-service'])).toThrow(
      new WebhookUsageError('service "webhook-service" is not NAMESPACE/SERVICE or NAMESPACE/SERVICE:PORT'),
    );
    expect(() => parseWebhookCommand(['map', 'system/webhook-service'])).toThrow(/needs the URL the service answers at/);
    expect(() => parseWebhookCommand(['map', 'system/webhook-service', 'https://127.0.0.1:9443/validate'])).toThrow(/scheme:\/\/host:port only/);
    expect(() => parseWebhookCommand(['forget', 'system/webhook-service'])).toThrow('unknown subcommand "forget" (one of: map, unmap)');
  }, 120_000);

  it('says a console on another cluster has no map: that cluster reaches its Services itself', async () => {
    const connectedDir = mkdtempSync(join(tmpdir(), 'dojo-console-webhook-connected-'));
    const connected = await runUp(testUpOptions({ dataDir: connectedDir, kubeconfig: running!.kubeconfigPath }));
    try {
      const parsed = parseWebhookCommand(['map', '--data-dir', connectedDir]);
      let stderr = '';
      const code = parsed === 'help' ? -1 : await runWebhookCommand(parsed, { stdout: () => {}, stderr: (t) => (stderr += t) });
      expect({ code, stderr }).toEqual({
        code: 1,
        stderr:
          "dojo-console webhook: 404 the webhook service map is the embedded cluster's: this console has none (a real cluster reaches its Services itself)\n",
      });
    } finally {
      await connected.stop();
      rmSync(connectedDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('says so when no console of the data dir runs', async () => {
    const elsewhere = mkdtempSync(join(tmpdir(), 'dojo-console-webhook-none-'));
    const parsed = parseWebhookCommand(['map', '--data-dir', elsewhere]);
    let stderr = '';
    const code = parsed === 'help' ? -1 : await runWebhookCommand(parsed, { stdout: () => {}, stderr: (t) => (stderr += t) });
    rmSync(elsewhere, { recursive: true, force: true });
    expect(code).toBe(1);
    expect(stderr).toMatch(/^dojo-console webhook: no console of .* is running/);
  });
});
