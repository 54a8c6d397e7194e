/**
 * The convergence benchmarks' measured phase: Dojos created at once over HTTPS, and a watch of
 * every Dojo until each reports Available=True (the rule `kubectl wait --for=condition=Available`
 * applies), with the moments 10%, 50%, 90% and 100% of them were.
 */
import type { ApiClient } from './api-client.ts';
import { forEachBounded } from './bounded-concurrency.ts';
import { dojoManifest, dojosPath, isAvailable, type WatchedDojo } from './dojo-manifest.ts';
import { round } from './percentiles.ts';

export interface Convergence {
  createSeconds: number;
  /** Until the last Dojo was Available, or until the timeout. */
  totalSeconds: number;
  available: number;
  converged: boolean;
  /** Seconds from the first create until 10%, 50%, 90% and 100% of the Dojos were Available. */
  milestones: Record<string, number>;
}

export const milestoneShares = [0.1, 0.5, 0.9, 1] as const;

/** `10%`, `50%`, ...: the keys of `Convergence.milestones`. */
export const milestoneLabel = (share: number): string => `${share * 100}%`;

/**
 * Creates `count` Dojos named `d-<i>` round-robin over `namespaces` from `concurrency` clients
 * and waits until all are Available, or `timeoutMs` after the first create.
 */
export async function createAndAwait(
  client: ApiClient,
  namespaces: readonly string[],
  count: number,
  { concurrency, timeoutMs }: { concurrency: number; timeoutMs: number },
): Promise<Convergence> {
  const marks = milestoneShares.map((share) => ({ label: milestoneLabel(share), at: Math.ceil(share * count) }));
  const milestones: Record<string, number> = {};
  const available = new Set<string>();
  let started = performance.now();
  let allAvailable!: () => void;
  const done = new Promise<void>((resolve) => (allAvailable = resolve));
  const watch = await client.watch<WatchedDojo>('/apis/core.jutsu.com/v1/dojos?watch=1', (event) => {
    if (event.type === 'BOOKMARK' || event.type === 'ERROR' || !isAvailable(event.object)) return;
    const key = `${event.object.metadata.namespace}/${event.object.metadata.name}`;
    if (!namespaces.includes(event.object.metadata.namespace) || available.has(key)) return;
    available.add(key);
    for (const mark of marks) if (available.size === mark.at) milestones[mark.label] = round((performance.now() - started) / 1000, 2);
    if (available.size === count) allAvailable();
  });
  started = performance.now();
  let failed = 0;
  await forEachBounded(count, concurrency, async (i) => {
    const namespace = namespaces[i % namespaces.length]!;
    const res = await client.send('POST', dojosPath(namespace), dojoManifest(namespace, `d-${i}`));
    if (res.status !== 201) failed++;
  });
  if (failed) throw new Error(`${failed} creates failed`);
  const createSeconds = (performance.now() - started) / 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const converged = await Promise.race([done.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))]);
  clearTimeout(timer);
  watch.close();
  return { createSeconds, totalSeconds: (performance.now() - started) / 1000, available: available.size, converged, milestones };
}
