/**
 * The console as a person starts it: `npm start` is `npm run build --silent && node --import tsx
 * apps/server/src/cli.ts up`, so this runs that build (unless told the UI is built already) and
 * then that exact command, in a process of its own, with nothing preloaded and every default of
 * `up` (apps/server/src/up-flags.ts: the simulated pod delays, the history, the journal, every
 * operator). Only what two consoles on one machine cannot share differs: `--port 0`,
 * `--apiserver-port 0` and `--data-dir`. Variables that would change a default
 * (`$PORT`, `$DOJO_CONSOLE_TOKEN`, `$OTEL_EXPORTER_OTLP_*`) are left out of its environment, as
 * a person's shell would not have them.
 *
 * What the benchmark needs to reach it is read from what `up` prints for a person: the login
 * URL (the console's address and token) and the kubeconfig of the embedded API server.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const cli = 'apps/server/src/cli.ts';

export interface NpmStartConsole {
  child: ChildProcess;
  pid: number;
  /** The console's origin, without a trailing slash. */
  base: string;
  token: string;
  kubeconfigPath: string;
  /** The exact command line, for the benchmark's JSON. */
  command: string[];
  /** SIGTERM, as Ctrl-C would stop it (the console closes cleanly, and a `--cpu-prof` profile is written); SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** `npm run build --silent`, as `npm start` runs it first: the console serves apps/web/dist. */
export function buildUi(): void {
  const run = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repositoryRoot, stdio: ['ignore', 2, 'inherit'] });
  if (run.status !== 0) throw new Error(`npm run build failed (exit ${run.status ?? run.signal})`);
}

function defaultsEnvironment(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) if (name === 'PORT' || name === 'DOJO_CONSOLE_TOKEN' || name.startsWith('OTEL_')) delete env[name];
  return env;
}

/**
 * Starts `node [nodeArgs] --import tsx apps/server/src/cli.ts up --port 0 --apiserver-port 0 --data-dir <dataDir>`
 * and resolves once it printed "Dojo Console is running." with its addresses.
 */
export async function startNpmStartConsole(dataDir: string, options: { nodeArgs?: readonly string[]; timeoutMs?: number } = {}): Promise<NpmStartConsole> {
  const { nodeArgs = [], timeoutMs = 120_000 } = options;
  const command = [...nodeArgs, '--import', 'tsx', cli, 'up', '--port', '0', '--apiserver-port', '0', '--data-dir', dataDir];
  const child = spawn(process.execPath, command, { cwd: repositoryRoot, env: defaultsEnvironment(), stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const printed = await new Promise<{ base: string; token: string; kubeconfigPath: string }>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the console did not start in ${timeoutMs} ms: ${out}${err}`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      // The lines cli.ts prints for a person: "  Open:       <url>login?token=<token>" and "  kubectl:    kubectl --kubeconfig <path> get dojos -A".
      const open = /Open:\s+(\S+)\/login\?token=(\S+)/.exec(out);
      const kubeconfig = /kubectl --kubeconfig (\S+) get/.exec(out);
      if (!open || !kubeconfig) return;
      clearTimeout(timer);
      resolve({ base: open[1]!, token: decodeURIComponent(open[2]!), kubeconfigPath: kubeconfig[1]! });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the console exited early (${code ?? signal}): ${err}`));
    });
  });
  child.stdout!.resume();
  return {
    child,
    pid: child.pid!,
    ...printed,
    command: ['node', ...command],
    stop: (graceMs = 60_000) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
