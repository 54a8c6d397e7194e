import { describe, expect, it } from 'vitest';
import { SeqRing, type RingDelivery } from './seq-ring.ts';

const record = (seq: number) => ({ seq });

describe('SeqRing', () => {
  it('keeps the newest records and says where it starts', () => {
    const ring = new SeqRing<{ seq: number }>(3);
    for (let seq = 1; seq <= 5; seq++) ring.push(record(seq));
    expect([...ring.from(0)].map((r) => r.seq)).toEqual([3, 4, 5]);
    expect(ring.oldestSeq).toBe(3);
    expect(ring.missed(2)).toBe(true);
    expect(ring.missed(3)).toBe(false);
  });

  it('continues a sequence and refuses to go back', () => {
    const ring = new SeqRing<{ seq: number }>(10, 41);
    expect(ring.oldestSeq).toBe(42);
    ring.push(record(42));
    expect(() => ring.push(record(42))).toThrow(/not after 42/);
  });

  it('tells a subscriber it missed records before replaying what is left, then streams', () => {
    const ring = new SeqRing<{ seq: number }>(2);
    for (let seq = 1; seq <= 4; seq++) ring.push(record(seq));
    const seen: RingDelivery<{ seq: number }>[] = [];
    const stop = ring.subscribe(1, (d) => seen.push(d));
    ring.push(record(5));
    stop();
    ring.push(record(6));
    expect(seen).toEqual([{ resync: true, oldestSeq: 3 }, ...[3, 4, 5].map((seq) => ({ resync: false, record: { seq } }))]);
  });

  it('drops a subscriber that throws and keeps serving the others', () => {
    const ring = new SeqRing<{ seq: number }>(5);
    const good: number[] = [];
    ring.subscribe(1, () => {
      throw new Error('boom');
    });
    ring.subscribe(1, (d) => !d.resync && good.push(d.record.seq));
    ring.push(record(1));
    ring.push(record(2));
    expect(good).toEqual([1, 2]);
  });
});
