/**
 * On the embedded cluster, an operator that is connected (its own credential) and sends OTLP
 * traces under another name is one controller: its spans' API calls are the requests the
 * journal saw from that credential. The real OpenTelemetry JS exporter sends the spans, a real
 * client makes the requests with the connected kubeconfig.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitySnapshot, ConnectAnswer, TraceReceiverSnapshot } from '@dojo/console-protocol';
import { builtinTypes, KubeClient } from '@dojo/runtime';
import { testUpOptions } from '../testing/up-options.ts';
import { runUp, type RunningConsole } from '../up.ts';
import { otlpSender, traceReconcile } from '@dojo/telemetry-sources/testing';

let dir: string;
let up: RunningConsole;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-traced-clients-'));
  up = await runUp(testUpOptions({ dataDir: dir, otlpReceiver: true }));
}, 60_000);

afterAll(async () => {
  await up?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const call = async <T>(method: string, path: string, body?: object): Promise<T> => {
  const res = await fetch(`${up.console.url}${path.replace(/^\//, '')}`, {
    method,
    headers: { authorization: `Bearer ${up.token}`, ...(body ? { 'content-type': 'application/json', 'x-dojo-console': '1' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await res.json()) as T;
};

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a traced operator that is also a connected client', () => {
  it('is one controller: its traced service names the client whose requests its spans recorded', async () => {
    const connected = await call<ConnectAnswer>('POST', '/api/clients', { name: 'rust-op' });
    const kubeConfig = new KubeConfig();
    kubeConfig.loadFromFile(connected.kubeconfigPath);
    const client = await KubeClient.create({ kubeConfig });
    const token = readFileSync(join(dir, 'otlp-receiver-token'), 'utf8').trim();
    const sender = otlpSender({ encoding: 'protobuf', endpoint: up.traces!.endpoint, token, service: 'dojo-operator-rs' });
    const stranger = otlpSender({ encoding: 'json', endpoint: up.traces!.endpoint, token, service: 'operator-elsewhere' });
    try {
      // One reconcile: the operator reads and writes a ConfigMap, and its spans say so.
      const start = Date.now();
      const created = await client.create(builtinTypes.configMaps, { metadata: { name: 'traced-cm', namespace: 'default' }, data: { v: '1' } });
      await client.update(builtinTypes.configMaps, { ...created, data: { v: '2' } });
      const end = Date.now();
      const url = `${up.apiserver!.url.replace(/\/$/, '')}/api/v1/namespaces/default/configmaps`;
      const ref = { 'object.ref': 'ConfigMap.v1./traced-cm.default', 'object.reason': 'object updated' };
      traceReconcile(sender.tracer, { name: 'reconciling object', attributes: ref, start, end: Math.max(end, start + 10) }, [
        { method: 'POST', url, code: 201, legacy: true },
        { method: 'PUT', url: `${url}/traced-cm`, code: 200, legacy: true },
      ]);
      // Another operator's reconcile, whose calls no client of this API server made.
      traceReconcile(stranger.tracer, { name: 'reconciling object', attributes: ref, start, end: start + 10 }, [
        { method: 'GET', url: `${url}/not-here`, code: 404, legacy: true },
      ]);
      await sender.flush();
      await stranger.flush();

      const traces = await eventually(
        () => call<TraceReceiverSnapshot>('GET', '/api/traces'),
        (t) => t.controllers.length === 2 && t.controllers.some((c) => c.client !== undefined),
      );
      expect(traces.controllers).toEqual([
        expect.objectContaining({ controller: 'dojo-operator-rs/configmap', service: 'dojo-operator-rs', client: 'rust-op', apiCalls: 2 }),
        expect.not.objectContaining({ client: expect.anything() }),
      ]);
      expect(traces.controllers[1]!.service).toBe('operator-elsewhere');
      // The client the card joins is the one the activity shows, by the same name.
      const activity = await call<ActivitySnapshot>('GET', '/api/activity');
      expect(activity.clients.map((c) => c.name)).toContain('rust-op');
    } finally {
      client.close();
      await sender.close();
      await stranger.close();
    }
  }, 60_000);
});
