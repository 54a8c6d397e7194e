/**
 * support/responsiveness-prober.ts in a process of its own (prober-entry.ts): the latencies are
 * what a client waits for, measured where neither the console under test nor the benchmark's
 * load generator (creates, a watch of every Dojo) shares its event loop, so a busy load
 * generator cannot make the console look slower than it is, nor hide that it is slow.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ProberOptions, ResponsivenessResult } from './responsiveness-prober.ts';

const entry = fileURLToPath(new URL('./prober-entry.ts', import.meta.url));

export interface SeparateProber {
  pid: number;
  stop(): Promise<ResponsivenessResult>;
}

/** Forks the prober and resolves once it has started probing. */
export async function startSeparateProber(options: ProberOptions): Promise<SeparateProber> {
  const child = fork(entry, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answer = <T>(pick: (message: Record<string, unknown>) => T | undefined): Promise<T> =>
    new Promise((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>): void => {
        const value = pick(message);
        if (value === undefined) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(value);
      };
      const onExit = (code: number | null, signal: string | null): void => reject(new Error(`the prober exited (${code ?? signal}) before it answered`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const started = answer((m) => (m.started ? true : undefined));
  child.send({ start: options });
  await started;
  return {
    pid: child.pid!,
    stop: () => {
      const result = answer((m) => m.result as ResponsivenessResult | undefined);
      child.send({ stop: true });
      return result;
    },
  };
}
