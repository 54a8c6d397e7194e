/**
 * The readiness hints of every Dojo at 10,000 Dojos, in this process, over real informers
 * holding a converged cluster (support/hints-cluster.ts): milliseconds per call and the
 * event-loop delay while the calls run (the hints hold the loop for as long as they compute),
 * beside the definition (`readinessHints`, every source asked about every object) measured in
 * the same run. Three moments: the first call (nothing kept), calls with nothing changed, and
 * calls after 1% of the Dojos changed; each with the Dojo controller's queue empty and with
 * every Dojo queued.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ControllerState } from '@dojo/console-protocol';
import { controllerDirectory, informerGraph, readinessHints, ReadinessHintsCache } from '@dojo/explain';
import { queueState } from '@dojo/explain/testing';
import { hintsCluster } from './hints-cluster.ts';
import { distribution, round, type Distribution } from './percentiles.ts';

const dojoKind = { group: 'core.jutsu.com', kind: 'Dojo' } as const;

export interface HintsAtScale {
  dojos: number;
  objectsCached: number;
  /** By queue: the definition's calls, the first indexed call, indexed calls with nothing changed, after 1% changed. */
  byQueue: Record<
    string,
    { definition: Distribution; first: number; unchanged: Distribution; afterChanges: Distribution; loopDelayMaxMs: number; ratio: number }
  >;
}

async function timed(calls: number, call: () => Promise<unknown>): Promise<{ times: number[]; loopMaxMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await call();
    times.push(round(performance.now() - started));
    // Let the loop turn between calls, as between two requests, so its delay is sampled.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  loop.disable();
  return { times, loopMaxMs: round(loop.max / 1e6) };
}

export async function hintsAtScale(dojos: number, samples: number, log: (message: string) => void): Promise<HintsAtScale> {
  log(`hints: filling informers with ${dojos} converged Dojos`);
  const cluster = await hintsCluster(dojos);
  const byQueue: HintsAtScale['byQueue'] = {};
  try {
    const keys = cluster.dojos.informer.store.keys();
    const queues: Record<string, ControllerState> = {
      'queue empty': queueState(),
      'every Dojo queued': queueState({ queued: keys.map((key, i) => ({ key, since: Date.now() - i, triggers: [], droppedTriggers: 0 })), depth: keys.length }),
    };
    for (const [label, state] of Object.entries(queues)) {
      const context = () => ({
        graph: informerGraph(cluster.informers),
        controllers: controllerDirectory([{ name: 'dojo', forKind: dojoKind, state: () => state }]),
      });
      const objects = () => context().graph.list(dojoKind.group, dojoKind.kind);
      const definition = await timed(Math.max(2, Math.floor(samples / 5)), () => readinessHints(dojoKind, objects(), context(), Date.now()));
      const index = new ReadinessHintsCache();
      const hints = () => index.hints(dojoKind, objects(), cluster.informers, context(), Date.now());
      const first = await timed(1, hints);
      const unchanged = await timed(samples, hints);
      const afterChanges = await timed(samples, async () => {
        const changed = keys.slice(0, Math.ceil(keys.length / 100)).map((key) => cluster.dojos.informer.store.get(key)!);
        // A new resourceVersion each (the script numbers them): a change as a watch delivers it.
        await cluster.dojos.send(
          ...changed.map(({ metadata: { resourceVersion: _rv, ...metadata }, ...object }) => ({ type: 'MODIFIED' as const, object: { ...object, metadata } })),
        );
        return hints();
      });
      index.close();
      const d = distribution(definition.times);
      const u = distribution(unchanged.times);
      byQueue[label] = {
        definition: d,
        first: first.times[0]!,
        unchanged: u,
        afterChanges: distribution(afterChanges.times),
        loopDelayMaxMs: Math.max(unchanged.loopMaxMs, afterChanges.loopMaxMs),
        ratio: round(u.p50Ms / d.p50Ms),
      };
      log(
        `hints, ${label}: definition p50 ${d.p50Ms} ms; kept: first ${first.times[0]} ms, unchanged p50 ${u.p50Ms} ms, after 1% changed p50 ${byQueue[label].afterChanges.p50Ms} ms`,
      );
    }
  } finally {
    await cluster.stop();
  }
  return { dojos, objectsCached: cluster.objects, byQueue };
}
