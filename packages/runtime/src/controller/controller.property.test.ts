import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { Journal } from '../telemetry/journal.ts';
import { ItemExponentialFailureRateLimiter } from '../workqueue/rate-limiters.ts';
import { Controller } from './controller.ts';
import type { Result } from './reconciler.ts';

type Outcome = 'ok' | 'error' | 'requeue' | 'after';
type Op = { op: 'enqueue'; key: string } | { op: 'advance'; ms: number } | { op: 'workers'; n: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('enqueue' as const), key: fc.constantFrom('ns/a', 'ns/b', 'ns/c') }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('advance' as const), ms: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('workers' as const), n: fc.integer({ min: 1, max: 4 }) }) },
);

describe('Controller invariants', () => {
  it('never reconciles one key twice at once, and reconciles every key after its last event', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { maxLength: 40 }),
        fc.array(fc.constantFrom<Outcome>('ok', 'error', 'requeue', 'after'), { maxLength: 20 }),
        fc.array(fc.nat(30), { minLength: 1, maxLength: 10 }),
        async (ops, outcomes, durations) => {
          const clock = new FakeClock();
          const journal = new Journal({ clock, capacity: 100_000 });
          const running = new Set<string>();
          // Recorded, not asserted, in the reconciler: the controller would catch the assertion.
          const overlaps: string[] = [];
          let call = 0;
          const controller = new Controller({
            name: 'prop',
            journal,
            clock,
            maxConcurrentReconciles: 2,
            rateLimiter: new ItemExponentialFailureRateLimiter(1, 50),
            reconciler: {
              async reconcile(_request, ctx): Promise<Result | void> {
                if (running.has(ctx.key)) overlaps.push(ctx.key);
                running.add(ctx.key);
                const n = call++;
                await clock.sleep(durations[n % durations.length]!);
                running.delete(ctx.key);
                const outcome = outcomes[n] ?? 'ok';
                if (outcome === 'error') throw new Error('boom');
                if (outcome === 'requeue') return { requeue: true };
                if (outcome === 'after') return { requeueAfter: 25 };
              },
            },
          });
          controller.start();
          for (const op of ops) {
            if (op.op === 'enqueue') controller.enqueue(op.key, { reason: 'watch' });
            else if (op.op === 'advance') await clock.advance(op.ms);
            else controller.setMaxConcurrentReconciles(op.n);
          }
          for (let i = 0; i < 200; i++) {
            await clock.advance(100);
            const { queue, workers } = controller.state();
            if (queue.depth === 0 && queue.delayed.length === 0 && workers.busy === 0) break;
          }
          await controller.stop();
          expect(overlaps, 'keys reconciled twice at once').toEqual([]);

          const lastEvent = new Map<string, number>();
          const lastStart = new Map<string, number>();
          for (const r of journal.query({ limit: Infinity }).records) {
            if (r.type === 'enqueue' && r.reason === 'watch') lastEvent.set(r.key, r.seq);
            if (r.type === 'reconcile-start') lastStart.set(r.key, r.seq);
          }
          for (const [key, seq] of lastEvent) expect(lastStart.get(key) ?? 0, `${key} lost its last event`).toBeGreaterThan(seq);
        },
      ),
      { numRuns: 150 },
    );
  });
});
