import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { createRuntimeMetrics } from '../metrics/runtime-metrics.ts';
import { Journal } from '../telemetry/journal.ts';
import { Controller, type ControllerOptions } from './controller.ts';
import type { ReconcileContext, Request, Result } from './reconciler.ts';

type ReconcileFn = (request: Request, context: ReconcileContext) => Promise<Result | void>;

function setup(reconcile: ReconcileFn, options: Partial<ControllerOptions> = {}) {
  const clock = new FakeClock();
  const journal = new Journal({ clock });
  const metrics = createRuntimeMetrics();
  const controller = new Controller({ name: 'dojo', reconciler: { reconcile }, journal, clock, metrics, ...options });
  const reconciled = () => journal.query({ types: ['reconcile-end'] }).records.map((r) => r.key);
  const debug = () => journal.query({ types: ['debug'] }).records.map((r) => (r.type === 'debug' ? r.action : ''));
  return { clock, journal, metrics, controller, reconciled, debug, settle: () => clock.advance(0) };
}

const watch = (resourceVersion: string) => ({ reason: 'watch', event: 'MODIFIED', resourceVersion }) as const;

describe('Controller debugging', () => {
  it('keeps filling and deduplicating the queue while paused, steps one key, then resumes', async () => {
    const triggerCounts: number[] = [];
    const t = setup(async (_r, ctx) => {
      triggerCounts.push(ctx.triggers.length);
    });
    t.controller.start();
    t.controller.pause();
    for (const rv of ['1', '2', '3']) t.controller.enqueue('ns/a', watch(rv));
    t.controller.enqueue('ns/b', watch('1'));
    await t.settle();

    expect(t.reconciled()).toEqual([]);
    const paused = t.controller.state();
    expect(paused).toMatchObject({ paused: true, queue: { depth: 2, counters: { adds: 4, merged: 2, gets: 0 } } });
    // The dashboard's view says the same without copying the queue.
    const { queue: _queue, blockedByBreakpoint: _blocked, ...rest } = paused;
    expect(t.controller.status()).toEqual({ ...rest, depth: 2 });

    const stepped = await t.controller.step();
    expect(stepped).toMatchObject({ key: 'ns/a', result: 'success' });
    expect(triggerCounts).toEqual([3]);
    await t.settle();
    expect(t.reconciled()).toEqual(['ns/a']);
    expect(t.controller.state().queue.queued.map((q) => q.key)).toEqual(['ns/b']);

    t.controller.resume();
    await t.settle();
    expect(t.reconciled()).toEqual(['ns/a', 'ns/b']);
    expect(t.debug()).toEqual(['pause', 'step', 'resume']);
  });

  it('has nothing to step when nothing is queued', async () => {
    const t = setup(async () => {});
    t.controller.start();
    t.controller.pause();
    expect(await t.controller.step()).toBeUndefined();
  });

  it('lets a reconcile in flight finish after pause, and a step waits for a free worker', async () => {
    let release = (): void => {};
    const t = setup(async (request) => {
      if (request.name === 'slow') await new Promise<void>((resolve) => (release = resolve));
    });
    t.controller.enqueue('ns/slow', watch('1'));
    t.controller.start();
    await t.settle();
    t.controller.pause();
    t.controller.enqueue('ns/b', watch('1'));
    t.controller.enqueue('ns/c', watch('1'));
    const stepped = t.controller.step();
    expect(t.controller.state().pendingSteps).toBe(1);
    release();
    expect(await stepped).toMatchObject({ key: 'ns/b' });
    await t.settle();
    expect(t.reconciled()).toEqual(['ns/slow', 'ns/b']);
  });

  it('pauses before reconciling a key with a breakpoint, and a step lets that key through', async () => {
    const t = setup(async () => {});
    t.controller.setBreakpoint('ns/b');
    for (const key of ['ns/a', 'ns/b', 'ns/c']) t.controller.enqueue(key, watch('1'));
    t.controller.start();
    await t.settle();

    expect(t.reconciled()).toEqual(['ns/a']);
    expect(t.controller.state()).toMatchObject({ paused: true, heldAtBreakpoint: [{ worker: 0, key: 'ns/b' }] });
    const hit = t.journal.query({ types: ['debug'] }).records.find((r) => r.type === 'debug' && r.action === 'breakpoint-hit');
    expect(hit).toMatchObject({ key: 'ns/b', worker: 0 });

    expect(await t.controller.step()).toMatchObject({ key: 'ns/b' });
    await t.settle();
    expect(t.reconciled()).toEqual(['ns/a', 'ns/b']);

    t.controller.clearBreakpoint('ns/b');
    t.controller.resume();
    await t.settle();
    expect(t.reconciled()).toEqual(['ns/a', 'ns/b', 'ns/c']);
  });

  it('continues a held key, and holds it again only for a real change, not for its own writes coming back', async () => {
    const t = setup(async () => {});
    t.controller.setBreakpoint('ns/b');
    t.controller.enqueue('ns/b', { reason: 'watch', event: 'MODIFIED', resourceVersion: '1', generation: 1, specChanged: true });
    t.controller.start();
    await t.settle();
    t.controller.enqueue('ns/a', watch('1'));
    await t.settle();
    expect(t.controller.state()).toMatchObject({ paused: true, heldAtBreakpoint: [{ key: 'ns/b' }], blockedByBreakpoint: ['ns/a'] });

    expect(t.controller.continueKey('ns/b')).toBe(true);
    await t.settle();
    expect(t.reconciled()).toEqual(['ns/b', 'ns/a']);
    expect(t.controller.state()).toMatchObject({ paused: false, heldAtBreakpoint: [], continuedPastBreakpoint: ['ns/b'], blockedByBreakpoint: [] });

    // Its own Deployment's status and its own status write come back: not a reason to stop again.
    t.controller.enqueue('ns/b', { reason: 'owned', event: 'MODIFIED', kind: 'Deployment', resourceVersion: '2', generation: 1, specChanged: false });
    await t.settle();
    t.controller.enqueue('ns/b', { reason: 'watch', event: 'MODIFIED', resourceVersion: '3', generation: 1, specChanged: false });
    await t.settle();
    expect(t.reconciled()).toEqual(['ns/b', 'ns/a', 'ns/b', 'ns/b']);

    // Someone edits the spec: a new generation stops it again.
    t.controller.enqueue('ns/b', { reason: 'watch', event: 'MODIFIED', resourceVersion: '4', generation: 2, specChanged: true });
    await t.settle();
    expect(t.controller.state()).toMatchObject({ paused: true, heldAtBreakpoint: [{ key: 'ns/b' }], continuedPastBreakpoint: [] });
    expect(t.debug()).toEqual(['breakpoint-set', 'breakpoint-hit', 'breakpoint-continue', 'breakpoint-hit']);
    expect(t.controller.continueKey('ns/nope')).toBe(false);
  });

  it('counts a worker held at a breakpoint as busy', async () => {
    const t = setup(async () => {});
    t.controller.setBreakpoint('ns/b');
    t.controller.enqueue('ns/b', watch('1'));
    t.controller.start();
    await t.settle();
    expect(t.controller.state()).toMatchObject({ paused: true, heldAtBreakpoint: [{ key: 'ns/b' }], workers: { busy: 1 } });
  });

  it('resumes past a held key: it runs, and its own writes coming back do not stop the controller again', async () => {
    const t = setup(async () => {});
    t.controller.setBreakpoint('ns/b');
    t.controller.enqueue('ns/b', { reason: 'watch', event: 'MODIFIED', resourceVersion: '1', generation: 1, specChanged: true });
    t.controller.start();
    await t.settle();
    expect(t.controller.state()).toMatchObject({ paused: true, heldAtBreakpoint: [{ key: 'ns/b' }] });

    t.controller.resume();
    await t.settle();
    t.controller.enqueue('ns/b', { reason: 'watch', event: 'MODIFIED', resourceVersion: '2', generation: 1, specChanged: false });
    await t.settle();
    expect(t.reconciled()).toEqual(['ns/b', 'ns/b']);
    expect(t.controller.state()).toMatchObject({ paused: false, heldAtBreakpoint: [], continuedPastBreakpoint: ['ns/b'], workers: { busy: 0 } });

    // The breakpoint stays: a new generation stops it again.
    t.controller.enqueue('ns/b', { reason: 'watch', event: 'MODIFIED', resourceVersion: '3', generation: 2, specChanged: true });
    await t.settle();
    expect(t.controller.state()).toMatchObject({ paused: true, heldAtBreakpoint: [{ key: 'ns/b' }] });
  });

  it('grows and shrinks the worker pool at runtime', async () => {
    const gates = new Map<string, () => void>();
    let running = 0;
    let peak = 0;
    const t = setup(async (request) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise<void>((resolve) => gates.set(request.name, resolve));
      running--;
    });
    const releaseAll = async () => {
      for (const [name, release] of gates) {
        gates.delete(name);
        release();
      }
      await t.settle();
    };
    for (const name of ['a', 'b', 'c']) t.controller.enqueue(`ns/${name}`, watch('1'));
    t.controller.start();
    await t.settle();
    expect(running).toBe(1);

    t.controller.setMaxConcurrentReconciles(3);
    await t.settle();
    expect(t.controller.state().workers).toEqual({ busy: 3, running: 3, max: 3 });
    await releaseAll();

    t.controller.setMaxConcurrentReconciles(1);
    await t.settle();
    expect(t.controller.state().workers).toMatchObject({ running: 1, max: 1 });
    peak = 0;
    for (const name of ['d', 'e', 'f']) t.controller.enqueue(`ns/${name}`, watch('1'));
    await t.settle();
    for (let i = 0; i < 3; i++) await releaseAll();
    expect(peak).toBe(1);
    expect(t.reconciled()).toHaveLength(6);
    expect(await t.metrics.scrape()).toContain('controller_runtime_max_concurrent_reconciles{controller="dojo"} 1');
  });

  it('refuses a worker count below one', () => {
    const t = setup(async () => {});
    expect(() => t.controller.setMaxConcurrentReconciles(0)).toThrow(RangeError);
  });

  it('injects thrown errors and latency, and counts down conflicts for a client wrapper', async () => {
    let calls = 0;
    const t = setup(async () => {
      calls++;
    });
    t.controller.injectFaults({ throwNext: 1, latencyMs: 50, conflictNextWrites: 2 });
    t.controller.enqueue('ns/a', watch('1'));
    t.controller.start();
    await t.clock.advance(50);
    await t.clock.advance(5 + 50);

    const ends = t.journal.query({ types: ['reconcile-end'] }).records;
    expect(ends).toMatchObject([
      { result: 'error', error: 'fault injected by the console', durationMs: 50 },
      { result: 'success', durationMs: 50 },
    ]);
    expect(calls).toBe(1);
    expect([t.controller.faults.takeWriteConflict(), t.controller.faults.takeWriteConflict(), t.controller.faults.takeWriteConflict()]).toEqual([
      true,
      true,
      false,
    ]);
    expect(t.controller.state().faults).toEqual({ throwNext: 0, latencyMs: 50, conflictNextWrites: 0, injected: { throws: 1, conflicts: 2 } });
    expect(t.debug()).toEqual(['faults']);
  });

  it('stops: aborts the reconcile in flight, waits for it, and takes no new key', async () => {
    let aborted = false;
    const t = setup(async (request, ctx) => {
      if (request.name !== 'slow') return;
      await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve()));
      aborted = true;
    });
    t.controller.enqueue('ns/slow', watch('1'));
    t.controller.enqueue('ns/next', watch('1'));
    t.controller.start();
    await t.settle();
    await t.controller.stop();
    expect(aborted).toBe(true);
    expect(t.reconciled()).toEqual(['ns/slow']);
    expect(t.controller.state()).toMatchObject({ running: false, workers: { running: 0 } });
    expect(t.controller.enqueue('ns/late', watch('2'))).toBe('shutdown');
  });

  it('reports every controller-runtime metric after a reconcile', async () => {
    const t = setup(async () => {});
    t.controller.enqueue('ns/a', watch('1'));
    t.controller.start();
    await t.settle();
    const text = await t.metrics.scrape();
    for (const name of [
      'controller_runtime_reconcile_total',
      'controller_runtime_reconcile_errors_total',
      'controller_runtime_terminal_reconcile_errors_total',
      'controller_runtime_reconcile_panics_total',
      'controller_runtime_reconcile_time_seconds',
      'controller_runtime_max_concurrent_reconciles',
      'controller_runtime_active_workers',
      'workqueue_depth',
      'workqueue_adds_total',
      'workqueue_queue_duration_seconds',
      'workqueue_work_duration_seconds',
      'workqueue_unfinished_work_seconds',
      'workqueue_longest_running_processor_seconds',
      'workqueue_retries_total',
    ]) {
      expect(text).toMatch(new RegExp(`^${name}(_bucket|_count|_sum)?\\{[^}]*controller="dojo"`, 'm'));
    }
    expect(text).toContain('controller_runtime_reconcile_total{controller="dojo",result="success"} 1');
    expect(text).toContain('controller_runtime_active_workers{controller="dojo"} 0');
  });
});
