import { newConflict } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { createRuntimeMetrics } from '../metrics/runtime-metrics.ts';
import { Journal } from '../telemetry/journal.ts';
import { reconcileContext } from '../telemetry/reconcile-context.ts';
import type { TelemetryRecord, TelemetryRecordType } from '../telemetry/records.ts';
import { Controller, type ControllerOptions } from './controller.ts';
import { TerminalError, type ReconcileContext, type Request, type Result } from './reconciler.ts';

type ReconcileFn = (request: Request, context: ReconcileContext) => Promise<Result | void>;

function setup(reconcile: ReconcileFn, options: Partial<ControllerOptions> = {}) {
  const clock = new FakeClock();
  const journal = new Journal({ clock });
  const metrics = createRuntimeMetrics();
  const controller = new Controller({ name: 'dojo', reconciler: { reconcile }, journal, clock, metrics, ...options });
  const records = <T extends TelemetryRecordType>(type: T) => journal.query({ types: [type] }).records as Extract<TelemetryRecord, { type: T }>[];
  const settle = () => clock.advance(0);
  return { clock, journal, metrics, controller, records, settle, ends: () => records('reconcile-end') };
}

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

const watch = (resourceVersion: string) => ({ reason: 'watch', event: 'MODIFIED', kind: 'Dojo', resourceVersion }) as const;

describe('Controller', () => {
  it('reconciles an enqueued key with the triggers that brought it, and forgets it on success', async () => {
    const seen: { request: Request; rvs: (string | undefined)[] }[] = [];
    const t = setup(async (request, ctx) => {
      seen.push({ request, rvs: ctx.triggers.map((tr) => tr.resourceVersion) });
    });
    t.controller.enqueue('ns/kyoto', watch('7'));
    t.controller.enqueue('ns/kyoto', watch('8'));
    t.controller.start();
    await t.settle();

    expect(seen).toEqual([{ request: { namespace: 'ns', name: 'kyoto' }, rvs: ['7', '8'] }]);
    expect(t.ends().map((e) => e.result)).toEqual(['success']);
    const [start] = t.records('reconcile-start');
    const enqueues = t.records('enqueue');
    expect(start?.triggers.map((tr) => tr.seq)).toEqual(enqueues.map((e) => e.seq));
    expect(enqueues.map((e) => e.merged)).toEqual([false, true]);
    expect(t.journal.query({ objectKey: 'ns/kyoto' }).records.map((r) => r.type)).toEqual([
      'enqueue',
      'enqueue',
      'dequeue',
      'reconcile-start',
      'reconcile-end',
    ]);
  });

  it('retries a failing key with exponential backoff until it succeeds', async () => {
    let calls = 0;
    const t = setup(async () => {
      if (++calls <= 2) throw new Error('database not ready');
    });
    t.controller.enqueue('ns/a', watch('1'));
    t.controller.start();
    await t.settle();
    await t.clock.advance(5);
    await t.clock.advance(10);

    expect(t.ends().map((e) => [e.result, e.error])).toEqual([
      ['error', 'database not ready'],
      ['error', 'database not ready'],
      ['success', undefined],
    ]);
    expect(t.records('backoff').map((b) => [b.delayMs, b.retries, b.cause])).toEqual([
      [5, 1, 'error'],
      [10, 2, 'error'],
    ]);
    expect(t.controller.state().queue.delayed).toEqual([]);
  });

  it('does not retry a TerminalError', async () => {
    const t = setup(async () => {
      throw new TerminalError('database Mongo is not supported');
    });
    t.controller.enqueue('ns/a', watch('1'));
    t.controller.start();
    await t.settle();
    await t.clock.advance(60_000);

    expect(t.ends()).toMatchObject([{ result: 'error', terminal: true, error: 'database Mongo is not supported' }]);
    expect(t.records('backoff')).toEqual([]);
    expect(await t.metrics.scrape()).toContain('controller_runtime_terminal_reconcile_errors_total{controller="dojo"} 1');
  });

  it('requeues a Conflict with backoff and records it as a conflict, not an error', async () => {
    let calls = 0;
    const t = setup(async () => {
      if (++calls === 1) throw newConflict({ group: 'core.jutsu.com', resource: 'dojos' }, 'a');
    });
    t.controller.enqueue('ns/a', watch('1'));
    t.controller.start();
    await t.settle();
    await t.clock.advance(5);

    expect(t.ends().map((e) => e.result)).toEqual(['conflict', 'success']);
    expect(t.records('backoff')).toMatchObject([{ cause: 'conflict', delayMs: 5 }]);
    const text = await t.metrics.scrape();
    expect(text).toContain('controller_runtime_reconcile_errors_total{controller="dojo"} 0');
    expect(text).toContain('controller_runtime_reconcile_total{controller="dojo",result="requeue"} 1');
    expect(t.controller.state().counts).toMatchObject({ conflict: 1, success: 1, error: 0 });
  });

  it('forgets the failures and comes back after requeueAfter', async () => {
    const results: (Result | Error)[] = [new Error('flaky'), { requeueAfter: 30_000 }, {}];
    const t = setup(async () => {
      const next = results.shift();
      if (next instanceof Error) throw next;
      return next;
    });
    t.controller.enqueue('ns/a', watch('1'));
    t.controller.start();
    await t.settle();
    await t.clock.advance(5);

    expect(t.controller.state().queue.delayed).toMatchObject([{ key: 'ns/a', readyAt: 30_005, retries: 0 }]);
    await t.clock.advance(30_000);
    expect(t.ends().map((e) => e.result)).toEqual(['error', 'requeueAfter', 'success']);
    expect(t.ends()[1]?.requeueAfter).toBe(30_000);
    const [, , third] = t.records('reconcile-start');
    expect(third?.triggers).toMatchObject([{ reason: 'requeueAfter', reconcileId: t.ends()[1]?.reconcileId }]);
  });

  it('sends requeue: true through the rate limiter', async () => {
    let calls = 0;
    const t = setup(async () => (++calls === 1 ? { requeue: true } : undefined));
    t.controller.enqueue('ns/a', watch('1'));
    t.controller.start();
    await t.settle();
    await t.clock.advance(5);
    expect(t.ends().map((e) => e.result)).toEqual(['requeue', 'success']);
    expect(t.records('backoff')).toMatchObject([{ cause: 'requeue', retries: 1 }]);
  });

  it('recovers from a panic, counts it, retries the key and keeps the worker going', async () => {
    const t = setup(async (request) => {
      if (request.name === 'bug') (undefined as unknown as { spec: { replicas: number } }).spec.replicas++;
    });
    t.controller.enqueue('ns/bug', watch('1'));
    t.controller.enqueue('ns/ok', watch('1'));
    t.controller.start();
    await t.settle();

    expect(t.ends().map((e) => [e.key, e.result, e.panic])).toEqual([
      ['ns/bug', 'error', true],
      ['ns/ok', 'success', undefined],
    ]);
    expect(t.controller.state().queue.delayed.map((d) => d.key)).toEqual(['ns/bug']);
    expect(await t.metrics.scrape()).toContain('controller_runtime_reconcile_panics_total{controller="dojo"} 1');
  });

  it('aborts the signal of a reconcile that outlives its timeout', async () => {
    const t = setup((_request, ctx) => t.clock.sleep(1000, ctx.signal), { reconcileTimeoutMs: 100 });
    t.controller.enqueue('ns/slow', watch('1'));
    t.controller.start();
    await t.clock.advance(100);
    expect(t.ends()).toMatchObject([{ result: 'error', timedOut: true, durationMs: 100, error: 'reconcile timed out after 100ms' }]);
  });

  it('keeps a timed-out key busy until its reconciler really returns', async () => {
    const release = deferred();
    let running = 0;
    let overlapped = false;
    const t = setup(
      async () => {
        overlapped ||= running > 0;
        running++;
        await release.promise;
        running--;
      },
      { reconcileTimeoutMs: 10, maxConcurrentReconciles: 2 },
    );
    t.controller.enqueue('ns/a', watch('1'));
    t.controller.start();
    await t.clock.advance(10);
    t.controller.enqueue('ns/a', watch('2'));
    await t.clock.advance(10);
    expect(t.controller.state().queue.dirty.map((d) => d.key)).toEqual(['ns/a']);
    release.resolve();
    await t.clock.advance(100);
    expect(overlapped).toBe(false);
  });

  it('runs each reconcile inside reconcileContext, so clients can attribute their calls', async () => {
    let scope: unknown;
    const t = setup(async () => {
      await Promise.resolve();
      scope = reconcileContext.current();
    });
    t.controller.enqueue('ns/a', watch('1'));
    t.controller.start();
    await t.settle();
    expect(scope).toMatchObject({ controller: 'dojo', key: 'ns/a', worker: 0, reconcileId: t.ends()[0]?.reconcileId });
  });

  it('gives every reconcile its own id', async () => {
    const t = setup(async () => {});
    for (const name of ['a', 'b', 'c']) t.controller.enqueue(`ns/${name}`, watch('1'));
    t.controller.start();
    await t.settle();
    expect(new Set(t.ends().map((e) => e.reconcileId)).size).toBe(3);
  });
});
