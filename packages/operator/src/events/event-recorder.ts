/**
 * Kubernetes Events (core/v1) for what the operator did, written the way client-go's
 * EventBroadcaster writes them: off the reconcile path.
 *
 * Promises:
 * - `record` never blocks and never throws: it queues. One background loop, started with the
 *   recorder, writes the queue in order.
 * - A repeat of the same (object, type, reason, message) within ten minutes bumps `count` and
 *   `lastTimestamp` of the Event already written (client-go's EventCorrelator), so a
 *   crash-looping Dojo yields one Event with a growing count, not a storm.
 * - Events are best effort: a failed write is dropped with a process warning, never retried.
 *
 * Why a loop and not a plain `await` in the reconcile: the loop is started outside every
 * reconcile, so its requests are not attributed to a reconcile in the journal. An Event is
 * not the reconcile's "one write" (controller-runtime's recorder is just as asynchronous).
 * Misuse: constructing a recorder inside a reconcile would attribute every Event to it.
 */
import type { KubeObject } from '@dojo/kube-api';
import { formatTime, isNotFound } from '@dojo/kube-api';
import { builtinTypes, type Clock, type ObjectWriter } from '@dojo/runtime';

export type EventType = 'Normal' | 'Warning';

export interface EventRecorder {
  record(object: KubeObject, type: EventType, reason: string, message: string): void;
}

export interface KubeEventRecorderOptions {
  clock: Clock;
  /** `source.component` / `reportingComponent`, e.g. "dojo-operator". */
  component: string;
  /** The tenth minute rule of client-go's correlator. */
  correlationWindowMs?: number;
}

interface Pending {
  object: KubeObject;
  type: EventType;
  reason: string;
  message: string;
  at: number;
}

interface Written {
  namespace: string;
  name: string;
  count: number;
  lastAt: number;
}

const maxMessageLength = 1024;
const maxCorrelated = 4096;

export class KubeEventRecorder implements EventRecorder {
  readonly #writer: ObjectWriter;
  readonly #clock: Clock;
  readonly #component: string;
  readonly #windowMs: number;
  readonly #queue: Pending[] = [];
  readonly #written = new Map<string, Written>();
  #wake: (() => void) | undefined;
  #closed = false;
  #serial = 0;

  constructor(writer: ObjectWriter, options: KubeEventRecorderOptions) {
    this.#writer = writer;
    this.#clock = options.clock;
    this.#component = options.component;
    this.#windowMs = options.correlationWindowMs ?? 10 * 60_000;
    void this.#run();
  }

  record(object: KubeObject, type: EventType, reason: string, message: string): void {
    if (this.#closed || !object.metadata.namespace || !object.metadata.name) return;
    this.#queue.push({ object, type, reason, message: message.slice(0, maxMessageLength), at: this.#clock.now() });
    this.#wake?.();
  }

  /** Stops the loop; queued Events are dropped. */
  close(): void {
    this.#closed = true;
    this.#queue.length = 0;
    this.#wake?.();
  }

  async #run(): Promise<void> {
    while (!this.#closed) {
      const next = this.#queue.shift();
      if (!next) {
        await new Promise<void>((resolve) => (this.#wake = resolve));
        this.#wake = undefined;
        continue;
      }
      try {
        await this.#write(next);
      } catch (error) {
        process.emitWarning(`event ${next.reason} for ${next.object.metadata.namespace}/${next.object.metadata.name} dropped: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  async #write(event: Pending): Promise<void> {
    const { object } = event;
    const key = [object.metadata.uid, event.type, event.reason, event.message].join('\u0000');
    const earlier = this.#written.get(key);
    if (earlier && event.at - earlier.lastAt < this.#windowMs) {
      try {
        earlier.count++;
        earlier.lastAt = event.at;
        await this.#writer.patch(builtinTypes.events, earlier, { type: 'merge', body: { count: earlier.count, lastTimestamp: formatTime(event.at) } });
        return;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    const namespace = object.metadata.namespace!;
    const name = `${object.metadata.name!}.${(BigInt(Math.floor(event.at)) * 1_000_000n + BigInt(this.#serial++ % 1_000_000)).toString(16)}`;
    const time = formatTime(event.at);
    await this.#writer.create(builtinTypes.events, {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace },
      involvedObject: {
        apiVersion: object.apiVersion,
        kind: object.kind,
        name: object.metadata.name,
        namespace,
        uid: object.metadata.uid,
        resourceVersion: object.metadata.resourceVersion,
      },
      type: event.type,
      reason: event.reason,
      message: event.message,
      count: 1,
      firstTimestamp: time,
      lastTimestamp: time,
      source: { component: this.#component },
      reportingComponent: this.#component,
    });
    if (this.#written.size >= maxCorrelated) this.#written.delete(this.#written.keys().next().value!);
    this.#written.set(key, { namespace, name, count: 1, lastAt: event.at });
  }
}
