/**
 * A replica of deploy/'s Deployment run as a process on this machine, seeing what its Pod would:
 * the Pod object exists on the API server (no kubelet runs it), a ServiceAccount token bound to
 * that Pod from the TokenRequest API, the cluster's CA and the namespace in files laid out as the
 * kubelet mounts them (under `DOJO_SERVICEACCOUNT_ROOT`, see apps/server/src/kube/in-cluster.ts),
 * `KUBERNETES_SERVICE_HOST`/`PORT`, and the container's own args and env from the template.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KubeOracle } from '@dojo/apiserver/testing';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const cli = join(repoRoot, 'apps/server/src/cli.ts');
const serviceAccountDir = 'var/run/secrets/kubernetes.io/serviceaccount';

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { fieldRef?: { fieldPath: string }; secretKeyRef?: { name: string; key: string } };
}

interface Container {
  args: string[];
  env: EnvVar[];
}

export interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: { serviceAccountName: string; containers: Container[] } & Record<string, unknown>;
}

export interface ConsolePod {
  name: string;
  uid: string;
  /** The console's own URL (http://127.0.0.1:PORT). */
  base: string;
  child: ChildProcess;
  /** What the console wrote to stderr, for a failure's message. */
  stderr(): string;
  /** GET with the console token, as a logged-in browser would. */
  get(path: string): Promise<Response>;
  /** kill -9: the node dies without a word, as when its Pod's node goes away. */
  kill(): Promise<void>;
  /** SIGTERM, as the kubelet stops a Pod (a rollout, a scale-down), and its exit. */
  stop(): Promise<void>;
}

export interface ConsolePodOptions {
  oracle: KubeOracle;
  namespace: string;
  template: PodTemplate;
  name: string;
  /** Where the Pod's mounts (the ServiceAccount directory, /data) live on this machine. */
  dir: string;
  /** The Secrets the container's env refers to, by name and key. */
  secrets: Record<string, Record<string, string>>;
  consoleToken: string;
}

/** The args of the container with the Pod's listen address and volumes replaced by this machine's. */
function localArgs(args: readonly string[], dataDir: string): string[] {
  const replaced: Record<string, string> = { '--host': '127.0.0.1', '--port': '0', '--data-dir': dataDir };
  return args.map((arg, i) => replaced[args[i - 1]!] ?? arg);
}

/** The container's env as the kubelet resolves it (downward API, Secrets), plus what every Pod has. */
function podEnv(options: ConsolePodOptions, container: Container, root: string): Record<string, string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: options.dir,
    // The container runtime names the hostname after the Pod.
    HOSTNAME: options.name,
    KUBERNETES_SERVICE_HOST: options.oracle.host,
    KUBERNETES_SERVICE_PORT: String(options.oracle.port),
    DOJO_SERVICEACCOUNT_ROOT: root,
  };
  const fields: Record<string, string> = { 'metadata.namespace': options.namespace, 'metadata.name': options.name };
  for (const v of container.env) {
    const value =
      v.value ??
      (v.valueFrom?.fieldRef
        ? fields[v.valueFrom.fieldRef.fieldPath]
        : v.valueFrom?.secretKeyRef
          ? options.secrets[v.valueFrom.secretKeyRef.name]?.[v.valueFrom.secretKeyRef.key]
          : undefined);
    if (value !== undefined) env[v.name] = value;
  }
  return env;
}

async function createPod(options: ConsolePodOptions): Promise<string> {
  const { oracle, namespace, template, name } = options;
  const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace, labels: template.metadata.labels }, spec: template.spec };
  const created = await oracle.call('POST', `/api/v1/namespaces/${namespace}/pods`, pod);
  if (created.status !== 201) throw new Error(`creating Pod ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.metadata.uid as string;
}

/** A token bound to the Pod, as the kubelet asks for the projected `kube-api-access` volume. */
async function requestToken(options: ConsolePodOptions, uid: string): Promise<string> {
  const { oracle, namespace, template, name } = options;
  const body = {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'TokenRequest',
    spec: { expirationSeconds: 3607, boundObjectRef: { apiVersion: 'v1', kind: 'Pod', name, uid } },
  };
  const answer = await oracle.call('POST', `/api/v1/namespaces/${namespace}/serviceaccounts/${template.spec.serviceAccountName}/token`, body);
  if (answer.status !== 201) throw new Error(`TokenRequest for ${name}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.status.token as string;
}

function waitForLoginUrl(child: ChildProcess, stderr: () => string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`console did not start in ${timeoutMs} ms:\n${out}${stderr()}`)), timeoutMs);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const open = /Open:\s+(http:\/\/\S+?)\/login\?token=/.exec(out);
      if (open) {
        clearTimeout(timer);
        resolve(open[1]!);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`console exited before it served (${signal ?? `exit ${code}`}):\n${out}${stderr()}`));
    });
  });
}

function signalAndWait(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

export async function startConsolePod(options: ConsolePodOptions, timeoutMs = 120_000): Promise<ConsolePod> {
  const uid = await createPod(options);
  const token = await requestToken(options, uid);
  const root = join(options.dir, 'root');
  const mount = join(root, serviceAccountDir);
  mkdirSync(mount, { recursive: true });
  writeFileSync(join(mount, 'token'), token);
  writeFileSync(join(mount, 'ca.crt'), options.oracle.caPem);
  writeFileSync(join(mount, 'namespace'), options.namespace);

  const container = options.template.spec.containers[0]!;
  const dataDir = join(options.dir, 'data', 'console');
  mkdirSync(dirname(dataDir), { recursive: true });
  const child = spawn(process.execPath, ['--import', 'tsx', cli, ...localArgs(container.args, dataDir)], {
    cwd: repoRoot,
    env: podEnv(options, container, root),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const stderr = () => err.slice(-4000);
  const base = await waitForLoginUrl(child, stderr, timeoutMs).catch(async (error: unknown) => {
    // Never left running behind a failed start.
    await signalAndWait(child, 'SIGKILL');
    throw error;
  });
  child.stdout!.resume();
  return {
    name: options.name,
    uid,
    base,
    child,
    stderr,
    get: (path) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${options.consoleToken}` } }),
    kill: () => signalAndWait(child, 'SIGKILL'),
    stop: () => signalAndWait(child, 'SIGTERM'),
  };
}
