import { describe, expect, it } from 'vitest';
import type { RequestJournalRecord } from '@dojo/console-protocol';
import { admittedWrite } from '../testing/admitted-writes.ts';
import { admittedWritesIn, newestFirst, searchStoppedAt } from './object-admission.ts';

describe('admittedWritesIn', () => {
  it('keeps the requests that carry admission records, and trusts the server for which object they are about', () => {
    const records: RequestJournalRecord[] = [
      admittedWrite(1),
      admittedWrite(2, { admission: [] }),
      admittedWrite(3, { kind: 'Fruit', name: 'other' }),
      { type: 'watch-close', seq: 4, time: 0, watchId: 'w', reason: 'client', events: 0 },
    ];
    expect(admittedWritesIn(records).map((r) => r.seq)).toEqual([1, 3]);
  });
});

describe('newestFirst', () => {
  it('merges the pages of the writes and of the dry runs into one list, newest first, each write once', () => {
    const writes = [{ writes: [admittedWrite(9), admittedWrite(4)], searchedBackTo: 3 }, { writes: [admittedWrite(2)] }];
    const dryRuns = [{ writes: [admittedWrite(7, { dryRun: true }), admittedWrite(4)] }];
    expect(newestFirst(writes, dryRuns).map((w) => w.seq)).toEqual([9, 7, 4, 2]);
  });
});

describe('searchStoppedAt', () => {
  it('is where the last page stopped searching, and nothing once a page reached the oldest record', () => {
    expect(searchStoppedAt([{ writes: [], searchedBackTo: 500 }])).toBe(500);
    expect(searchStoppedAt([{ writes: [], searchedBackTo: 500 }, { writes: [admittedWrite(3)] }])).toBeUndefined();
    expect(searchStoppedAt([])).toBeUndefined();
  });
});
