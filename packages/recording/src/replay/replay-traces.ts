/**
 * `GET /api/traces` in a recording: what the recorded console's OTLP receiver had, read-only.
 * The recorded console kept whether its receiver was on, its traced controllers' services and
 * the clients they are (recording/session-facts.ts, meta `traces`); their counts are those of
 * the recorded reconciles in the recording's window, counted on the history store's controller
 * index. A recording made before consoles kept that says `unknown`, and its traced controllers
 * are found among its newest reconciles. A recording never receives: nothing here changes, so
 * the answer is made once.
 */
import type { ReconcileEndRecord, ReconcileStartRecord, TelemetryRecord, TraceReceiverSnapshot, TracedControllerSummary } from '@dojo/console-protocol';
import type { HistoryStream } from '@dojo/history';
import { receivedFromTrace } from '@dojo/telemetry-sources';

type TracedService = Pick<TracedControllerSummary, 'controller' | 'service' | 'client'>;

const scanned = 50_000;

export class ReplayTraces {
  readonly #telemetry: HistoryStream<TelemetryRecord>;
  readonly #kept: TraceReceiverSnapshot | undefined;
  readonly #end: number;
  #answer: TraceReceiverSnapshot | undefined;

  /** `kept`: the recording's meta `traces`, as read from its header (anything else counts as absent). */
  constructor(telemetry: HistoryStream<TelemetryRecord>, kept: unknown, end: number) {
    this.#telemetry = telemetry;
    this.#kept = isSnapshot(kept) ? kept : undefined;
    this.#end = end;
  }

  snapshot(): TraceReceiverSnapshot {
    return (this.#answer ??= this.#replay());
  }

  #replay(): TraceReceiverSnapshot {
    const kept = this.#kept;
    const services = kept
      ? kept.controllers.map(({ controller, service, client }) => ({ controller, service, ...(client === undefined ? {} : { client }) }))
      : this.#foundIn();
    const controllers = services.flatMap((s) => this.#summary(s) ?? []);
    return {
      enabled: kept ? kept.enabled : controllers.length > 0,
      path: '/v1/traces',
      requests: kept?.requests ?? 0,
      spans: kept?.spans ?? 0,
      rejectedSpans: kept?.rejectedSpans ?? 0,
      ...(kept?.lastReceivedAt === undefined ? {} : { lastReceivedAt: kept.lastReceivedAt }),
      controllers,
      recorded: { receiver: kept ? (kept.enabled ? 'on' : 'off') : 'unknown' },
    };
  }

  /** The counts of its recorded reconciles; undefined when the window holds none. */
  #summary(traced: TracedService): TracedControllerSummary | undefined {
    const to = this.#end + 1;
    const where = { controller: traced.controller };
    const reconciles = this.#telemetry.count({ where, types: ['reconcile-start'], to });
    if (reconciles === 0) return undefined;
    const ends = this.#telemetry.query({ where, types: ['reconcile-end'], to, newest: true, limit: scanned }) as ReconcileEndRecord[];
    const [first] = this.#telemetry.headers({ where, types: ['reconcile-end'], to, limit: 1 });
    const last = ends[ends.length - 1];
    return {
      ...traced,
      reconciles,
      errors: ends.filter((e) => e.result === 'error').length,
      conflicts: this.#telemetry.count({ where, types: ['conflict'], to }),
      apiCalls: this.#telemetry.count({ where, types: ['api-call'], to }),
      firstSeen: first?.time ?? last?.time ?? 0,
      lastSeen: last?.time ?? 0,
    };
  }

  /** Traced controllers among the newest recorded reconciles (a recording that kept no `traces`). */
  #foundIn(): TracedService[] {
    const found = new Map<string, TracedService>();
    const starts = this.#telemetry.query({ types: ['reconcile-start'], to: this.#end + 1, newest: true, limit: scanned }) as ReconcileStartRecord[];
    for (const start of starts)
      if (receivedFromTrace(start) && !found.has(start.controller))
        found.set(start.controller, { controller: start.controller, service: start.traced.service });
    return [...found.values()].sort((a, b) => a.controller.localeCompare(b.controller));
  }
}

function isSnapshot(value: unknown): value is TraceReceiverSnapshot {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as TraceReceiverSnapshot).enabled === 'boolean' &&
    Array.isArray((value as TraceReceiverSnapshot).controllers)
  );
}
