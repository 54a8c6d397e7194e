import { appendFileSync, mkdtempSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeClock } from '@dojo/runtime';
import type { AuditEvent } from './audit-event.ts';
import { AuditLogFollower } from './audit-log-follower.ts';
import { auditEvent, keepingSink } from './testing/audit-fixtures.ts';
import type { AuditSink } from './audit-feed.ts';

let dir: string;
let path: string;
let received: string[];
let follower: AuditLogFollower;

/** A sink that takes what AuditFeed would take and lists the audit IDs in `ids`. */
function idsInto(ids: string[]): AuditSink {
  const events: AuditEvent[] = [];
  const sink = keepingSink(events);
  return {
    ingest: async (items) => {
      const result = await sink.ingest(items);
      ids.push(...events.splice(0).map((e) => e.auditID));
      return result;
    },
  };
}

const line = (id: string) => `${JSON.stringify(auditEvent({ auditID: id }))}\n`;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'dojo-audit-log-'));
  path = join(dir, 'audit.log');
  received = [];
  follower = new AuditLogFollower({ path, sink: idsInto(received), clock: new FakeClock() });
});

afterEach(async () => {
  await follower.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('AuditLogFollower', () => {
  it('starts at the end of the log and reads what is appended, whole lines only', async () => {
    writeFileSync(path, line('old-1') + line('old-2'));
    await follower.poll();
    appendFileSync(path, line('new-1') + line('new-2').slice(0, 40));
    await follower.poll();
    expect(received).toEqual(['new-1']);
    appendFileSync(path, line('new-2').slice(40));
    await follower.poll();
    expect(received).toEqual(['new-1', 'new-2']);
  });

  it('reads a log that appears after it started from its start', async () => {
    await follower.poll();
    writeFileSync(path, line('a'));
    await follower.poll();
    expect(received).toEqual(['a']);
  });

  it('follows a rotation by rename: the rest of the old file, then the new one from its start', async () => {
    writeFileSync(path, '');
    await follower.poll();
    appendFileSync(path, line('before'));
    renameSync(path, `${path}.1`);
    appendFileSync(`${path}.1`, line('late-in-old'));
    writeFileSync(path, line('in-new'));
    await follower.poll();
    expect(received).toEqual(['before', 'late-in-old', 'in-new']);
    appendFileSync(path, line('after'));
    await follower.poll();
    expect(received).toEqual(['before', 'late-in-old', 'in-new', 'after']);
  });

  it('reads a truncated log again from its start', async () => {
    writeFileSync(path, line('x') + line('y'));
    await follower.poll();
    truncateSync(path, 0);
    appendFileSync(path, line('z'));
    await follower.poll();
    expect(received).toEqual(['z']);
  });

  it('skips and counts lines that are not audit events', async () => {
    writeFileSync(path, '');
    await follower.poll();
    appendFileSync(path, `not json\n${JSON.stringify({ kind: 'Event' })}\n${line('ok')}`);
    await follower.poll();
    expect(received).toEqual(['ok']);
    expect(follower.skippedLines).toBe(2);
  });

  it('reads on past a line the feed refuses, and past one nested 100,000 deep', async () => {
    writeFileSync(path, '');
    await follower.poll();
    const deep = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
    appendFileSync(path, `${JSON.stringify(auditEvent({ user: { username: 7 as unknown as string } }))}\n${deep}\n${line('after')}`);
    await follower.poll();
    expect(received).toEqual(['after']);
    expect(follower.skippedLines).toBe(2);
  });

  it('polls on its clock once started', async () => {
    const clock = new FakeClock();
    const timed = new AuditLogFollower({ path, sink: idsInto(received), clock, intervalMs: 1_000 });
    writeFileSync(path, '');
    timed.start();
    await timed.poll();
    appendFileSync(path, line('ticked'));
    // No poll() from here: only the clock's timer reads the new line.
    await vi.waitFor(async () => {
      await clock.advance(1_000);
      expect(received).toEqual(['ticked']);
    });
    await timed.stop();
  });
});
