/**
 * Reads controller summaries and states defensively: a field the server leaves out becomes a
 * neutral value instead of a crash, and the runtime's own count names (`total`, `error`,
 * `conflict`, `requeue` + `requeueAfter`) are accepted next to the protocol's.
 */
import type { ControllerFaults, ControllerState, ControllerSummary, QueueState, QueuedKey, WatchEventType, WatchSummary } from '../../../lib/protocol.ts';

type Loose = Record<string, unknown>;

const num = (value: unknown, fallback = 0): number => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const obj = (value: unknown): Loose => (value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : {});
const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const str = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

function decodeFaults(value: unknown): ControllerFaults {
  const f = obj(value);
  const injected = obj(f.injected);
  return {
    conflictNextWrites: num(f.conflictNextWrites),
    throwNext: num(f.throwNext),
    latencyMs: num(f.latencyMs),
    injected: { throws: num(injected.throws), conflicts: num(injected.conflicts) },
  };
}

const watchEventTypes: readonly WatchEventType[] = ['create', 'update', 'delete', 'generic'];
const relations: readonly WatchSummary['relation'][] = ['for', 'owns', 'watches'];

function decodeWatch(value: unknown): WatchSummary {
  const w = obj(value);
  const byTypeIn = obj(w.byType);
  const byType = Object.fromEntries(
    watchEventTypes.map((t) => {
      const c = obj(byTypeIn[t]);
      return [t, { passed: num(c.passed), dropped: num(c.dropped) }];
    }),
  ) as WatchSummary['byType'];
  const relation = relations.find((r) => r === w.relation) ?? 'watches';
  return { relation, kind: str(w.kind), resource: str(w.resource), passed: num(w.passed), filtered: num(w.filtered), byType };
}

export function decodeControllerSummary(value: unknown): ControllerSummary {
  const c = obj(value);
  const counts = obj(c.counts);
  const workers = obj(c.workers);
  const forKind = obj(c.forKind);
  return {
    name: str(c.name, 'unknown'),
    role: c.role === 'system' ? 'system' : 'operator',
    forKind: { group: str(forKind.group), version: str(forKind.version), kind: str(forKind.kind) },
    paused: c.paused === true,
    workers: { busy: num(workers.busy), max: num(workers.max, 1), ...(typeof workers.running === 'number' ? { running: workers.running } : {}) },
    depth: num(c.depth, num(obj(c.queue).depth)),
    counts: {
      reconciles: num(counts.reconciles, num(counts.total)),
      errors: num(counts.errors, num(counts.error)),
      conflicts: num(counts.conflicts, num(counts.conflict)),
      requeues: num(counts.requeues, num(counts.requeue) + num(counts.requeueAfter)),
    },
    ratePerSecond: num(c.ratePerSecond),
    errorRate: num(c.errorRate),
    p50Ms: num(c.p50Ms),
    p99Ms: num(c.p99Ms),
    breakpoints: arr(c.breakpoints).filter((b): b is string => typeof b === 'string'),
    faults: decodeFaults(c.faults),
    watches: arr(c.watches).map(decodeWatch),
    filteredEvents: num(c.filteredEvents),
  };
}

function decodeWaiting(value: unknown): QueuedKey {
  if (typeof value === 'string') return { key: value, since: 0, triggers: [] };
  const w = obj(value);
  return { key: str(w.key), since: num(w.since), triggers: arr(w.triggers).map(obj) as QueuedKey['triggers'], droppedTriggers: num(w.droppedTriggers) };
}

export function decodeQueue(value: unknown): QueueState {
  const q = obj(value);
  const counters = obj(q.counters);
  return {
    queued: arr(q.queued).map(decodeWaiting),
    processing: arr(q.processing).map((p) => {
      const o = obj(p);
      return { key: str(o.key), ...(typeof o.worker === 'number' ? { worker: o.worker } : {}), startedAt: num(o.startedAt), dirty: o.dirty === true };
    }),
    dirty: arr(q.dirty).map(decodeWaiting),
    delayed: arr(q.delayed).map((d) => {
      const o = obj(d);
      return { key: str(o.key), readyAt: num(o.readyAt), retries: num(o.retries), triggers: arr(o.triggers).map(obj) as QueuedKey['triggers'] };
    }),
    counters: { adds: num(counters.adds), merged: num(counters.merged), gets: num(counters.gets), dones: num(counters.dones) },
  };
}

/** The queue sits at `queue` (protocol) or under the runtime's own `state` object. */
export function decodeControllerState(value: unknown): ControllerState {
  const s = obj(value);
  const runtime = obj(s.state);
  return {
    ...decodeControllerSummary(value),
    queue: decodeQueue(s.queue ?? runtime.queue),
    heldAtBreakpoint: arr(s.heldAtBreakpoint ?? runtime.heldAtBreakpoint).map((h) => ({ worker: num(obj(h).worker), key: str(obj(h).key) })),
  };
}
