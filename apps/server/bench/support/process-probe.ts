/**
 * Preloaded into a server under test (`node --import tsx --import <this file> ...`): measures
 * that process's event-loop delay, peak RSS and CPU time from inside it, and answers the
 * benchmark over the IPC channel. The console's own /metrics has no Node process metrics, and
 * measuring from the benchmark's process would measure the load generator instead.
 *
 * Messages: `{probe: 'reset'}` starts a new window; `{probe: 'read'}` answers a `ProbeReading`
 * for the window so far; `{probe: 'heap-snapshot', dir}` writes a V8 heap snapshot of every
 * thread into `dir` (answers `snapshot-written`); `{probe: 'exit'}` ends the process normally,
 * so that a `--cpu-prof` profile gets written (a SIGKILL would lose it). Without an IPC channel
 * (run by hand) it does nothing.
 */
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { writeHeapSnapshot } from 'node:v8';
import { threadMemory } from '@dojo/apiserver';
import { nativeMemory } from './native-memory.ts';

export interface ProbeReading {
  probe: 'reading';
  /** Event-loop delay in the window, from a 10 ms-resolution sampler (as prom-client's). */
  eventLoopDelay: { p50Ms: number; p99Ms: number; maxMs: number; meanMs: number };
  rssMb: number;
  peakRssMb: number;
  /** User + system CPU time in the window, and that over the window's wall time. */
  cpuSeconds: number;
  cpuShare: number;
  windowSeconds: number;
  /**
   * Where the RSS is at the end of the window, in MB: the main thread's V8 heap (used, and
   * resident), its young generation, memory bound to native objects (ArrayBuffers among it),
   * glibc's malloc arenas and other anonymous memory (support/native-memory.ts), and what other
   * threads report (`addMemorySource`).
   */
  memoryMb: MemoryBreakdown;
  /** The same breakdown every `timelineMs` over the window, to tell a transient peak from growth. */
  timeline: ({ atSeconds: number } & MemoryBreakdown)[];
}

export type MemoryBreakdown = { rss: number; mainHeapUsed: number; external: number } & Record<string, number>;

type MemorySource = () => Promise<Record<string, number>>;
const memorySources: MemorySource[] = [];
type SnapshotSource = (dir: string) => Promise<string>;
const snapshotSources: SnapshotSource[] = [];

/** Another thread's memory (bytes by name), read with every reading; e.g. the API server thread's heap. */
export function addMemorySource(source: MemorySource): void {
  memorySources.push(source);
}

/** Another thread's heap snapshot, written with the main thread's; answers the file. */
export function addSnapshotSource(source: SnapshotSource): void {
  snapshotSources.push(source);
}

const timelineMs = 2000;

if (process.send) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let peakRss = process.memoryUsage.rss();
  let cpuAt = process.cpuUsage();
  let windowStart = performance.now();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
  sampler.unref();
  const ms = (ns: number): number => Number((ns / 1e6).toFixed(2));
  const mb = (bytes: number): number => Math.round(bytes / 1024 / 1024);

  const memoryNow = async (): Promise<MemoryBreakdown> => {
    const main = threadMemory();
    const native = await nativeMemory();
    const memory: MemoryBreakdown = {
      rss: mb(native.rssKb * 1024),
      mainHeapUsed: mb(main.heapUsed),
      mainHeapPhysical: mb(main.heapPhysical),
      mainNewSpace: mb(main.newSpace),
      external: mb(main.external),
      arrayBuffers: mb(main.arrayBuffers),
      mallocMainArena: mb(native.mainArenaKb * 1024),
      mallocThreadArenas: mb(native.threadArenasKb * 1024),
      mallocThreadArenaCount: native.threadArenas,
      otherAnon: mb(native.otherAnonKb * 1024),
      file: mb(native.fileKb * 1024),
    };
    for (const source of memorySources) for (const [name, bytes] of Object.entries(await source())) memory[name] = mb(bytes);
    return memory;
  };
  let timeline: ProbeReading['timeline'] = [];
  let sampling = false;
  const timelineSampler = setInterval(() => {
    if (sampling) return;
    sampling = true;
    const atSeconds = Number(((performance.now() - windowStart) / 1000).toFixed(1));
    void memoryNow()
      .then((memory) => timeline.push({ atSeconds, ...memory }))
      .finally(() => (sampling = false));
  }, timelineMs);
  timelineSampler.unref();
  const read = async (): Promise<ProbeReading> => {
    const rss = process.memoryUsage.rss();
    peakRss = Math.max(peakRss, rss);
    const cpu = process.cpuUsage(cpuAt);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const windowSeconds = (performance.now() - windowStart) / 1000;
    return {
      probe: 'reading',
      eventLoopDelay: { p50Ms: ms(histogram.percentile(50)), p99Ms: ms(histogram.percentile(99)), maxMs: ms(histogram.max), meanMs: ms(histogram.mean) },
      rssMb: mb(rss),
      peakRssMb: mb(peakRss),
      cpuSeconds: Number(cpuSeconds.toFixed(2)),
      cpuShare: Number((cpuSeconds / windowSeconds).toFixed(2)),
      windowSeconds: Number(windowSeconds.toFixed(2)),
      memoryMb: await memoryNow(),
      timeline,
    };
  };
  const snapshot = async (dir: string): Promise<string[]> => {
    const files = [writeHeapSnapshot(join(dir, `console-${process.pid}-${Date.now()}.heapsnapshot`))];
    for (const source of snapshotSources) files.push(await source(dir));
    return files;
  };

  process.on('message', (message: { probe?: string; dir?: string }) => {
    if (message.probe === 'reset') {
      histogram.reset();
      timeline = [];
      peakRss = process.memoryUsage.rss();
      cpuAt = process.cpuUsage();
      windowStart = performance.now();
      process.send!({ probe: 'reset-done' });
    } else if (message.probe === 'read') {
      void read().then((reading) => process.send!(reading));
    } else if (message.probe === 'heap-snapshot') {
      void snapshot(message.dir!).then((files) => process.send!({ probe: 'snapshot-written', files }));
    } else if (message.probe === 'exit') {
      process.exit(0);
    }
  });
  // The IPC channel keeps a process alive; the server's own handles decide when it exits.
  process.channel?.unref();
}
