/**
 * The benchmark's watch over the wire, against the bare embedded API server in a process of its
 * own: the server ends each watch after `timeoutSeconds` (as kube-apiserver ends one at its
 * timeout, or when it finds the watcher slow), and objects made after that are still seen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClientFromKubeconfig, type ApiClient } from './api-client.ts';
import { kubeTargets, type KubeTarget } from './kube-targets.ts';
import { resumedWatch } from './resumed-watch.ts';

let target: KubeTarget;
let client: ApiClient;

beforeAll(async () => {
  target = await kubeTargets.embedded({});
  client = apiClientFromKubeconfig(target.kubeconfigPath);
  await client.send('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'resumed' } });
}, 120_000);

afterAll(async () => {
  client?.close();
  await target?.stop();
});

async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a benchmark watch the server ends', () => {
  it('watches again from where it was and misses nothing made after the end', async () => {
    const collection = '/api/v1/namespaces/resumed/configmaps';
    const configMap = (name: string) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });
    await client.send('POST', collection, configMap('before'));
    const seen = new Set<string>();
    const watch = await resumedWatch<{ metadata: { name: string; resourceVersion?: string } }>(client, `${collection}?timeoutSeconds=1`, (event) =>
      seen.add(`${event.type} ${event.object.metadata.name}`),
    );
    try {
      await client.send('POST', collection, configMap('during'));
      // The server ends the first watch after a second; the next one starts from its last version.
      await until(() => watch.history.restarts >= 1);
      await client.send('POST', collection, configMap('after'));
      await until(() => seen.has('ADDED after'));
      expect([...seen].sort()).toEqual(['ADDED after', 'ADDED before', 'ADDED during']);
      expect(watch.history).toMatchObject({ lists: 1, events: 3 });
      expect(watch.history.log.join('\n')).toContain('ended: the server ended the stream');
    } finally {
      watch.close();
    }
  });
});
