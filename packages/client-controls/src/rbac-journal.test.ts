import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { clientJournalRecords } from './rbac-journal.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'dojo-rbac-journal-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const line = (seq: number, user: string, extra: object = {}) =>
  JSON.stringify({ type: 'request', seq, time: seq, user, verb: 'get', code: 200, latencyMs: 1, path: '/version', ...extra });

describe("a client's records from the journal files of a data dir", () => {
  it('reads the rotated file first, then the current one, keeping only its records, in seq order, past a torn line', async () => {
    writeFileSync(join(dataDir, 'request-journal.1.jsonl'), [line(1, 'op'), line(2, 'someone-else'), line(3, 'op')].join('\n') + '\n');
    // A record the rotation repeated, a line torn by a crash, and a user whose name contains the client's.
    writeFileSync(
      join(dataDir, 'request-journal.jsonl'),
      [line(3, 'op'), '{"type":"request","seq":4,"user":"op","ver', line(5, 'op-two'), line(6, 'op', { type: 'watch-open' })].join('\n') + '\n',
    );
    const records = await clientJournalRecords(dataDir, 'op');
    expect(records.map((r) => [r.seq, r.type])).toEqual([
      [1, 'request'],
      [3, 'request'],
      [6, 'watch-open'],
    ]);
  });

  it('is empty for a data dir without a journal', async () => {
    expect(await clientJournalRecords(join(dataDir, 'nothing-here'), 'op')).toEqual([]);
  });
});
