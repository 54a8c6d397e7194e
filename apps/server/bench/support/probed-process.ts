/**
 * A server under test in its own process, with support/process-probe.ts preloaded: the
 * benchmark's load generator and clients then never share an event loop with what they measure.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ProbeReading } from './process-probe.ts';

const entry = fileURLToPath(new URL('./probed-entry.ts', import.meta.url));

export interface ProbedProcess {
  child: ChildProcess;
  /** The first stdout line that matched the ready pattern, with its groups. */
  ready: RegExpExecArray;
  /** Starts a new measurement window (event-loop delay, peak RSS, CPU). */
  reset(): Promise<void>;
  read(): Promise<ProbeReading>;
  /** Writes a heap snapshot of each of the server's threads into `dir`; answers the files. */
  heapSnapshot(dir: string): Promise<string[]>;
  kill(): Promise<void>;
}

export interface ProbedOptions {
  /** Node flags for the server, e.g. `--cpu-prof`; then `kill()` lets it exit normally so the profile is written. */
  nodeArgs?: readonly string[];
  timeoutMs?: number;
}

export async function spawnProbed(script: string, args: readonly string[], readyPattern: RegExp, options: ProbedOptions = {}): Promise<ProbedProcess> {
  const { nodeArgs = [], timeoutMs = 120_000 } = options;
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry, script, ...args], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const ready = await new Promise<RegExpExecArray>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`${script} did not start in ${timeoutMs} ms: ${out}${err}`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = readyPattern.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited early (${code ?? signal}): ${err}`));
    });
  });
  child.stdout!.resume();

  const ask = <T>(message: object, answer: string, answerMs = 10_000): Promise<T> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`probe did not answer ${JSON.stringify(message)}`)), answerMs);
      const onMessage = (m: { probe?: string }) => {
        if (m.probe !== answer) return;
        clearTimeout(timer);
        child.off('message', onMessage);
        resolve(m as T);
      };
      child.on('message', onMessage);
      child.send(message);
    });

  return {
    child,
    ready,
    reset: () => ask<unknown>({ probe: 'reset' }, 'reset-done').then(() => undefined),
    // A console stalled under 10,000 Dojos answered nothing for more than 10 s (its reading
    // asks every thread for its memory); a late answer is still the run's figure, a missing one
    // would lose the whole run.
    read: () => ask<ProbeReading>({ probe: 'read' }, 'reading', 180_000),
    // A snapshot of a heap of a few GB takes minutes to write.
    heapSnapshot: (dir) => ask<{ files: string[] }>({ probe: 'heap-snapshot', dir }, 'snapshot-written', 600_000).then((m) => m.files),
    kill: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        if (nodeArgs.length === 0) return void child.kill('SIGKILL');
        // A profile is written at a normal exit only; a minute is plenty to serialize one.
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        child.once('exit', () => clearTimeout(timer));
        child.send({ probe: 'exit' });
      }),
  };
}
