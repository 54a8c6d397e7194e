/**
 * The indexed window of delivered events answers every question exactly as a scan of the whole
 * window does (the way it was answered before it was indexed), on random streams: events about
 * a few objects and their owners, initial lists, events consumed into passes and given back,
 * queries at random times, and a clock that sometimes steps back. And its indexes never hold
 * more than the window.
 */
import fc from 'fast-check';
import { identityKey, type ObjectIdentity } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { DeliveredEvents, type DeliveredEvent } from './delivered-events.ts';

/** The window as one list scanned newest first: the reference the indexes must agree with. */
class ScannedWindow {
  readonly events: { seq: number; time: number; key: string; ownerKey?: string; initial: boolean; consumed: boolean }[] = [];
  constructor(
    readonly keep: number,
    readonly maxAgeMs: number,
  ) {}

  add(e: { seq: number; time: number; key: string; ownerKey?: string; initial: boolean }): void {
    this.events.push({ ...e, consumed: false });
    const tooOld = e.time - this.maxAgeMs;
    let drop = Math.max(0, this.events.length - this.keep);
    while (drop < this.events.length && this.events[drop]!.time < tooOld) drop++;
    if (drop > 0) this.events.splice(0, drop);
  }

  candidates(key: string, time: number, windowMs: number) {
    const same: number[] = [];
    const owned: number[] = [];
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i]!;
      if (e.time > time) continue;
      if (e.time < time - windowMs) break;
      if (e.consumed || e.initial) continue;
      if (e.key === key) same.push(e.seq);
      else if (e.ownerKey === key) owned.push(e.seq);
    }
    return { same: same.reverse(), owned: owned.reverse() };
  }

  about(key: string, after: number, until: number): number[] {
    const found: number[] = [];
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i]!;
      if (e.time <= after) break;
      if (e.time <= until && !e.initial && (e.key === key || e.ownerKey === key)) found.push(e.seq);
    }
    return found;
  }

  pending(time: number, windowMs: number) {
    const found: (typeof this.events)[number][] = [];
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i]!;
      if (e.time < time - windowMs) break;
      if (e.time <= time && !e.consumed && !e.initial) found.push(e);
    }
    return found.reverse();
  }

  /** Consumes or releases the events with these seqs, as a pass does with the objects it holds. */
  mark(seqs: readonly number[], consumed: boolean): void {
    for (const e of this.events) if (seqs.includes(e.seq)) e.consumed = consumed;
  }
}

const parents = ['a', 'b', 'c'].map((name): ObjectIdentity => ({ group: 'example.com', kind: 'Parent', namespace: 'default', name }));
const children = ['a-1', 'a-2', 'b-1', 'c-1', 'loose'].map((name): ObjectIdentity => ({ group: '', kind: 'ConfigMap', namespace: 'default', name }));
const objects = [...parents, ...children];
const keys = objects.map(identityKey);

const step = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      object: fc.nat(objects.length - 1),
      /** An owner (a parent), none, or the object itself (a malformed self-reference). */
      owner: fc.oneof(fc.constant(-1), fc.nat(parents.length - 1), fc.constant(-2)),
      advanceMs: fc.integer({ min: 0, max: 9 }).map((n) => n * 100),
      initial: fc.integer({ min: 0, max: 9 }).map((n) => n < 2),
    }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('trigger' as const), key: fc.nat(keys.length - 1), offsetMs: fc.integer({ min: -30, max: 3 }).map((n) => n * 100) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('place' as const), key: fc.nat(keys.length - 1), offsetMs: fc.integer({ min: -30, max: 3 }).map((n) => n * 100) }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('about' as const), key: fc.nat(keys.length - 1), afterMs: fc.integer({ min: 0, max: 40 }).map((n) => n * 100), untilMs: fc.integer({ min: -5, max: 2 }).map((n) => n * 100) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('release' as const), batch: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('backstep' as const), ms: fc.integer({ min: 1, max: 20 }).map((n) => n * 100) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clear' as const) }) },
);

const seqs = (events: readonly DeliveredEvent[]) => events.map((e) => e.seq);

describe('the indexed window of delivered events', () => {
  it('answers every question as a scan of the whole window does, on random streams', () => {
    fc.assert(
      fc.property(
        fc.array(step, { minLength: 1, maxLength: 300, size: 'max' }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 5, max: 80 }).map((n) => n * 100),
        fc.integer({ min: 2, max: 50 }).map((n) => n * 100),
        (steps, keep, maxAgeMs, windowMs) => {
          const indexed = new DeliveredEvents(keep, maxAgeMs);
          const scanned = new ScannedWindow(keep, maxAgeMs);
          const delivered = new Map<number, DeliveredEvent>();
          const batches: number[][] = [];
          let now = 10_000;
          let seq = 0;
          for (const s of steps) {
            if (s.op === 'add') {
              now += s.advanceMs;
              const object = objects[s.object]!;
              const ownerKey = s.owner === -1 ? undefined : s.owner === -2 ? identityKey(object) : keys[s.owner]!;
              const e = { seq: ++seq, time: now, event: 'MODIFIED' as const, object, initial: s.initial, ...(ownerKey ? { ownerKey } : {}) };
              delivered.set(e.seq, indexed.add(e));
              scanned.add({ ...e, key: identityKey(object) });
            } else if (s.op === 'backstep') {
              now -= s.ms;
            } else if (s.op === 'clear') {
              indexed.clear();
              scanned.events.length = 0;
            } else if (s.op === 'trigger') {
              // What inferTrigger does: find the candidates, then merge them all into the pass.
              const key = keys[s.key]!;
              const found = indexed.candidates(key, now + s.offsetMs, windowMs);
              expect({ same: seqs(found.same), owned: seqs(found.owned) }).toEqual(scanned.candidates(key, now + s.offsetMs, windowMs));
              const merged = [...found.same, ...found.owned];
              indexed.consume(merged);
              scanned.mark(seqs(merged), true);
              if (merged.length > 0) batches.push(seqs(merged));
            } else if (s.op === 'place') {
              // What #passObject asks: is anything waiting about this key or its children, and what waits longest.
              const key = keys[s.key]!;
              const pending = scanned.pending(now + s.offsetMs, windowMs);
              const waitingKeys = new Set(pending.flatMap((e) => (e.ownerKey ? [e.key, e.ownerKey] : [e.key])));
              expect(indexed.waiting(key, now + s.offsetMs, windowMs)).toBe(waitingKeys.has(key));
              expect(indexed.oldestWaiting(now + s.offsetMs, windowMs)?.seq).toBe(pending[0]?.seq);
            } else if (s.op === 'about') {
              const key = keys[s.key]!;
              const [after, until] = [now - s.afterMs, now + s.untilMs];
              expect(seqs(indexed.about(key, after, until))).toEqual(scanned.about(key, after, until));
            } else {
              // A misfiled pass gives its events back.
              const batch = batches[s.batch % Math.max(1, batches.length)];
              if (!batch) continue;
              indexed.release(batch.map((n) => delivered.get(n)!));
              scanned.mark(batch, false);
            }
            const size = indexed.size();
            expect(size.events).toBe(scanned.events.length);
            expect(size.waiting).toBe(scanned.events.filter((e) => !e.consumed && !e.initial).length);
            expect(size.objects).toBe(new Set(scanned.events.map((e) => e.key)).size);
            expect(size.owners).toBe(new Set(scanned.events.flatMap((e) => (e.ownerKey ? [e.ownerKey] : []))).size);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('never holds more than the window, however many objects pass through it', () => {
    const window = new DeliveredEvents(100, 60_000);
    let largest = { events: 0, objects: 0, owners: 0, waiting: 0 };
    for (let i = 0; i < 20_000; i++) {
      const owner = { group: 'example.com', kind: 'Parent', namespace: 'default', name: `p-${i}` };
      window.add({ seq: i, time: i, event: 'ADDED', object: { group: '', kind: 'ConfigMap', namespace: 'default', name: `c-${i}` }, ownerKey: identityKey(owner), initial: false });
      const size = window.size();
      largest = { events: Math.max(largest.events, size.events), objects: Math.max(largest.objects, size.objects), owners: Math.max(largest.owners, size.owners), waiting: Math.max(largest.waiting, size.waiting) };
    }
    expect(largest).toEqual({ events: 100, objects: 100, owners: 100, waiting: 100 });
    expect(window.candidates(identityKey({ group: 'example.com', kind: 'Parent', namespace: 'default', name: 'p-19899' }), 20_000, 60_000).owned).toHaveLength(0);
    expect(window.candidates(identityKey({ group: 'example.com', kind: 'Parent', namespace: 'default', name: 'p-19900' }), 20_000, 60_000).owned).toHaveLength(1);
  });

  it('lets events older than its age limit go, however few there are', () => {
    const window = new DeliveredEvents(2000, 60_000);
    const object = { group: '', kind: 'ConfigMap', namespace: 'default', name: 'c' };
    window.add({ seq: 1, time: 0, event: 'ADDED', object, initial: false });
    window.add({ seq: 2, time: 30_000, event: 'MODIFIED', object, initial: false });
    window.add({ seq: 3, time: 61_000, event: 'MODIFIED', object, initial: false });
    expect(window.size()).toEqual({ events: 2, objects: 1, owners: 0, waiting: 2 });
    expect(seqs(window.about(identityKey(object), -1, 61_000))).toEqual([3, 2]);
  });
});
