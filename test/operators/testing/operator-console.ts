/**
 * The whole console as `npm start` runs it (the embedded cluster, its simulated control plane
 * that turns Deployments into ReplicaSets into Pods that become Ready, the activity service),
 * for suites that run real operators we did not write, each as its own process with a
 * kubeconfig from the `dojo-console connect NAME` command, and read back what the console shows
 * through its own HTTP API, as the browser does.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ActivitySnapshot, RequestJournalRecord, RequestRecord, TelemetryPage, TelemetryRecord } from '@dojo/console-protocol';
import { KubeConfig } from '@kubernetes/client-node';
import type { KubeList, KubeObject } from '@dojo/kube-api';
import { KubeTransport, type TransportResponse } from '@dojo/runtime';
import { kubectlFor, type Kubectl, testUpOptions } from '@dojo/server/testing';
import { runUp, type RunningConsole } from '@dojo/server';

const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));
const dojoConsoleBin = join(repositoryRoot, 'apps/server/bin/dojo-console.mjs');

export interface OperatorConsole {
  running: RunningConsole;
  dataDir: string;
  /** `dojo-console connect NAME --data-dir DIR`, run as the command a person runs: the kubeconfig path it prints. */
  connect(name: string): string;
  /** The real kubectl with the console's admin kubeconfig. */
  kubectl: Kubectl;
  /** A request with the admin kubeconfig and kubectl's User-Agent: a person's write, fast enough to race an operator. */
  admin(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown, contentType?: string): Promise<TransportResponse>;
  /** `GET /api/...` of the console, with its token. */
  get<T>(path: string): Promise<T>;
  activity(): Promise<ActivitySnapshot>;
  /** `GET /api/telemetry` records of one controller (a connected client's name), of the given types. */
  telemetry<T extends TelemetryRecord['type']>(controller: string, ...types: T[]): Promise<Extract<TelemetryRecord, { type: T }>[]>;
  /** `GET /api/requests?client=`: its request records. */
  requests(client: string): Promise<RequestRecord[]>;
  /** `GET /api/kube/...`: a list through the console's proxy, as its pages read objects. */
  list(path: string): Promise<KubeObject[]>;
  close(): Promise<void>;
}

export async function startOperatorConsole(): Promise<OperatorConsole> {
  const dataDir = mkdtempSync(join(tmpdir(), 'dojo-operators-'));
  const running = await runUp(testUpOptions({ dataDir }));
  const base = running.console.url.replace(/\/$/, '');
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(running.kubeconfigPath);
  const adminTransport = await KubeTransport.fromKubeConfig(kubeConfig, { userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/test' });
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${running.token}` } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  return {
    running,
    dataDir,
    connect(name) {
      const child = spawnSync(process.execPath, [dojoConsoleBin, 'connect', name, '--data-dir', dataDir], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(`dojo-console connect ${name}: ${child.stderr}`);
      return child.stdout.trim();
    },
    kubectl: kubectlFor(running.kubeconfigPath, join(dataDir, 'kubectl-cache')),
    admin: (method, path, body, contentType) =>
      adminTransport.request({ method, path, ...(body === undefined ? {} : { body: JSON.stringify(body) }), ...(contentType ? { contentType } : {}) }),
    get,
    activity: () => get<ActivitySnapshot>('/api/activity'),
    async telemetry(controller, ...types) {
      const page = await get<TelemetryPage>(`/api/telemetry?limit=50000&controller=${encodeURIComponent(controller)}&types=${types.join(',')}`);
      return page.records as never;
    },
    async requests(client) {
      const page = await get<{ records: RequestJournalRecord[] }>(`/api/requests?limit=10000&client=${encodeURIComponent(client)}`);
      return page.records.filter((r): r is RequestRecord => r.type === 'request');
    },
    list: async (path) => (await get<KubeList>(`/api/kube${path}`)).items,
    async close() {
      adminTransport.close();
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `probe` until it returns something other than undefined/false, or fails saying `what`. */
export async function eventually<T>(probe: () => T | undefined | false | Promise<T | undefined | false>, what: () => string, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** An operator run as its own process, its output kept to say why a test failed. */
export interface OperatorProcess {
  output(): string;
  exited(): boolean;
  stop(): Promise<void>;
}

export function startOperatorProcess(command: string, args: string[], options: { env?: Record<string, string>; cwd?: string } = {}): OperatorProcess {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    if (output.length > 400_000) output = output.slice(-200_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return {
    output: () => output,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      }),
  };
}

/** The last lines of a process's output, for a failure message. */
export const tail = (text: string, lines = 60): string => text.split('\n').slice(-lines).join('\n');
