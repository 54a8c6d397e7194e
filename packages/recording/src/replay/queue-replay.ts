/**
 * A controller's state at one instant, rebuilt from its journal records up to it: what the
 * runtime's queue and workers would have shown. Each record moves one key:
 * - `enqueue` queued → waiting; merged → one more trigger; dirty → added while processing;
 *   delayed / delay-shortened / delay-merged → waiting until `time + delayMs`;
 * - `backoff` → the delayed key's retry count;
 * - `dequeue` → processing on a worker (a key whose delay fired waited in between: the
 *   delaying queue hands it over without a record, at its ready time);
 * - `reconcile-end` → done: a dirty key is queued again;
 * - `debug` → paused, breakpoints, MaxConcurrentReconciles, fault knobs as set.
 * Counts and statistics come from the `reconcile-end` records.
 */
import type { ControllerDetails, DelayedKey, ProcessingKey, RecordedController, TelemetryRecord, Trigger, WaitingKey } from '@dojo/console-protocol';

interface Waiting {
  since: number;
  triggers: Trigger[];
}

interface Delayed extends Waiting {
  readyAt: number;
  retries: number;
}

interface Sample {
  time: number;
  durationMs: number;
  failed: boolean;
}

const maxTriggers = 10;
const windowMs = 60_000;

export interface ReplayInput {
  readonly controller: RecordedController;
  /** The controller's records up to `at`, oldest first. */
  readonly records: readonly TelemetryRecord[];
  readonly at: number;
  /** Every reconcile of the controller up to `at`, counted in the store (the records may start later). */
  readonly totalReconciles: number;
  /** The records start at the controller's first record of the recording. */
  readonly fromStart: boolean;
}

export function replayController({ controller, records, at, totalReconciles, fromStart }: ReplayInput): ControllerDetails {
  const waiting = new Map<string, Waiting>();
  const dirty = new Map<string, Waiting>();
  const delayed = new Map<string, Delayed>();
  const processing = new Map<string, ProcessingKey>();
  const counters = { adds: 0, merged: 0, gets: 0, dones: 0 };
  const counts = { success: 0, error: 0, requeue: 0, requeueAfter: 0, conflict: 0, terminal: 0, panics: 0, timeouts: 0 };
  const samples: Sample[] = [];
  const breakpoints = new Set<string>();
  const held = new Map<string, number>();
  let paused = false;
  let max = controller.maxConcurrentReconciles;
  let faults = { throwNext: 0, latencyMs: 0, conflictNextWrites: 0 };

  const push = (entry: Waiting, trigger: Trigger) => {
    if (entry.triggers.length < maxTriggers) entry.triggers.push(trigger);
  };
  // The delaying queue hands a key over at its ready time, as an add nobody journals.
  const release = (until: number) => {
    for (const [key, d] of delayed) {
      if (d.readyAt > until) continue;
      delayed.delete(key);
      const into = processing.has(key) ? dirty : waiting;
      const entry = into.get(key);
      if (entry) entry.triggers.push(...d.triggers);
      else into.set(key, { since: d.readyAt, triggers: d.triggers });
    }
  };

  for (const r of records) {
    release(r.time);
    switch (r.type) {
      case 'enqueue': {
        if (r.outcome === 'shutdown') break;
        counters.adds++;
        if (r.merged) counters.merged++;
        if (r.outcome === 'queued' || r.outcome === 'merged') {
          const entry = waiting.get(r.key);
          if (entry) push(entry, r.trigger);
          else waiting.set(r.key, { since: r.time, triggers: [r.trigger] });
        } else if (r.outcome === 'dirty') {
          const entry = dirty.get(r.key);
          if (entry) push(entry, r.trigger);
          else dirty.set(r.key, { since: r.time, triggers: [r.trigger] });
        } else {
          const entry = delayed.get(r.key);
          const readyAt = r.time + (r.delayMs ?? 0);
          if (entry) {
            push(entry, r.trigger);
            if (r.outcome === 'delay-shortened') entry.readyAt = readyAt;
          } else delayed.set(r.key, { since: r.time, readyAt, retries: 0, triggers: [r.trigger] });
        }
        break;
      }
      case 'backoff': {
        const entry = delayed.get(r.key);
        if (entry) entry.retries = r.retries;
        break;
      }
      case 'dequeue':
        counters.gets++;
        waiting.delete(r.key);
        processing.set(r.key, { key: r.key, ...(r.worker >= 0 ? { worker: r.worker } : {}), startedAt: r.time, dirty: false });
        break;
      case 'reconcile-start':
        held.delete(r.key);
        break;
      case 'reconcile-end': {
        counters.dones++;
        processing.delete(r.key);
        const again = dirty.get(r.key);
        if (again) {
          dirty.delete(r.key);
          waiting.set(r.key, again);
        }
        counts[r.result]++;
        if (r.terminal) counts.terminal++;
        if (r.panic) counts.panics++;
        if (r.timedOut) counts.timeouts++;
        samples.push({ time: r.time, durationMs: r.durationMs, failed: r.result === 'error' });
        break;
      }
      case 'debug':
        if (r.action === 'pause') paused = true;
        else if (r.action === 'resume') paused = false;
        else if (r.action === 'breakpoint-set' && r.key) breakpoints.add(r.key);
        else if (r.action === 'breakpoint-cleared' && r.key) {
          breakpoints.delete(r.key);
          held.delete(r.key);
        } else if (r.action === 'breakpoint-hit' && r.key) held.set(r.key, r.worker ?? -1);
        else if (r.action === 'breakpoint-continue' && r.key) held.delete(r.key);
        else if (r.action === 'max-concurrency' && r.value !== undefined) max = r.value;
        else if (r.action === 'faults' && r.detail) faults = { ...faults, ...(JSON.parse(r.detail) as Partial<typeof faults>) };
        break;
      default:
        break;
    }
  }
  release(at);
  for (const key of dirty.keys()) {
    const p = processing.get(key);
    if (p) processing.set(key, { ...p, dirty: true });
  }

  const waitingKey = (key: string, w: Waiting): WaitingKey => ({ key, since: w.since, triggers: w.triggers, droppedTriggers: 0 });
  const queued = [...waiting].map(([k, w]) => waitingKey(k, w)).sort((a, b) => a.since - b.since);
  const delayedKeys: (DelayedKey & { retries: number })[] = [...delayed]
    .map(([key, d]) => ({ key, readyAt: d.readyAt, triggers: d.triggers, droppedTriggers: 0, retries: d.retries }))
    .sort((a, b) => a.readyAt - b.readyAt);
  const recent = samples.filter((s) => at - s.time <= windowMs);
  const durations = recent.map((s) => s.durationMs).sort((a, b) => a - b);
  const pct = (p: number) => (durations.length ? durations[Math.min(durations.length - 1, Math.floor((p / 100) * durations.length))]! : 0);
  const total = Math.max(totalReconciles, samples.length);
  const state = {
    name: controller.name,
    running: true,
    paused,
    breakpoints: [...breakpoints],
    heldAtBreakpoint: [...held].map(([key, worker]) => ({ worker, key })),
    continuedPastBreakpoint: [],
    blockedByBreakpoint: [],
    pendingSteps: 0,
    workers: { busy: processing.size, running: max, max },
    queue: {
      name: controller.name,
      depth: queued.length,
      queued,
      processing: [...processing.values()],
      dirty: [...dirty].map(([k, w]) => waitingKey(k, w)),
      delayed: delayedKeys,
      counters,
      shuttingDown: false,
    },
    counts: { ...counts, total },
    faults: { ...faults, injected: { throws: 0, conflicts: 0 } },
  };
  const since = records[0]?.time ?? at;
  return {
    name: controller.name,
    role: controller.role,
    forKind: controller.forKind,
    paused,
    workers: { busy: processing.size, max },
    depth: queued.length,
    counts: { reconciles: total, errors: counts.error, conflicts: counts.conflict, requeues: counts.requeue + counts.requeueAfter },
    ratePerSecond: Number((recent.filter((s) => at - s.time <= 10_000).length / 10).toFixed(2)),
    errorRate: recent.length ? Number((recent.filter((s) => s.failed).length / recent.length).toFixed(3)) : 0,
    p50Ms: Number(pct(50).toFixed(2)),
    p99Ms: Number(pct(99).toFixed(2)),
    breakpoints: [...breakpoints],
    faults: state.faults,
    watches: controller.watches.map((w) => ({
      ...w,
      passed: 0,
      filtered: 0,
      byType: { create: { passed: 0, dropped: 0 }, update: { passed: 0, dropped: 0 }, delete: { passed: 0, dropped: 0 }, generic: { passed: 0, dropped: 0 } },
    })),
    filteredEvents: 0,
    state,
    reconstructed: {
      at,
      since,
      fromStart,
      unknown: [
        "events its watches' predicates passed or filtered (not journaled)",
        'fault knobs as they counted down (only what was set is journaled), and faults injected',
        'keys held back by a breakpoint while others waited',
        ...(fromStart
          ? []
          : [
              `keys that entered the queue before ${new Date(since).toISOString()} and were not taken since; results of reconciles before then (counted in the total only)`,
            ]),
      ],
    },
  };
}
