import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { ItemExponentialFailureRateLimiter } from './rate-limiters.ts';
import { RateLimitingWorkQueue } from './rate-limiting-queue.ts';

const workers = 3;
const keys = ['ns/a', 'ns/b', 'ns/c', 'ns/d'];

type Op =
  | { op: 'add'; key: string }
  | { op: 'addAfter'; key: string; ms: number }
  | { op: 'addRateLimited'; key: string }
  | { op: 'get'; worker: number }
  | { op: 'done'; worker: number }
  | { op: 'tick'; ms: number };

const key = fc.constantFrom(...keys);
const worker = fc.nat(workers - 1);
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('add' as const), key }),
  fc.record({ op: fc.constant('addAfter' as const), key, ms: fc.nat(50) }),
  fc.record({ op: fc.constant('addRateLimited' as const), key }),
  fc.record({ op: fc.constant('get' as const), worker }),
  fc.record({ op: fc.constant('done' as const), worker }),
  fc.record({ op: fc.constant('tick' as const), ms: fc.nat(30) }),
);

/**
 * Drives the full queue stack with several workers in an arbitrary interleaving, then lets every
 * worker drain it, checking both of client-go's invariants as it goes.
 */
async function run(ops: readonly Op[]): Promise<void> {
  const clock = new FakeClock();
  const q = new RateLimitingWorkQueue({ clock, rateLimiter: new ItemExponentialFailureRateLimiter(1, 40) });
  const holding: (string | undefined)[] = new Array<string | undefined>(workers).fill(undefined);
  const waiting: boolean[] = new Array<boolean>(workers).fill(false);
  const inFlight = new Map<string, number>();
  const lastAdd = new Map<string, number>();
  const lastTake = new Map<string, number>();
  let step = 0;

  const get = (w: number): void => {
    if (holding[w] !== undefined || waiting[w]) return;
    waiting[w] = true;
    void q.get(w).then((item) => {
      waiting[w] = false;
      if (!item) return;
      expect(inFlight.has(item.key), `${item.key} handed to worker ${w} while worker ${inFlight.get(item.key)} has it`).toBe(false);
      inFlight.set(item.key, w);
      holding[w] = item.key;
      lastTake.set(item.key, step);
    });
  };
  const done = (w: number): void => {
    const held = holding[w];
    if (held === undefined) return;
    holding[w] = undefined;
    inFlight.delete(held);
    q.done(held);
  };

  for (const op of ops) {
    step++;
    switch (op.op) {
      case 'add':
        q.add(op.key);
        lastAdd.set(op.key, step);
        break;
      case 'addAfter':
        q.addAfter(op.key, op.ms);
        lastAdd.set(op.key, step);
        break;
      case 'addRateLimited':
        q.addRateLimited(op.key);
        lastAdd.set(op.key, step);
        break;
      case 'get':
        get(op.worker);
        break;
      case 'done':
        done(op.worker);
        break;
      case 'tick':
        clock.step(op.ms);
        break;
    }
    await FakeClock.settle();
  }

  // Drain: every worker finishes and asks again until nothing is queued, delayed or held.
  for (let round = 0; round < 100; round++) {
    step++;
    clock.step(1000);
    for (let w = 0; w < workers; w++) {
      done(w);
      get(w);
    }
    await FakeClock.settle();
    const snap = q.snapshot();
    if (snap.depth === 0 && snap.delayed.length === 0 && holding.every((h) => h === undefined)) break;
  }
  q.shutDown();
  await FakeClock.settle();

  for (const [k, added] of lastAdd) {
    expect(lastTake.get(k) ?? -1, `${k} was added at step ${added} and never processed after`).toBeGreaterThanOrEqual(added);
  }
}

describe('workqueue invariants', () => {
  it('never hands a key to two workers at once, and loses no add', async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { maxLength: 80 }), run), { numRuns: 300 });
  });
});
