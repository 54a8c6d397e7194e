/**
 * The controllers the console shows and drives: the operator's and the simulated control
 * plane's ("system"), with rolling statistics (rate, error rate, p50/p99) computed from the
 * telemetry journal over the last minute, and each watch's events passed and filtered by its
 * predicates (the events that never became a reconcile).
 *
 * Statistics are kept for the console's own controllers only: the telemetry journal also holds
 * reconciles of controllers named by outside parties (inferred from clients, received as OTLP
 * spans, under names of their own: client-identity.ts, receive-reconciles.ts), and a sample
 * ring per such name would be memory any sender could buy (issue 35).
 */
import type { ControllerDetails, ControllerSummary, WatchSummary } from '@dojo/console-protocol';
import type { Controller, Journal, WatchSourceInfo } from '@dojo/runtime';
import type { ControllerView } from '@dojo/console-live';
import { ReconcileSamples } from './reconcile-samples.ts';

export interface ConsoleController {
  controller: Controller;
  role: ControllerSummary['role'];
  forKind: ControllerSummary['forKind'];
}

const windowMs = 60_000;
const maxSamples = 20_000;
// Rate and percentiles over a minute barely move in a second; the bench polls every 50 ms and
// each UI tab every second, and sorting a minute of reconciles each time showed in profiles.
const statsMaxAgeMs = 1000;

interface RollingStats {
  at: number;
  ratePerSecond: number;
  errorRate: number;
  p50Ms: number;
  p99Ms: number;
}

function summarizeWatch(source: WatchSourceInfo): WatchSummary {
  const counts = Object.values(source.predicates);
  return {
    relation: source.relation,
    kind: source.kind,
    resource: source.resource,
    passed: counts.reduce((sum, c) => sum + c.passed, 0),
    filtered: counts.reduce((sum, c) => sum + c.dropped, 0),
    byType: source.predicates,
  };
}

export class ConsoleControllers implements ControllerView {
  private readonly entries = new Map<string, ConsoleController>();
  private readonly samples = new Map<string, ReconcileSamples>();
  private readonly stats = new Map<string, RollingStats>();
  private readonly unsubscribe: () => void;

  /** `watchSources` reads a controller's watches from whoever built it (the Manager). */
  constructor(
    private readonly journal: Journal,
    private readonly watchSources: (controllerName: string) => readonly WatchSourceInfo[] = () => [],
  ) {
    this.unsubscribe = journal.subscribe(journal.lastSeq + 1, (delivery) => {
      if (delivery.resync || delivery.record.type !== 'reconcile-end') return;
      const r = delivery.record;
      if (!this.entries.has(r.controller)) return;
      let samples = this.samples.get(r.controller);
      // A ring: no shifting past the cap (a splice on every reconcile past it shifted 20,000
      // samples each time, 8% of the console's CPU with 10,000 Dojos converging).
      if (!samples) this.samples.set(r.controller, (samples = new ReconcileSamples(maxSamples)));
      samples.push({ at: r.time, durationMs: r.durationMs, failed: r.result === 'error' });
    });
  }

  add(entry: ConsoleController): void {
    this.entries.set(entry.controller.name, entry);
  }

  get(name: string): ConsoleController | undefined {
    return this.entries.get(name);
  }

  all(): ConsoleController[] {
    return [...this.entries.values()];
  }

  list(): ControllerSummary[] {
    return this.all().map((c) => this.summary(c));
  }

  describe(name: string): ControllerDetails | undefined {
    const entry = this.get(name);
    return entry ? this.details(entry) : undefined;
  }

  /** Constant cost in the queue's depth (`status()`, not a snapshot); rolling stats at most 1 s old. */
  summary(entry: ConsoleController, now = Date.now()): ControllerSummary {
    const state = entry.controller.status();
    const { ratePerSecond, errorRate, p50Ms, p99Ms } = this.rollingStats(state.name, now);
    const watches = this.watchSources(state.name).map(summarizeWatch);
    return {
      name: state.name,
      role: entry.role,
      forKind: entry.forKind,
      paused: state.paused,
      workers: { busy: state.workers.busy, max: state.workers.max },
      depth: state.depth,
      counts: {
        reconciles: state.counts.total,
        errors: state.counts.error,
        conflicts: state.counts.conflict,
        requeues: state.counts.requeue + state.counts.requeueAfter,
      },
      ratePerSecond,
      errorRate,
      p50Ms,
      p99Ms,
      breakpoints: state.breakpoints,
      faults: state.faults,
      watches,
      filteredEvents: watches.reduce((sum, w) => sum + w.filtered, 0),
    };
  }

  private rollingStats(name: string, now: number): RollingStats {
    const cached = this.stats.get(name);
    if (cached && now >= cached.at && now - cached.at < statsMaxAgeMs) return cached;
    const recent = this.samples.get(name)?.since(now - windowMs) ?? [];
    const durations = recent.map((s) => s.durationMs).sort((a, b) => a - b);
    const pct = (p: number) => (durations.length ? durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))]! : 0);
    const lastTen = recent.filter((s) => now - s.at <= 10_000);
    const stats: RollingStats = {
      at: now,
      ratePerSecond: Number((lastTen.length / 10).toFixed(2)),
      errorRate: recent.length ? Number((recent.filter((s) => s.failed).length / recent.length).toFixed(3)) : 0,
      p50Ms: Number(pct(50).toFixed(2)),
      p99Ms: Number(pct(99).toFixed(2)),
    };
    this.stats.set(name, stats);
    return stats;
  }

  details(entry: ConsoleController): ControllerDetails {
    return { ...this.summary(entry), state: entry.controller.state() };
  }

  close(): void {
    this.unsubscribe();
  }
}
