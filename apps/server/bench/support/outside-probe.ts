/**
 * A process's memory and CPU read from outside it, through Linux's /proc/<pid>: nothing is
 * loaded into the process measured (support/process-probe.ts is the inside view, for servers a
 * benchmark starts its own way). Linux only.
 *
 * - Peak RSS: the kernel's own high-water mark (`VmHWM`, every page the process ever had
 *   resident, between samples too), restarted at `reset()` by writing 5 to
 *   /proc/<pid>/clear_refs; where that is refused, the highest sampled `VmRSS` instead (the
 *   result says which).
 * - CPU: user + system time of the whole process and of its main thread (the thread whose id is
 *   the process id: the console's event loop), from /proc/<pid>/stat and
 *   /proc/<pid>/task/<pid>/stat, in clock ticks of 1/100 s. A main-thread share near 1.0 means
 *   the event loop never waited for work: everything it serves queues behind everything else.
 * - The busiest other thread (the embedded API server's, the history writer's, V8's and libuv's
 *   helpers share the name "node", so they are told apart by id only).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { round } from './percentiles.ts';

/** USER_HZ: what /proc's tick counts are in on every Linux Node runs on. */
const ticksPerSecond = 100;

export interface OutsideReading {
  peakRssMb: number;
  /** `kernel-high-water-mark` (VmHWM after clear_refs) or `sampled` (highest VmRSS seen every `sampleMs`). */
  peakRssFrom: 'kernel-high-water-mark' | 'sampled';
  rssAtEndMb: number;
  cpuSeconds: number;
  /** CPU seconds over the window's wall seconds: 1.0 is one core busy all the time. */
  cpuShare: number;
  mainThreadCpuSeconds: number;
  mainThreadCpuShare: number;
  busiestOtherThread: { tid: number; cpuSeconds: number; cpuShare: number } | null;
  threads: number;
  windowSeconds: number;
  /** RSS every `timelineMs`, to tell a transient peak from growth. */
  rssTimelineMb: { atSeconds: number; rssMb: number }[];
}

const kbField = (status: string, field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);

/** utime + stime of one /proc stat line; the command name may hold spaces, so fields count from its closing parenthesis. */
function cpuTicks(statPath: string): number {
  const stat = readFileSync(statPath, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 14 and 15 of proc(5), counted from the state (field 3) here.
  return Number(fields[11]) + Number(fields[12]);
}

export class OutsideProbe {
  readonly #pid: number;
  readonly #sampleMs: number;
  readonly #timelineMs: number;
  #timer?: ReturnType<typeof setInterval>;
  #windowStart = 0;
  #processTicksAt = 0;
  #threadTicksAt = new Map<number, number>();
  #sampledPeakKb = 0;
  #kernelPeak = false;
  #timeline: OutsideReading['rssTimelineMb'] = [];
  #nextTimelineAt = 0;

  constructor(pid: number, options: { sampleMs?: number; timelineMs?: number } = {}) {
    this.#pid = pid;
    this.#sampleMs = options.sampleMs ?? 250;
    this.#timelineMs = options.timelineMs ?? 2000;
  }

  /** Starts a window: peak, CPU and timeline count from now. */
  reset(): void {
    try {
      writeFileSync(`/proc/${this.#pid}/clear_refs`, '5');
      this.#kernelPeak = true;
    } catch {
      this.#kernelPeak = false;
    }
    this.#windowStart = performance.now();
    this.#processTicksAt = cpuTicks(`/proc/${this.#pid}/stat`);
    this.#threadTicksAt = this.#threadTicks();
    this.#sampledPeakKb = this.#rssKb();
    this.#timeline = [];
    this.#nextTimelineAt = 0;
    clearInterval(this.#timer);
    this.#timer = setInterval(() => this.#sample(), this.#sampleMs);
    this.#timer.unref();
  }

  /** The window so far; the window goes on until the next `reset()` or `stop()`. */
  read(): OutsideReading {
    this.#sample();
    const windowSeconds = (performance.now() - this.#windowStart) / 1000;
    const status = readFileSync(`/proc/${this.#pid}/status`, 'utf8');
    const cpuSeconds = (cpuTicks(`/proc/${this.#pid}/stat`) - this.#processTicksAt) / ticksPerSecond;
    const byThread = [...this.#threadTicks()].map(([tid, ticks]) => ({ tid, cpuSeconds: (ticks - (this.#threadTicksAt.get(tid) ?? 0)) / ticksPerSecond }));
    const main = byThread.find((t) => t.tid === this.#pid)?.cpuSeconds ?? 0;
    const busiest = byThread.filter((t) => t.tid !== this.#pid).sort((a, b) => b.cpuSeconds - a.cpuSeconds)[0];
    const share = (seconds: number): number => round(seconds / windowSeconds, 2);
    return {
      peakRssMb: Math.round((this.#kernelPeak ? kbField(status, 'VmHWM') : this.#sampledPeakKb) / 1024),
      peakRssFrom: this.#kernelPeak ? 'kernel-high-water-mark' : 'sampled',
      rssAtEndMb: Math.round(kbField(status, 'VmRSS') / 1024),
      cpuSeconds: round(cpuSeconds, 2),
      cpuShare: share(cpuSeconds),
      mainThreadCpuSeconds: round(main, 2),
      mainThreadCpuShare: share(main),
      busiestOtherThread: busiest ? { tid: busiest.tid, cpuSeconds: round(busiest.cpuSeconds, 2), cpuShare: share(busiest.cpuSeconds) } : null,
      threads: byThread.length,
      windowSeconds: round(windowSeconds, 2),
      rssTimelineMb: this.#timeline,
    };
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  #rssKb(): number {
    return kbField(readFileSync(`/proc/${this.#pid}/status`, 'utf8'), 'VmRSS');
  }

  #threadTicks(): Map<number, number> {
    const ticks = new Map<number, number>();
    for (const tid of readdirSync(`/proc/${this.#pid}/task`)) {
      try {
        ticks.set(Number(tid), cpuTicks(`/proc/${this.#pid}/task/${tid}/stat`));
      } catch {
        // A thread that ended between the listing and the read.
      }
    }
    return ticks;
  }

  #sample(): void {
    let rssKb: number;
    try {
      rssKb = this.#rssKb();
    } catch {
      return; // The process is gone; read() says what was seen until then.
    }
    this.#sampledPeakKb = Math.max(this.#sampledPeakKb, rssKb);
    const at = performance.now() - this.#windowStart;
    if (at >= this.#nextTimelineAt) {
      this.#timeline.push({ atSeconds: round(at / 1000, 1), rssMb: Math.round(rssKb / 1024) });
      this.#nextTimelineAt += this.#timelineMs;
    }
  }
}
