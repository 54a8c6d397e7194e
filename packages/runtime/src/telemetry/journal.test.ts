import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { Journal, type JournalDelivery } from './journal.ts';
import type { JournalRecordInput } from './records.ts';

const dequeue = (key: string, controller = 'dojo'): JournalRecordInput => ({
  type: 'dequeue',
  controller,
  key,
  worker: 0,
  waitedMs: 1,
  triggerCount: 1,
});

function fill(journal: Journal, n: number): void {
  for (let i = 1; i <= n; i++) journal.append(dequeue(`ns/k${i}`));
}

describe('Journal', () => {
  it('stamps records with a strictly increasing seq and the clock’s time', () => {
    const clock = new FakeClock(5000);
    const journal = new Journal({ clock });
    const a = journal.append(dequeue('ns/a'));
    clock.step(3);
    const b = journal.append(dequeue('ns/b'));
    expect([a.seq, a.time, b.seq, b.time]).toEqual([1, 5000, 2, 5003]);
    expect(b).toMatchObject({ type: 'dequeue', key: 'ns/b', controller: 'dojo' });
  });

  it('holds only the newest records up to its capacity', () => {
    const journal = new Journal({ capacity: 3, clock: new FakeClock() });
    fill(journal, 5);
    expect(journal.oldestSeq).toBe(3);
    expect(journal.lastSeq).toBe(5);
    expect(journal.query().records.map((r) => r.seq)).toEqual([3, 4, 5]);
  });

  it('answers queries after a seq, filtered by controller, object and type, up to a limit', () => {
    const journal = new Journal({ clock: new FakeClock() });
    journal.append(dequeue('ns/a', 'dojo'));
    journal.append(dequeue('ns/a', 'channel'));
    journal.append({ type: 'backoff', controller: 'dojo', key: 'ns/a', delayMs: 5, retries: 1, cause: 'error' });
    journal.append(dequeue('ns/b', 'dojo'));
    journal.append(dequeue('ns/a', 'dojo'));
    expect(journal.query({ controller: 'dojo', objectKey: 'ns/a' }).records.map((r) => r.seq)).toEqual([1, 3, 5]);
    expect(journal.query({ sinceSeq: 1, objectKey: 'ns/a', limit: 2 }).records.map((r) => r.seq)).toEqual([2, 3]);
    expect(journal.query({ types: ['backoff'] }).records.map((r) => r.seq)).toEqual([3]);
  });

  it('tells a query that records after its seq were dropped', () => {
    const journal = new Journal({ capacity: 2, clock: new FakeClock() });
    fill(journal, 4);
    expect(journal.query({ sinceSeq: 1 })).toMatchObject({ resync: true, oldestSeq: 3, lastSeq: 4 });
    expect(journal.query({ sinceSeq: 2 }).resync).toBe(false);
  });

  it('replays held records to a new subscriber, then streams new ones', () => {
    const journal = new Journal({ clock: new FakeClock() });
    fill(journal, 3);
    const seen: JournalDelivery[] = [];
    const unsubscribe = journal.subscribe(2, (d) => seen.push(d));
    journal.append(dequeue('ns/new'));
    unsubscribe();
    journal.append(dequeue('ns/unseen'));
    expect(seen.map((d) => (d.resync ? 'resync' : d.record.seq))).toEqual([2, 3, 4]);
  });

  it('tells a subscriber to resync when it asks for records the ring has dropped', () => {
    const journal = new Journal({ capacity: 3, clock: new FakeClock() });
    fill(journal, 10);
    const seen: JournalDelivery[] = [];
    journal.subscribe(4, (d) => seen.push(d));
    expect(seen[0]).toEqual({ resync: true, oldestSeq: 8 });
    expect(seen.slice(1).map((d) => (d.resync ? 'resync' : d.record.seq))).toEqual([8, 9, 10]);
  });

  it('does not ask a subscriber starting from nothing to resync when nothing was dropped', () => {
    const journal = new Journal({ clock: new FakeClock() });
    const seen: JournalDelivery[] = [];
    journal.subscribe(0, (d) => seen.push(d));
    journal.append(dequeue('ns/a'));
    expect(seen.map((d) => d.resync)).toEqual([false]);
  });

  it('drops a listener that throws and keeps appending for the others', () => {
    const errors: unknown[] = [];
    const journal = new Journal({ clock: new FakeClock(), onError: (e) => errors.push(e) });
    let calls = 0;
    journal.subscribe(0, () => {
      calls++;
      throw new Error('broken socket');
    });
    const good: number[] = [];
    journal.subscribe(0, (d) => !d.resync && good.push(d.record.seq));
    journal.append(dequeue('ns/a'));
    journal.append(dequeue('ns/b'));
    expect(calls).toBe(1);
    expect(good).toEqual([1, 2]);
    expect(errors).toHaveLength(1);
  });

  it('continues a sequence from firstSeq and treats earlier seqs as dropped', () => {
    const journal = new Journal({ clock: new FakeClock(), firstSeq: 101 });
    expect(journal.append(dequeue('ns/a')).seq).toBe(101);
    expect(journal.query({ sinceSeq: 0 }).resync).toBe(true);
    expect(journal.query({ sinceSeq: 100 }).resync).toBe(false);
  });
});
