/**
 * Samples the console's `GET /api/controllers` (docs/protocol.md) at a fixed interval: queue
 * depth peaks per controller and across all of them at one instant, and the reconcile and
 * conflict counters between two snapshots. Polling costs the server a little CPU per sample;
 * it is the same view the UI's metrics subscription gets every second.
 */

interface ControllerSummary {
  name: string;
  depth: number;
  workers: { busy: number; max: number };
  counts: { reconciles: number; errors: number; conflicts: number; requeues: number };
  /** Reconcile durations over the console's last 60 s (its rolling window). */
  p50Ms: number;
  p99Ms: number;
}

export type Counts = Record<string, ControllerSummary['counts']>;

export interface SamplerResult {
  samples: number;
  intervalMs: number;
  /** Highest depth each controller's queue reached (only controllers that queued anything). */
  peakDepth: Record<string, number>;
  /** Highest sum of all queue depths in one sample. */
  peakTotalDepth: number;
  /**
   * Mean share of each controller's workers busy over the samples (only controllers that
   * queued anything): one near 1 with a deep queue is the stage the pipeline waits on.
   */
  busyShare: Record<string, number>;
  /**
   * Every sample: seconds since start(), and each controller's queue depth and busy workers
   * (only those with either), to see which stage the pipeline waited on, and when.
   */
  timeline: { atSeconds: number; depth: Record<string, number>; busy: Record<string, number> }[];
  /** Reconcile duration p50/p99 over the console's last 60 s, at the last sample (controllers that reconciled then). */
  reconcileMsAtEnd: Record<string, { p50Ms: number; p99Ms: number }>;
}

export class ControllerSampler {
  readonly #base: string;
  readonly #token: string;
  readonly #intervalMs: number;
  readonly #peak = new Map<string, number>();
  readonly #busy = new Map<string, number>();
  #peakTotal = 0;
  #timeline: SamplerResult['timeline'] = [];
  #startedAt = 0;
  #last: ControllerSummary[] = [];
  #samples = 0;
  #timer?: ReturnType<typeof setTimeout>;
  #running = false;

  constructor(base: string, token: string, intervalMs = 50) {
    this.#base = base;
    this.#token = token;
    this.#intervalMs = intervalMs;
  }

  async counts(): Promise<Counts> {
    const summaries = await this.#fetch();
    return Object.fromEntries(summaries.map((s) => [s.name, s.counts]));
  }

  start(): void {
    this.#running = true;
    this.#startedAt = performance.now();
    const tick = async (): Promise<void> => {
      if (!this.#running) return;
      const started = performance.now();
      try {
        const summaries = await this.#fetch();
        this.#samples++;
        this.#last = summaries;
        let total = 0;
        const depth: Record<string, number> = {};
        const busy: Record<string, number> = {};
        for (const s of summaries) {
          if (s.depth) depth[s.name] = s.depth;
          if (s.workers.busy) busy[s.name] = s.workers.busy;
          total += s.depth;
          if (s.depth > (this.#peak.get(s.name) ?? 0)) this.#peak.set(s.name, s.depth);
          this.#busy.set(s.name, (this.#busy.get(s.name) ?? 0) + s.workers.busy / Math.max(1, s.workers.max));
        }
        this.#peakTotal = Math.max(this.#peakTotal, total);
        this.#timeline.push({ atSeconds: Math.round((started - this.#startedAt) / 100) / 10, depth, busy });
      } catch {
        // A sample lost to a busy server is a gap, not a failure of the benchmark.
      }
      if (this.#running) this.#timer = setTimeout(tick, Math.max(0, this.#intervalMs - (performance.now() - started)));
    };
    void tick();
  }

  stop(): SamplerResult {
    this.#running = false;
    clearTimeout(this.#timer);
    const busyShare = [...this.#peak.keys()].map((name): [string, number] => [
      name,
      Math.round((100 * (this.#busy.get(name) ?? 0)) / Math.max(1, this.#samples)) / 100,
    ]);
    return {
      samples: this.#samples,
      intervalMs: this.#intervalMs,
      peakDepth: Object.fromEntries([...this.#peak].sort((a, b) => b[1] - a[1])),
      peakTotalDepth: this.#peakTotal,
      busyShare: Object.fromEntries(busyShare.sort((a, b) => b[1] - a[1])),
      timeline: this.#timeline,
      reconcileMsAtEnd: Object.fromEntries(this.#last.filter((s) => s.p50Ms > 0).map((s) => [s.name, { p50Ms: s.p50Ms, p99Ms: s.p99Ms }])),
    };
  }

  async #fetch(): Promise<ControllerSummary[]> {
    const res = await fetch(`${this.#base}/api/controllers`, { headers: { authorization: `Bearer ${this.#token}` } });
    if (!res.ok) throw new Error(`GET /api/controllers: ${res.status}`);
    return ((await res.json()) as { controllers: ControllerSummary[] }).controllers;
  }
}

/** Per-controller and total differences between two `counts()` snapshots. */
export function countsBetween(before: Counts, after: Counts): { total: { reconciles: number; conflicts: number; errors: number }; byController: Counts } {
  const byController: Counts = {};
  const total = { reconciles: 0, conflicts: 0, errors: 0 };
  for (const [name, a] of Object.entries(after)) {
    const b = before[name] ?? { reconciles: 0, errors: 0, conflicts: 0, requeues: 0 };
    const d = { reconciles: a.reconciles - b.reconciles, errors: a.errors - b.errors, conflicts: a.conflicts - b.conflicts, requeues: a.requeues - b.requeues };
    if (d.reconciles === 0) continue;
    byController[name] = d;
    total.reconciles += d.reconciles;
    total.conflicts += d.conflicts;
    total.errors += d.errors;
  }
  return { total, byController };
}
