/**
 * The reference a convergence reads against: how many writes per second the API server under
 * test commits, and how many writes a phase made. Convergence cannot beat "the writes it needs
 * ÷ the write rate", so that quotient is its ideal time, measured in the same process and run.
 *
 * - Writes made: the store's revision moves by one per committed write (create, update,
 *   patch, delete, Events included), so the difference of two LIST resourceVersions counts
 *   every write of a phase, whoever made it.
 * - Write rate: small ConfigMap creates from `concurrency` HTTPS clients, just before and just
 *   after the measured phase (the controllers idle both times; two samples, because a shared
 *   machine's load moves). Every informer that watches ConfigMaps still hears them, as it hears
 *   every write of the convergence: that is part of a write's cost here.
 */
import type { ApiClient } from './api-client.ts';
import { forEachBounded } from './bounded-concurrency.ts';

/** The API server's current revision: a LIST's resourceVersion. */
export async function currentRevision(client: ApiClient): Promise<number> {
  const res = await client.send('GET', '/api/v1/namespaces?limit=1');
  if (res.status !== 200) throw new Error(`LIST namespaces: HTTP ${res.status}`);
  return Number((JSON.parse(res.body) as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
}

export interface WriteRate {
  writes: number;
  seconds: number;
  perSecond: number;
}

/** Creates `count` ConfigMaps named `<prefix>-<i>` in a namespace of their own; every one must succeed. */
export async function measureWriteRate(client: ApiClient, count: number, concurrency: number, prefix: string): Promise<WriteRate> {
  const namespace = 'write-rate';
  // 409 when an earlier sample made it already.
  await client.send('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  let failed = 0;
  const started = performance.now();
  await forEachBounded(count, concurrency, async (i) => {
    const res = await client.send('POST', `/api/v1/namespaces/${namespace}/configmaps`, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: `${prefix}-${i}` },
      data: { i: String(i) },
    });
    if (res.status !== 201) failed++;
  });
  const seconds = (performance.now() - started) / 1000;
  if (failed) throw new Error(`${failed} of ${count} write-rate creates failed`);
  return { writes: count, seconds, perSecond: count / seconds };
}
