/**
 * The one writer of Kubernetes Events (client-go's EventBroadcaster and its API sink, kube-rs'
 * `events::Recorder`): every recorder made by `recorderFor(source)` queues here, and one loop
 * writes the queue in order as core/v1 Events, `kubectl get events` and `describe` read them.
 *
 * Promises:
 * - `record` never blocks and never throws. The loop starts outside every reconcile, so its
 *   requests are never attributed to one in the journal (an Event is not a reconcile's "one
 *   write"; controller-runtime's recorder is just as asynchronous).
 * - Names are client-go's `<object name>.<unix nanoseconds in hex>`; times come from the
 *   injected Clock.
 * - Repeats are correlated (event-correlator.ts): `count` and `lastTimestamp` of the Event
 *   already written move, by a merge patch. If that Event is gone (deleted, its namespace
 *   emptied), the repeat starts a new one.
 * - Bounded: at most `maxQueued` Events wait (client-go: 1000), `maxCorrelated` are remembered
 *   (client-go: 4096). Anything over the bound, and any Event whose write fails, is dropped,
 *   counted in `dropped` and reported as a process warning; nothing is retried.
 *
 * - An Event recorded inside a reconcile carries that reconcile's id in the annotation
 *   `reconcileIdAnnotation` (a repeat moves it to the latest), so the console links each Event
 *   to the reconcile that recorded it.
 *
 * The legacy core/v1 shape (count, first/lastTimestamp) is what both kubectl and the console
 * read; the API server serves the same objects as events.k8s.io/v1, with `deprecatedCount`.
 * Misuse: one broadcaster per process and API server is enough (the Manager owns one).
 */
import type { ReconcileIdAnnotation } from '@dojo/console-protocol';
import { formatTime, isNotFound, type KubeObject } from '@dojo/kube-api';
import type { Clock } from '../clock/clock.ts';
import type { ObjectWriter } from '../client/client.ts';
import { apiVersionOfType, builtinTypes } from '../client/resource-type.ts';
import { reconcileContext } from '../telemetry/reconcile-context.ts';
import { Fifo } from '../workqueue/fifo.ts';
import { EventCorrelator, type EventWrite } from './event-correlator.ts';
import type { EventOptions, EventRecorder, EventSource, EventType } from './event-recorder.ts';

export interface EventBroadcasterOptions {
  readonly clock: Clock;
  /** A repeat later than this after the previous one starts a new Event. Default 10 min. */
  readonly correlationWindowMs?: number;
  /** Events remembered for correlation. Default 4096. */
  readonly maxCorrelated?: number;
  /** Events waiting to be written; more are dropped until the loop catches up. Default 1000. */
  readonly maxQueued?: number;
}

/** core/v1 ObjectReference of what the Event is about. */
interface InvolvedObject {
  readonly apiVersion?: string | undefined;
  readonly kind?: string | undefined;
  readonly namespace?: string | undefined;
  readonly name: string;
  readonly uid?: string | undefined;
  readonly resourceVersion?: string | undefined;
  readonly fieldPath?: string | undefined;
}

interface Pending {
  readonly source: EventSource;
  readonly involved: InvolvedObject;
  readonly type: EventType;
  readonly reason: string;
  readonly message: string;
  readonly at: number;
  readonly reconcileId: string | undefined;
}

/** The reconcile that recorded an Event (the latest one, for a repeated Event). */
export const reconcileIdAnnotation: ReconcileIdAnnotation = 'dojo-console.io/reconcile-id';

const defaultMaxQueuedEvents = 1000;
const maxMessageLength = 1024;

export class EventBroadcaster {
  readonly #writer: ObjectWriter;
  readonly #clock: Clock;
  readonly #correlator: EventCorrelator;
  readonly #maxQueued: number;
  readonly #queue = new Fifo<Pending>();
  #wake: (() => void) | undefined;
  #closed = false;
  #overflowing = false;
  #serial = 0;
  #dropped = 0;

  constructor(writer: ObjectWriter, options: EventBroadcasterOptions) {
    this.#writer = writer;
    this.#clock = options.clock;
    this.#maxQueued = options.maxQueued ?? defaultMaxQueuedEvents;
    this.#correlator = new EventCorrelator({
      ...(options.maxCorrelated === undefined ? {} : { capacity: options.maxCorrelated }),
      ...(options.correlationWindowMs === undefined ? {} : { windowMs: options.correlationWindowMs }),
    });
    reconcileContext.outside(() => void this.#run());
  }

  /** A recorder whose Events name `source` as their reporter. */
  recorderFor(source: EventSource | string): EventRecorder {
    const from: EventSource = typeof source === 'string' ? { component: source } : source;
    return { record: (object, type, reason, message, options) => this.#enqueue(from, object, type, reason, message, options) };
  }

  /** Events not written: over the queue bound, or their write failed. */
  get dropped(): number {
    return this.#dropped;
  }

  /** Stops the loop; queued Events are dropped, later ones ignored. */
  close(): void {
    this.#closed = true;
    while (this.#queue.shift()) this.#dropped++;
    this.#wake?.();
  }

  #enqueue(source: EventSource, object: KubeObject, type: EventType, reason: string, message: string, options: EventOptions = {}): void {
    // Recorders are called on reconcilers' error paths: an Event must never become the error.
    try {
      if (this.#closed || !object?.metadata?.name) return;
      if (this.#queue.size >= this.#maxQueued) {
        this.#dropped++;
        if (!this.#overflowing)
          process.emitWarning(
            `events dropped: ${this.#maxQueued} Events are already waiting to be written (first dropped: ${reason} for ${object.metadata.name})`,
          );
        this.#overflowing = true;
        return;
      }
      this.#queue.push({
        source,
        involved: involvedObject(object, options),
        type,
        reason,
        message: String(message).slice(0, maxMessageLength),
        at: this.#clock.now(),
        reconcileId: reconcileContext.current()?.reconcileId,
      });
      this.#wake?.();
    } catch {
      this.#dropped++;
    }
  }

  async #run(): Promise<void> {
    while (!this.#closed) {
      const next = this.#queue.shift();
      if (!next) {
        this.#overflowing = false;
        await new Promise<void>((resolve) => (this.#wake = resolve));
        this.#wake = undefined;
        continue;
      }
      await this.#write(next);
    }
  }

  async #write(event: Pending): Promise<void> {
    const { involved, source } = event;
    const key = JSON.stringify([
      involved.kind,
      involved.namespace,
      involved.name,
      involved.uid,
      involved.fieldPath,
      event.type,
      event.reason,
      event.message,
      source.component,
      source.host,
    ]);
    const fresh = (): EventWrite =>
      this.#correlator.next(key, { name: `${involved.name}.${this.#nanosHex(event.at)}`, namespace: involved.namespace || 'default', at: event.at });
    try {
      let write = fresh();
      if (write.action === 'increment') {
        try {
          await this.#writer.patch(builtinTypes.events, write.event, {
            type: 'merge',
            body: {
              count: write.event.count,
              lastTimestamp: formatTime(event.at),
              ...(event.reconcileId ? { metadata: { annotations: { [reconcileIdAnnotation]: event.reconcileId } } } : {}),
            },
          });
          return;
        } catch (error) {
          if (!isNotFound(error)) throw error;
          this.#correlator.forget(key);
          write = fresh();
        }
      }
      await this.#writer.create(builtinTypes.events, eventObject(write, event));
    } catch (error) {
      this.#correlator.forget(key);
      this.#dropped++;
      if (!this.#closed) {
        const where = `${involved.namespace ?? ''}/${involved.name}`;
        process.emitWarning(`event ${event.reason} for ${where} dropped: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  // client-go names an Event "<object>.<unix nanoseconds in hex>"; the serial keeps two Events
  // of the same millisecond apart.
  #nanosHex(at: number): string {
    return (BigInt(Math.floor(at)) * 1_000_000n + BigInt(this.#serial++ % 1_000_000)).toString(16);
  }
}

function involvedObject(object: KubeObject, options: EventOptions): InvolvedObject {
  const { metadata } = object;
  return {
    apiVersion: options.resource ? apiVersionOfType(options.resource) : object.apiVersion,
    kind: options.resource?.kind ?? object.kind,
    ...(metadata.namespace ? { namespace: metadata.namespace } : {}),
    name: metadata.name ?? '',
    uid: metadata.uid,
    resourceVersion: metadata.resourceVersion,
    ...(options.fieldPath ? { fieldPath: options.fieldPath } : {}),
  };
}

function eventObject(write: EventWrite, event: Pending): KubeObject {
  const { name, namespace, count, firstAt } = write.event;
  const { component, host } = event.source;
  return {
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace, ...(event.reconcileId ? { annotations: { [reconcileIdAnnotation]: event.reconcileId } } : {}) },
    involvedObject: event.involved,
    type: event.type,
    reason: event.reason,
    message: event.message,
    count,
    firstTimestamp: formatTime(firstAt),
    lastTimestamp: formatTime(event.at),
    source: { component, ...(host ? { host } : {}) },
    reportingComponent: component,
    reportingInstance: host ?? component,
    eventTime: null,
  };
}
