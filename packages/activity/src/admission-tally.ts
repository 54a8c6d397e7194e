/**
 * Each admission webhook's and policy's calls, counted from the request journal's records as
 * they are read (`RequestRecord.admission`): what `GET /api/admission` answers for the
 * Overview's cards. A sink like the request log, so a live console counts every record its feed
 * delivers and a recording counts the records up to the instant asked about.
 *
 * A dry run's calls (a form checking its draft as a person types) are counted apart
 * (`dryRunCalls`), never as calls, denials or failures, nor in the rate: nothing was written.
 *
 * Bounded whatever runs: per webhook or policy, the latencies of its last 1,000 calls (the p99)
 * and one counter per second of the rate window; at most `maxEntries` webhooks and policies,
 * the one called least recently forgotten first. Once one has been forgotten, an entry made
 * afterwards may have been called before and forgotten too: its counts say they start at its
 * first call since (`countingSince`), not at the summary's `since`.
 */
import type { AdmissionRecord, AdmissionSummary, AdmissionSummaryEntry, AdmissionVerdict, RequestJournalRecord } from '@dojo/console-protocol';
import type { RequestSink } from './request-log.ts';

export interface AdmissionTallyOptions {
  /** The window calls per second are taken over (default 60 s). */
  readonly windowSeconds?: number;
  /** Calls whose latency the p99 is taken over (default 1,000). */
  readonly latencies?: number;
  /** Webhooks and policies tallied at once (default 1,000). */
  readonly maxEntries?: number;
}

class Entry {
  calls = 0;
  dryRunCalls = 0;
  denials = 0;
  failures = 0;
  lastCall = 0;
  lastVerdict: AdmissionVerdict = 'allowed';
  lastMessage: string | undefined;
  readonly #latencies: Float64Array;
  #latencyCount = 0;
  /** Calls in each second of the window: `seconds[i]` is the epoch second `counts[i]` counts. */
  readonly #seconds: Float64Array;
  readonly #counts: Uint32Array;

  constructor(
    readonly record: Pick<AdmissionRecord, 'kind' | 'name' | 'configuration'>,
    latencies: number,
    windowSeconds: number,
    /** Epoch ms its counts start from, when later than the summary's `since`. */
    readonly countingSince: number | undefined,
  ) {
    this.#latencies = new Float64Array(latencies);
    this.#seconds = new Float64Array(windowSeconds).fill(-1);
    this.#counts = new Uint32Array(windowSeconds);
  }

  add(call: AdmissionRecord, time: number, dryRun: boolean): void {
    this.#latencies[this.#latencyCount++ % this.#latencies.length] = call.latencyMs;
    if (dryRun) {
      this.dryRunCalls++;
      return;
    }
    this.calls++;
    if (call.verdict === 'denied') this.denials++;
    if (call.verdict === 'error') this.failures++;
    const second = Math.floor(time / 1000);
    const slot = second % this.#seconds.length;
    if (this.#seconds[slot] !== second) {
      this.#seconds[slot] = second;
      this.#counts[slot] = 0;
    }
    this.#counts[slot]!++;
    if (time >= this.lastCall) {
      this.lastCall = time;
      this.lastVerdict = call.verdict;
      this.lastMessage = call.message;
    }
  }

  summary(now: number, since: number): AdmissionSummaryEntry {
    const nowSecond = Math.floor(now / 1000);
    let recent = 0;
    for (let i = 0; i < this.#seconds.length; i++) {
      const age = nowSecond - this.#seconds[i]!;
      if (age >= 0 && age < this.#seconds.length) recent += this.#counts[i]!;
    }
    const latencies = this.#latencies.slice(0, Math.min(this.#latencyCount, this.#latencies.length)).sort();
    const p99 = latencies.length ? latencies[Math.ceil(latencies.length * 0.99) - 1]! : 0;
    return {
      kind: this.record.kind,
      name: this.record.name,
      configuration: this.record.configuration,
      calls: this.calls,
      dryRunCalls: this.dryRunCalls,
      countingSince: this.countingSince ?? since,
      callsPerSecond: recent / this.#seconds.length,
      denials: this.denials,
      failures: this.failures,
      p99LatencyMs: p99,
      lastCall: this.lastCall,
      lastVerdict: this.lastVerdict,
      ...(this.lastMessage !== undefined ? { lastMessage: this.lastMessage } : {}),
    };
  }
}

export class AdmissionTally implements RequestSink {
  readonly #windowSeconds: number;
  readonly #latencies: number;
  readonly #maxEntries: number;
  /** In order of last call, least recent first (an entry moves to the end when called). */
  readonly #entries = new Map<string, Entry>();
  #since: number | undefined;
  /** Whether an entry was ever forgotten: from then on a new entry cannot say it was never called. */
  #forgotten = false;

  constructor(options: AdmissionTallyOptions = {}) {
    this.#windowSeconds = options.windowSeconds ?? 60;
    this.#latencies = options.latencies ?? 1000;
    this.#maxEntries = options.maxEntries ?? 1000;
  }

  append(record: RequestJournalRecord): void {
    this.#since ??= record.time;
    if (record.type !== 'request' || !record.admission) return;
    for (const call of record.admission) {
      const key = JSON.stringify([call.kind, call.configuration, call.name]);
      let entry = this.#entries.get(key);
      if (entry) this.#entries.delete(key);
      else entry = new Entry(call, this.#latencies, this.#windowSeconds, this.#forgotten ? record.time : undefined);
      this.#entries.set(key, entry);
      entry.add(call, record.time, record.dryRun === true);
      if (this.#entries.size > this.#maxEntries) {
        this.#entries.delete(this.#entries.keys().next().value!);
        this.#forgotten = true;
      }
    }
  }

  /** Every webhook and policy called, by kind, name and configuration; rates as of `now`. */
  summary(now: number): AdmissionSummary {
    const since = this.#since ?? now;
    const entries = [...this.#entries.values()]
      .map((entry) => entry.summary(now, since))
      .sort((a, b) => a.kind.localeCompare(b.kind) || a.name.localeCompare(b.name) || a.configuration.localeCompare(b.configuration));
    return { entries, windowSeconds: this.#windowSeconds, since };
  }
}
