/**
 * The real embedded API server in a child process, for tests and benchmarks: the client under
 * test talks to it over HTTPS exactly as it talks to a cluster, and never imports it.
 *
 * - `restart()` stops it and starts it again on the same port and data dir (state survives;
 *   every open watch is cut, as a server restart cuts them), optionally after a while away.
 * - `forceHistoryLoss()` makes every resourceVersion handed out before the call too old to
 *   watch from (410 Expired). There is no compaction endpoint, but the server's watch history
 *   starts at the current revision when it starts: restart, write once, restart again.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CoreV1Api, KubeConfig } from '@kubernetes/client-node';

export interface TestApiServerOptions {
  /** Reuse a data dir (kept on stop); by default a temp dir is made and removed. */
  dataDir?: string;
  startTimeoutMs?: number;
}

export interface TestApiServer {
  readonly url: string;
  readonly port: number;
  readonly dataDir: string;
  readonly kubeconfigPath: string;
  /** A fresh KubeConfig loaded from the server's kubeconfig (HTTPS, CA, bearer token). */
  kubeConfig(): KubeConfig;
  /** Stops the server and starts it again, after `downForMs` (default 0) of being away. */
  restart(options?: { downForMs?: number }): Promise<void>;
  forceHistoryLoss(): Promise<void>;
  stop(): Promise<void>;
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
// Resolved, not imported: the server runs as a process of its own, and what is tested against it
// (the runtime above all) must never depend on the API server's code.
const defaultCli = createRequire(import.meta.url).resolve('@dojo/apiserver/cli');
const listening = /listening on (https?:\/\/[^\s]+)/;

interface Running {
  child: ChildProcess;
  url: string;
  port: number;
}

function launch(dataDir: string, port: number, timeoutMs: number): Promise<Running> {
  const cli = process.env.DOJO_APISERVER_CLI ?? defaultCli;
  const child = spawn(process.execPath, ['--import', 'tsx', cli, '--data-dir', dataDir, '--port', String(port)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = (): void => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.removeListener('exit', killOnExit));
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => fail(new Error(`the API server did not start within ${timeoutMs} ms\n${stderr}`)), timeoutMs);
    const fail = (error: Error): void => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(error);
    };
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const match = listening.exec(stdout);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.removeAllListeners('data').resume();
      const url = match[1]!;
      resolve({ child, url, port: Number(new URL(url).port) });
    });
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-10_000)));
    child.once('exit', (code, signal) => fail(new Error(`the API server exited (${code ?? signal}) before listening\n${stderr}`)));
  });
}

function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function startTestApiServer(options: TestApiServerOptions = {}): Promise<TestApiServer> {
  const ownDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'dojo-runtime-apiserver-'));
  const timeoutMs = options.startTimeoutMs ?? 30_000;
  let running = await launch(dataDir, 0, timeoutMs);
  let writes = 0;

  const restart = async (restartOptions: { downForMs?: number } = {}): Promise<void> => {
    await terminate(running.child);
    if (restartOptions.downForMs) await new Promise((resolve) => setTimeout(resolve, restartOptions.downForMs));
    running = await launch(dataDir, running.port, timeoutMs);
  };

  const server: TestApiServer = {
    get url() {
      return running.url;
    },
    get port() {
      return running.port;
    },
    dataDir,
    kubeconfigPath: join(dataDir, 'kubeconfig'),
    kubeConfig() {
      const config = new KubeConfig();
      config.loadFromFile(join(dataDir, 'kubeconfig'));
      return config;
    },
    restart: (restartOptions) => restart(restartOptions),
    async forceHistoryLoss() {
      await restart();
      // An Event: a kind the tests do not watch, so no watcher sees this revision.
      await server
        .kubeConfig()
        .makeApiClient(CoreV1Api)
        .createNamespacedEvent({
          namespace: 'default',
          body: {
            metadata: { name: `history-loss-${++writes}-${Date.now()}`, namespace: 'default' },
            involvedObject: { kind: 'Namespace', name: 'default' },
            reason: 'HistoryLoss',
            message: 'forced by the test server to expire older resourceVersions',
          },
        });
      await restart();
    },
    async stop() {
      await terminate(running.child);
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
