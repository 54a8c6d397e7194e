import { Controller, FakeClock, Journal } from '@dojo/runtime';
import { describe, expect, it } from 'vitest';
import { ConsoleControllers } from './console-controllers.ts';

function setup() {
  const clock = new FakeClock(1_000_000);
  const journal = new Journal({ clock });
  const controller = new Controller({ name: 'dojo', reconciler: { reconcile: async () => {} }, journal, clock });
  const controllers = new ConsoleControllers(journal);
  const entry = { controller, role: 'operator' as const, forKind: { group: 'core.jutsu.com', version: 'v1', kind: 'Dojo' } };
  controllers.add(entry);
  const ended = (durationMs: number, result: 'success' | 'error' = 'success') =>
    journal.append({ type: 'reconcile-end', controller: 'dojo', key: 'ns/a', worker: 0, reconcileId: 'r', result, durationMs });
  return { clock, controller, controllers, entry, ended };
}

describe('ConsoleControllers', () => {
  it('summarizes the last minute of reconciles: rate over ten seconds, error rate and percentiles', () => {
    const t = setup();
    for (let i = 1; i <= 10; i++) t.ended(i, i === 10 ? 'error' : 'success');
    expect(t.controllers.summary(t.entry, t.clock.now())).toMatchObject({ name: 'dojo', depth: 0, ratePerSecond: 1, errorRate: 0.1, p50Ms: 6, p99Ms: 10 });
  });

  it('reports the queue depth at once but recomputes the rolling statistics at most once a second', () => {
    const t = setup();
    t.ended(5);
    const first = t.controllers.summary(t.entry, t.clock.now());
    t.ended(50);
    t.controller.enqueue('ns/b', { reason: 'watch' });
    const soon = t.controllers.summary(t.entry, t.clock.now() + 500);
    expect(soon).toMatchObject({ depth: 1, p99Ms: first.p99Ms, ratePerSecond: first.ratePerSecond });
    expect(t.controllers.summary(t.entry, t.clock.now() + 1000)).toMatchObject({ p99Ms: 50, ratePerSecond: 0.2 });
  });
});
