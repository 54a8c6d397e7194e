/**
 * `node --import tsx apps/server/bench/support/cpu-profile-summary.ts <file.cpuprofile>... [--top 15] [--between START_US,END_US]`:
 * what a V8 CPU profile (`--cpu-prof`, e.g. a benchmark's `--cpu-prof-dir`) says the thread spent
 * its time on, as text: the sampled wall time, the share idle (the thread waited for work), in
 * garbage collection and in the program; the functions with the most self time; and self time by
 * where the code lives (a workspace package, a dependency, Node's internals), which says which
 * part of the console to look at first. `--between` keeps only the samples of a window given
 * in microseconds of the machine's monotonic clock, which V8's profile timestamps and
 * `process.hrtime` share: a benchmark's `monotonicWindowUs` (its measured phase).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Where a script lives: `packages/<name>`, `apps/<name>`, `node_modules/<name>`, `node:<module>`, or the V8 pseudo-frame's name. */
function placeOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (!url) return `(${functionName.replace(/[()]/g, '') || 'anonymous'})`;
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return `node_modules/${dependency[1]}`;
  const workspace = /\/((?:packages|apps)\/[^/]+)\//.exec(url);
  if (workspace) return workspace[1]!;
  if (url.startsWith('node:')) return url.split('/')[0]!;
  return basename(url);
}

export function summarize(profile: CpuProfile, top: number, between?: readonly [number, number]): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  const [from, to] = between ?? [profile.startTime, profile.endTime];
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at >= from && at <= to) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const totalUs = Math.max(1, Math.min(to, profile.endTime) - Math.max(from, profile.startTime));
  const sum = (pick: (node: ProfileNode) => boolean): number => [...selfUs].filter(([id]) => pick(byId.get(id)!)).reduce((s, [, us]) => s + us, 0);
  const idleUs = sum((n) => n.callFrame.functionName === '(idle)');
  const gcUs = sum((n) => n.callFrame.functionName === '(garbage collector)');
  const share = (us: number): string => `${((100 * us) / totalUs).toFixed(1)}%`;
  const functions = new Map<string, number>();
  const places = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id)!;
    if (callFrame.functionName === '(idle)') continue;
    const name = `${callFrame.functionName || '(anonymous)'} ${callFrame.url ? `${callFrame.url.replace(/^.*\/(packages|apps|node_modules)\//, '$1/')}:${callFrame.lineNumber + 1}` : ''}`;
    functions.set(name, (functions.get(name) ?? 0) + us);
    places.set(placeOf(callFrame), (places.get(placeOf(callFrame)) ?? 0) + us);
  }
  const ranked = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return [
    `sampled ${(totalUs / 1e6).toFixed(1)} s: idle ${share(idleUs)}, GC ${share(gcUs)}, busy ${share(totalUs - idleUs)}`,
    'self time by place:',
    ...ranked(places).map(([place, us]) => `  ${share(us).padStart(6)}  ${place}`),
    'self time by function:',
    ...ranked(functions).map(([name, us]) => `  ${share(us).padStart(6)}  ${name}`),
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const topAt = process.argv.indexOf('--top');
  const top = topAt >= 0 ? Number(process.argv[topAt + 1]) : 15;
  const betweenAt = process.argv.indexOf('--between');
  const between = betweenAt >= 0 ? (process.argv[betweenAt + 1]!.split(',').map(Number) as [number, number]) : undefined;
  const files = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
    // A thread that ended before the window, or started after it, has nothing to say about it.
    if (between && (profile.endTime < between[0] || profile.startTime > between[1])) continue;
    process.stdout.write(`== ${basename(file)}\n${summarize(profile, top, between)}\n\n`);
  }
}
