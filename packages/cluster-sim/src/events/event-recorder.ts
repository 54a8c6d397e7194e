/**
 * Records core/v1 Events for what a controller did (client-go's `record.EventRecorder`):
 * `recorder.normal(pods, pod, 'Started', 'Started container app')`. Repeats of the same Event
 * are aggregated into one whose `count` grows (event-aggregator.ts).
 *
 * Events are best-effort, as in client-go: a failed write is dropped and never fails the
 * reconcile that recorded it (a terminating namespace refuses new Events, for instance).
 * Writes of one Event are serialized, so a count is never lost to a concurrent create.
 */
import type { KubeObject } from '@dojo/kube-api';
import { apiVersionOfType, builtinTypes, type Clock, type ObjectWriter, type ResourceType } from '@dojo/runtime';
import { formatTime } from '@dojo/kube-api';
import { EventAggregator, type EventWrite } from './event-aggregator.ts';

export type EventType = 'Normal' | 'Warning';

export interface EventSource {
  /** e.g. "deployment-controller", "kubelet". */
  readonly component: string;
  /** The node, for the kubelet. */
  readonly host?: string;
}

export interface EventRecorderOptions {
  readonly writer: ObjectWriter;
  readonly clock: Clock;
  readonly source: EventSource;
  /** false records nothing (benchmarks). */
  readonly enabled?: boolean;
  readonly aggregator?: EventAggregator;
}

export class EventRecorder {
  readonly #writer: ObjectWriter;
  readonly #clock: Clock;
  readonly #source: EventSource;
  readonly #enabled: boolean;
  readonly #aggregator: EventAggregator;
  readonly #inFlight = new Map<string, Promise<void>>();
  #sequence = 0;
  #dropped = 0;

  constructor(options: EventRecorderOptions) {
    this.#writer = options.writer;
    this.#clock = options.clock;
    this.#source = options.source;
    this.#enabled = options.enabled ?? true;
    this.#aggregator = options.aggregator ?? new EventAggregator();
  }

  /** Events that could not be written. */
  get dropped(): number {
    return this.#dropped;
  }

  normal(type: ResourceType, object: KubeObject, reason: string, message: string, fieldPath?: string): Promise<void> {
    return this.record(type, object, 'Normal', reason, message, fieldPath);
  }

  warning(type: ResourceType, object: KubeObject, reason: string, message: string, fieldPath?: string): Promise<void> {
    return this.record(type, object, 'Warning', reason, message, fieldPath);
  }

  record(type: ResourceType, object: KubeObject, eventType: EventType, reason: string, message: string, fieldPath?: string): Promise<void> {
    if (!this.#enabled) return Promise.resolve();
    const involved = {
      kind: type.kind,
      namespace: object.metadata.namespace,
      name: object.metadata.name ?? '',
      uid: object.metadata.uid,
      apiVersion: apiVersionOfType(type),
      resourceVersion: object.metadata.resourceVersion,
      ...(fieldPath ? { fieldPath } : {}),
    };
    const key = JSON.stringify([involved.kind, involved.namespace, involved.name, involved.uid, fieldPath, eventType, reason, message, this.#source.component, this.#source.host]);
    const previous = this.#inFlight.get(key) ?? Promise.resolve();
    const write = previous.then(() => this.#write(key, { involved, eventType, reason, message }));
    this.#inFlight.set(key, write);
    void write.finally(() => {
      if (this.#inFlight.get(key) === write) this.#inFlight.delete(key);
    });
    return write;
  }

  async #write(key: string, event: { involved: Record<string, unknown> & { namespace?: string; name: string }; eventType: EventType; reason: string; message: string }): Promise<void> {
    const now = this.#clock.now();
    const timestamp = formatTime(now);
    // client-go names an Event "<object>.<unix nanoseconds in hex>"; the sequence keeps two
    // Events of the same millisecond apart.
    const nanos = BigInt(Math.floor(now)) * 1_000_000n + BigInt(this.#sequence++ % 1_000_000);
    const write = this.#aggregator.next(key, { name: `${event.involved.name}.${nanos.toString(16)}`, namespace: event.involved.namespace || 'default', timestamp });
    try {
      await this.#send(write, event, timestamp);
    } catch {
      this.#aggregator.forget(key);
      this.#dropped++;
    }
  }

  async #send(write: EventWrite, event: { involved: Record<string, unknown>; eventType: EventType; reason: string; message: string }, timestamp: string): Promise<void> {
    const { name, namespace, count, firstTimestamp } = write.event;
    if (write.action === 'increment') {
      await this.#writer.patch(builtinTypes.events, { namespace, name }, { type: 'merge', body: { count, lastTimestamp: timestamp } });
      return;
    }
    await this.#writer.create(builtinTypes.events, {
      apiVersion: 'v1',
      kind: 'Event',
      metadata: { name, namespace },
      involvedObject: event.involved,
      reason: event.reason,
      message: event.message,
      type: event.eventType,
      source: { component: this.#source.component, ...(this.#source.host ? { host: this.#source.host } : {}) },
      reportingComponent: this.#source.component,
      reportingInstance: this.#source.host ?? this.#source.component,
      count,
      firstTimestamp,
      lastTimestamp: timestamp,
      eventTime: null,
    });
  }
}
