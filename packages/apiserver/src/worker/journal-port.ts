/**
 * The request journal handed to one follower over a MessagePort, in batches: the replacement,
 * inside one process, for reading `GET /debug/requests` over HTTPS (no TLS, no HTTP framing,
 * one JSON.parse per batch on the console's side).
 *
 * Flow control is by credit: the server sends at most `credit` batches the follower has not
 * acknowledged, so a busy console holds a bounded backlog and the rest waits in the journal's
 * ring. A follower slower than the ring is long gets a fresh `hello` with `resync: true` and
 * continues from the oldest record still held: said, never silently skipped.
 */
import type { MessagePort } from 'node:worker_threads';
import type { RequestJournalHello, RequestJournalRecord } from '@dojo/console-protocol';
import type { RequestJournal } from '../journal/request-journal.ts';
import type { JournalFollower } from './api-server-handle.ts';
import type { JournalPortAck, JournalPortMessage } from './api-server-protocol.ts';

export interface JournalPortSettings {
  /** Records per batch at most. */
  batchRecords: number;
  /** Live records are sent at most this long after the first of a batch was appended. */
  flushMs: number;
  /** Batches in flight (sent, not yet acknowledged). */
  credit: number;
}

export const defaultJournalPortSettings: JournalPortSettings = { batchRecords: 1000, flushMs: 25, credit: 4 };

/** Server side: follows `journal` from after `sinceSeq` onto `port` until the port closes. */
export function serveJournalPort(
  journal: RequestJournal,
  port: MessagePort,
  sinceSeq: number,
  settings: JournalPortSettings = defaultJournalPortSettings,
): void {
  let closed = false;
  let credit = settings.credit;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  const send = (message: JournalPortMessage): void => port.postMessage(message);
  const hello = (resync: boolean): void => {
    const message: RequestJournalHello = { type: 'hello', oldestSeq: journal.oldestSeq, lastSeq: journal.lastSeq, resync, openWatches: journal.openWatches() };
    send({ type: 'hello', hello: message });
  };
  hello(journal.missed(sinceSeq + 1));
  let cursor = Math.max(sinceSeq + 1, journal.oldestSeq);

  const pump = (): void => {
    timer = undefined;
    while (!closed && credit > 0) {
      if (journal.missed(cursor)) {
        cursor = journal.oldestSeq;
        hello(true);
      }
      const entries = journal.entries(cursor, settings.batchRecords);
      if (entries.length === 0) return waitForMore();
      send({ type: 'records', json: `[${entries.map((e) => e.line).join(',')}]` });
      cursor = entries[entries.length - 1]!.seq + 1;
      credit--;
    }
  };
  // The journal's listener runs on the request path: it only arms the timer.
  const waitForMore = (): void => {
    if (unsubscribe) return;
    unsubscribe = journal.subscribe(journal.lastSeq + 1, () => {
      unsubscribe?.();
      unsubscribe = undefined;
      timer ??= setTimeout(pump, settings.flushMs);
    });
  };
  port.on('message', (message: JournalPortAck) => {
    if (message.type !== 'ack') return;
    credit++;
    if (!timer && !unsubscribe) pump();
  });
  port.on('close', () => {
    closed = true;
    clearTimeout(timer);
    unsubscribe?.();
  });
  port.unref();
  pump();
}

/**
 * Follower side: delivers what `serveJournalPort` sends to `follower`, one message after the
 * other (a batch the follower works through asynchronously is finished before the next
 * starts), acknowledging each batch once handled.
 */
export function readJournalPort(port: MessagePort, follower: JournalFollower): () => void {
  let handled: Promise<void> = Promise.resolve();
  const ack: JournalPortAck = { type: 'ack' };
  const handle = async (message: JournalPortMessage): Promise<void> => {
    if (message.type === 'hello') return follower.hello(message.hello);
    try {
      await follower.records(JSON.parse(message.json) as RequestJournalRecord[]);
    } finally {
      port.postMessage(ack);
    }
  };
  port.on('message', (message: JournalPortMessage) => {
    handled = handled.then(() => handle(message)).catch((error: unknown) => process.emitWarning(`request journal follower failed: ${String(error)}`));
  });
  port.unref();
  return () => port.close();
}
