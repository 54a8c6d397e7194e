import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestJournalRecord } from '@dojo/console-protocol';
import { JournalFile } from './journal-file.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'request-journal-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const close = (seq: number): string =>
  JSON.stringify({ type: 'watch-close', seq, time: seq, watchId: `w${seq}`, reason: 'client', events: 0 } satisfies RequestJournalRecord);

describe('JournalFile', () => {
  it('writes batched JSON lines and reads them back after a restart', () => {
    const dir = tempDir();
    const file = new JournalFile({ dir, flushIntervalMs: 1000 });
    file.write(close(1));
    file.write(close(2));
    expect(readFileSync(file.path, 'utf8')).toBe('');
    file.close();
    expect(new JournalFile({ dir }).readTail().map((r) => r.seq)).toEqual([1, 2]);
  });

  it('skips a line torn by a crash and terminates it before appending', () => {
    const dir = tempDir();
    const file = new JournalFile({ dir, flushIntervalMs: 0 });
    file.write(close(1));
    file.close();
    appendFileSync(file.path, '{"type":"watch-close","seq":2,"ti');
    const reopened = new JournalFile({ dir, flushIntervalMs: 0 });
    reopened.write(close(3));
    reopened.close();
    expect(reopened.readTail().map((r) => r.seq)).toEqual([1, 3]);
  });

  it('rotates past its size bound, keeping one previous file, so the journal stays bounded', () => {
    const dir = tempDir();
    const file = new JournalFile({ dir, flushIntervalMs: 0, maxBytes: 400 });
    for (let seq = 1; seq <= 40; seq++) file.write(close(seq));
    file.close();
    const previous = join(dir, 'request-journal.1.jsonl');
    expect(existsSync(previous)).toBe(true);
    expect(readFileSync(file.path).length).toBeLessThanOrEqual(400);
    expect(readFileSync(previous).length).toBeLessThanOrEqual(400);
    const tail = file.readTail();
    expect(tail[tail.length - 1]!.seq).toBe(40);
    expect(tail.map((r) => r.seq)).toEqual([...tail.map((r) => r.seq)].sort((a, b) => a - b));
    expect(file.readTail(150).length).toBeLessThan(tail.length);
  });
});
