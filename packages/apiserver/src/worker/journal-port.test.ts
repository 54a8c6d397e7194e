import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestJournalHello, RequestJournalRecord } from '@dojo/console-protocol';
import { RequestJournal, type JournalInput } from '../journal/request-journal.ts';
import type { JournalPortMessage } from './api-server-protocol.ts';
import { readJournalPort, serveJournalPort, type JournalPortSettings } from './journal-port.ts';

const request = (name: string): JournalInput => ({
  type: 'request',
  time: 0,
  user: 'admin',
  verb: 'get',
  version: 'v1',
  resource: 'configmaps',
  namespace: 'default',
  name,
  code: 200,
  latencyMs: 1,
});

const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

function channel(): { server: MessagePort; follower: MessagePort } {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  return { server: port2, follower: port1 };
}

function follow(journal: RequestJournal, sinceSeq: number, settings: JournalPortSettings) {
  const { server, follower } = channel();
  const hellos: RequestJournalHello[] = [];
  const batches: RequestJournalRecord[][] = [];
  readJournalPort(follower, { hello: (h) => hellos.push(h), records: (b) => void batches.push([...b]) });
  serveJournalPort(journal, server, sinceSeq, settings);
  return { hellos, batches, seqs: () => batches.flat().map((r) => r.seq) };
}

async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!done()) throw new Error(`timed out waiting for ${what}`);
}

describe('the request journal over a MessagePort', () => {
  it('hands every held record over in seq order, in batches no larger than asked, then goes on live', async () => {
    const journal = new RequestJournal({ capacity: 100 });
    for (let i = 0; i < 25; i++) journal.append(request(`a${i}`));
    const followed = follow(journal, 5, { batchRecords: 10, flushMs: 5, credit: 2 });
    await until(() => followed.seqs().length === 20, 'the held records');
    for (let i = 0; i < 7; i++) journal.append(request(`b${i}`));
    await until(() => followed.seqs().length === 27, 'the live records');

    expect(followed.hellos).toEqual([{ type: 'hello', oldestSeq: 1, lastSeq: 25, resync: false, openWatches: [] }]);
    expect(followed.seqs()).toEqual(Array.from({ length: 27 }, (_, i) => i + 6));
    expect(Math.max(...followed.batches.map((b) => b.length))).toBeLessThanOrEqual(10);
  });

  it('tells a follower whose records were dropped to resync, then continues from the oldest record held', async () => {
    const journal = new RequestJournal({ capacity: 10 });
    for (let i = 0; i < 30; i++) journal.append(request(`c${i}`));
    const followed = follow(journal, 3, { batchRecords: 4, flushMs: 5, credit: 2 });
    await until(() => followed.seqs().length === 10, 'the held records');

    expect(followed.hellos.map((h) => h.resync)).toEqual([true]);
    expect(followed.seqs()).toEqual(Array.from({ length: 10 }, (_, i) => i + 21));
  });

  it('hands a follower that works through a batch asynchronously the next only once it is done', async () => {
    const journal = new RequestJournal({ capacity: 100 });
    for (let i = 0; i < 30; i++) journal.append(request(`e${i}`));
    const { server, follower } = channel();
    const steps: string[] = [];
    readJournalPort(follower, {
      hello: () => void steps.push('hello'),
      records: async (batch) => {
        steps.push(`begin ${batch[0]!.seq}`);
        await new Promise((r) => setTimeout(r, 20));
        steps.push(`end ${batch.at(-1)!.seq}`);
      },
    });
    serveJournalPort(journal, server, 0, { batchRecords: 10, flushMs: 5, credit: 3 });
    await until(() => steps.length === 7, 'three batches');

    expect(steps).toEqual(['hello', 'begin 1', 'end 10', 'begin 11', 'end 20', 'begin 21', 'end 30']);
  });

  it('sends no more batches than its credit until the follower acknowledges one', async () => {
    const journal = new RequestJournal({ capacity: 100 });
    for (let i = 0; i < 50; i++) journal.append(request(`d${i}`));
    const { server, follower } = channel();
    const received: JournalPortMessage[] = [];
    follower.on('message', (m: JournalPortMessage) => received.push(m));
    serveJournalPort(journal, server, 0, { batchRecords: 5, flushMs: 5, credit: 3 });
    await new Promise((r) => setTimeout(r, 100));
    expect(received.filter((m) => m.type === 'records')).toHaveLength(3);

    follower.postMessage({ type: 'ack' });
    await until(() => received.filter((m) => m.type === 'records').length === 4, 'one more batch after one ack');
    await new Promise((r) => setTimeout(r, 50));
    expect(received.filter((m) => m.type === 'records')).toHaveLength(4);
  });
});
