import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import { Journal } from './journal.ts';
import { JournalFile, readJournalFile } from './journal-file.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'journal-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('journal persistence', () => {
  it('round-trips records through a JSON lines file and replays them into a journal', () => {
    const clock = new FakeClock(1000);
    const path = join(dir, 'journal.jsonl');
    const file = new JournalFile({ path, clock, fsync: true });
    const journal = new Journal({ clock, sink: file });
    journal.append({
      type: 'watch-event',
      key: 'ns/a',
      event: 'ADDED',
      kind: 'Dojo',
      object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'ns', name: 'a' },
      resourceVersion: '7',
    });
    journal.append({ type: 'conflict', key: 'ns/a', resource: 'dojos', staleRV: '7', currentRV: '8', currentManager: 'kubectl' });
    file.close();

    const records = readJournalFile(path);
    expect(records).toEqual(journal.query().records);
    const replayed = Journal.fromRecords(records, { clock });
    expect(replayed.query({ types: ['conflict'] }).records[0]).toMatchObject({ seq: 2, time: 1000, currentManager: 'kubectl' });
    expect(replayed.lastSeq).toBe(2);
  });

  it('batches writes until the flush interval passes', () => {
    const clock = new FakeClock();
    const path = join(dir, 'journal.jsonl');
    const file = new JournalFile({ path, clock, flushIntervalMs: 50 });
    const journal = new Journal({ clock, sink: file });
    journal.append({ type: 'debug', controller: 'dojo', action: 'pause' });
    expect(readFileSync(path, 'utf8')).toBe('');
    clock.step(50);
    expect(readJournalFile(path)).toHaveLength(1);
    file.close();
  });

  it('writes every record at once with a zero flush interval', () => {
    const path = join(dir, 'journal.jsonl');
    const clock = new FakeClock();
    const file = new JournalFile({ path, clock, flushIntervalMs: 0 });
    new Journal({ clock, sink: file }).append({ type: 'debug', controller: 'dojo', action: 'resume' });
    expect(readJournalFile(path)).toHaveLength(1);
    file.close();
  });

  it('continues the sequence of an existing file and skips a line torn by a crash', () => {
    const clock = new FakeClock();
    const path = join(dir, 'journal.jsonl');
    const first = new JournalFile({ path, clock });
    const before = new Journal({ clock, sink: first });
    before.append({ type: 'debug', controller: 'dojo', action: 'pause' });
    before.append({ type: 'debug', controller: 'dojo', action: 'resume' });
    first.close();
    appendFileSync(path, '{"seq":3,"time":0,"ty');

    const second = new JournalFile({ path, clock });
    expect(second.lastSeq).toBe(2);
    const after = new Journal({ clock, sink: second, firstSeq: second.lastSeq + 1 });
    after.append({ type: 'debug', controller: 'dojo', action: 'step' });
    second.close();
    expect(readJournalFile(path).map((r) => r.seq)).toEqual([1, 2, 3]);
  });

  it('reads a missing file as empty', () => {
    expect(readJournalFile(join(dir, 'absent.jsonl'))).toEqual([]);
  });
});
