/** A client the console did not start, run as its own process, with its output kept for failures. */
import { spawn, type ChildProcess } from 'node:child_process';

export interface ExternalProcess {
  child: ChildProcess;
  output(): string;
  /** Resolves once the process printed `line`. */
  ready: Promise<void>;
  stop(): Promise<void>;
}

export function startExternalProcess(command: string, args: string[], env: Record<string, string>, readyLine: string): ExternalProcess {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(readyLine)) resolve();
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code} before it was ready:\n${output}`)));
    child.once('error', reject);
  });
  ready.catch(() => {});
  return {
    child,
    output: () => output,
    ready,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 3000).unref();
      }),
  };
}
