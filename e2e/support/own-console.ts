/**
 * A console of a spec's own, for what the shared one cannot show: a restart, or retention
 * flags. It runs `dojo-console up` on a free port with its own data directory (which outlives
 * a stop, so the next start finds everything there), and is signed into through the login URL
 * it prints, as a person would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

export interface OwnConsole {
  /** The printed login URL: opening it signs the browser in. */
  loginUrl: string;
  /** "http://127.0.0.1:<port>" */
  origin: string;
  token: string;
  /** SIGTERM, as a person's Ctrl-C; resolves once the process exited. */
  stop(): Promise<void>;
}

export function freshDataDir(name: string): string {
  const dir = `${process.env.E2E_DATA_DIR ?? 'test-results/e2e-data'}-${name}`;
  rmSync(dir, { recursive: true, force: true });
  return dir;
}

export async function startOwnConsole(dataDir: string, flags: readonly string[] = []): Promise<OwnConsole> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', 'up', '--port', '0', '--apiserver-port', '0', '--data-dir', dataDir, ...flags], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const loginUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the console did not start within 90 s:\n${output}`)), 90_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const url = /Open:\s+(http:\/\/\S+\/login\?token=\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the console exited with ${code} before it started:\n${output}`));
    });
  });
  const url = new URL(loginUrl);
  return {
    loginUrl,
    origin: url.origin,
    token: url.searchParams.get('token') ?? '',
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
