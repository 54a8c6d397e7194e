/** Running a build step with its output kept, so a failed build says why. */
import { spawn } from 'node:child_process';

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Kills the step after this long (default 20 minutes: a first build on two cores). */
  timeoutMs?: number | undefined;
  /** Lowers the step's CPU priority so a build does not starve the tests running beside it. */
  nice?: boolean;
}

/** Runs `command args`; resolves with its output, rejects with the output's tail on failure. */
export function runLogged(command: string, args: string[], options: RunOptions = {}): Promise<string> {
  const [cmd, argv] = options.nice ? ['nice', ['-n', '10', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer): void => {
      output += chunk.toString('utf8');
      // Keep the tail: a failed build's last lines say why.
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20 * 60_000);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`));
    });
  });
}
