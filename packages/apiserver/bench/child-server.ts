/** A server under test as a child process: started until it prints its ready line, its CPU read from /proc. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { LoadResult } from './load.ts';

export function startChild(args: string[], pattern: RegExp, nodeArgs: readonly string[] = []): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) resolve({ child, match: m });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** Stops a child and waits for it, so that what it writes on exit (a --cpu-prof profile) is there. */
export function stopChild(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill();
  return exited;
}

/** CPU seconds (user + system) from a /proc stat file: a process's (every thread) or one thread's. */
export function cpuSeconds(statPath: string): number {
  const fields = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * The server's CPU per request over `load` in microseconds, all threads and its main thread
 * (the one that serves HTTP; the rest is the commit thread, SQLite and Node's helpers): a figure
 * the machine's other work changes far less than a rate does (the rate also waits for CPU the
 * others hold, and for fsync).
 */
export async function withServerCpu<T extends LoadResult>(
  pid: number,
  load: () => Promise<T>,
): Promise<T & { serverCpuMicrosPerRequest: number; mainThreadCpuMicrosPerRequest: number }> {
  const wholeProcess = `/proc/${pid}/stat`;
  const main = `/proc/${pid}/task/${pid}/stat`;
  const before = { all: cpuSeconds(wholeProcess), main: cpuSeconds(main) };
  const result = await load();
  const micros = (seconds: number) => Math.round((seconds * 1e6) / result.requests);
  return {
    ...result,
    serverCpuMicrosPerRequest: micros(cpuSeconds(wholeProcess) - before.all),
    mainThreadCpuMicrosPerRequest: micros(cpuSeconds(main) - before.main),
  };
}
