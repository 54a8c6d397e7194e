/**
 * `GET /debug/requests?sinceSeq=N[&follow=false][&limit=M]`: the request journal as JSON lines,
 * for the admin credential only. The first line is a `hello` (@dojo/console-protocol's
 * RequestJournalHello: where the ring starts and ends, whether records after `sinceSeq` are
 * gone, the watches open now); then every record after `sinceSeq` in seq order, and, unless
 * `follow=false`, every new one as it is appended.
 *
 * A reader that falls behind is cut off rather than buffered without bound (or silently
 * skipped): it reconnects with the last seq it saw and is told in the hello whether that is
 * still held.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestJournalHello } from '@dojo/console-protocol';
import { newBadRequest } from '@dojo/kube-api';
import type { JournalEntry, RequestJournal } from './request-journal.ts';

export interface JournalStreamSettings {
  /** Bytes a follower may have unread before it is cut off. */
  maxBufferedBytes: number;
}

const replayChunk = 1000;
/** Live records are written out at most this often, many to a write. */
const flushMs = 25;

function seqParam(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw newBadRequest(`${name} must be a non-negative integer`);
  return Number(raw);
}

export function serveJournalStream(
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  journal: RequestJournal,
  settings: JournalStreamSettings,
): void {
  const sinceSeq = seqParam(query, 'sinceSeq', 0);
  const limit = seqParam(query, 'limit', Infinity);
  const follow = query.get('follow') !== 'false';
  const hello: RequestJournalHello = {
    type: 'hello',
    oldestSeq: journal.oldestSeq,
    lastSeq: journal.lastSeq,
    resync: journal.missed(sinceSeq + 1),
    openWatches: journal.openWatches(),
  };
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/x-ndjson');
  res.setHeader('Cache-Control', 'no-cache, private');
  const line = (entry: JournalEntry) => `${entry.line}\n`;
  res.write(`${JSON.stringify(hello)}\n`);
  if (!follow) {
    res.end(
      journal
        .entries(sinceSeq + 1, limit)
        .map(line)
        .join(''),
    );
    return;
  }

  let closed = false;
  let unsubscribe = (): void => {};
  // Live records go out every `flushMs`, many to a write: a TLS record and a syscall per
  // request would cost the server more than journaling it.
  let pending: string[] = [];
  const flush = (): void => {
    const text = pending.join('');
    pending = [];
    if (closed || text === '') return;
    res.write(text);
    if (res.writableLength > settings.maxBufferedBytes) finish();
  };
  const finish = (): void => {
    if (closed) return;
    closed = true;
    unsubscribe();
    res.end();
  };
  req.on('close', finish);
  res.on('error', finish);

  // Replay what is held in chunks, yielding to the socket, then follow live from the next seq.
  const replay = (from: number): void => {
    if (closed) return;
    if (journal.missed(from)) return finish();
    const chunk = journal.entries(from, replayChunk);
    if (chunk.length === 0) {
      unsubscribe = journal.subscribe(from, (delivery) => {
        if (closed) return;
        if (delivery.resync) return finish();
        if (pending.length === 0) setTimeout(flush, flushMs);
        pending.push(line(delivery.record));
      });
      return;
    }
    const next = chunk[chunk.length - 1]!.seq + 1;
    if (res.write(chunk.map(line).join(''))) setImmediate(() => replay(next));
    else res.once('drain', () => replay(next));
  };
  // The hello already said whether records were lost; from there on, a loss ends the stream.
  replay(Math.max(sinceSeq + 1, journal.oldestSeq));
}
