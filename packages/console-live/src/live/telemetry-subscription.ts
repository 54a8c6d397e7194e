/**
 * The console's telemetry relayed to one browser subscription, from a sequence number, in
 * batches: from disk while the ring no longer holds what was asked for, then live. A client
 * asking for records retention evicted, or one that cannot keep up, is told to resync
 * explicitly; it never sees a silent gap.
 */
import type { TelemetryRecord } from '@dojo/console-protocol';
import { identityKey } from '@dojo/kube-api';
import type { JournalListener } from '@dojo/runtime';
import type { Outbox, Subscription } from './subscription.ts';

/** What a subscription reads of the console's telemetry: the journal's ring, with the history on disk behind it where there is one. */
export interface TelemetryFeed {
  /** Replays from `fromSeq` (inclusive), then streams new records; returns the unsubscribe function. */
  subscribe(fromSeq: number, listener: JournalListener): () => void;
  readonly lastSeq: number;
  readonly oldestSeq: number;
}

export interface TelemetrySubscriptionOptions {
  id: string;
  telemetry: TelemetryFeed;
  outbox: Outbox;
  fromSeq?: number;
  controller?: string;
  objectKey?: string;
  /** `identityKey` of the object. */
  object?: string;
  /** A recording's instant: records after it are not sent (nothing after it has happened yet). */
  at?: number;
  batchMs?: number;
}

export function startTelemetrySubscription(options: TelemetrySubscriptionOptions): Subscription {
  const { id, outbox } = options;
  let batch: TelemetryRecord[] = [];
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let unsubscribe: () => void = () => {};

  const stop = (): void => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
  const flush = (): void => {
    timer = undefined;
    if (stopped || batch.length === 0) return;
    const records = batch;
    batch = [];
    if (!outbox.send({ id, type: 'telemetry', records })) {
      outbox.sendControl({ id, type: 'resync', oldestSeq: options.telemetry.oldestSeq, reason: 'client fell behind' });
      stop();
    }
  };
  const matches = (r: TelemetryRecord): boolean =>
    (options.at === undefined || r.time <= options.at) &&
    (!options.controller || r.controller === options.controller) &&
    (!options.objectKey || r.key === options.objectKey) &&
    (!options.object || (r.object !== undefined && identityKey(r.object) === options.object));

  unsubscribe = options.telemetry.subscribe(options.fromSeq ?? options.telemetry.lastSeq + 1, (delivery) => {
    if (stopped) return;
    if (delivery.resync) {
      outbox.sendControl({ id, type: 'resync', oldestSeq: delivery.oldestSeq });
      return;
    }
    if (!matches(delivery.record)) return;
    batch.push(delivery.record);
    timer ??= setTimeout(flush, options.batchMs ?? 50);
  });
  return { close: stop };
}
