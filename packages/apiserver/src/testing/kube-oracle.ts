/**
 * The real kube-apiserver 1.37 (with an embedded etcd), built from `tools/kube-oracle` once into
 * the toolchain cache and started for a test file or `npm run oracle`: the reference the
 * embedded server is compared against.
 *
 * A started oracle stops with `stop()`, and also by itself when this process dies: it watches
 * its stdin (`--stop-on-stdin-eof`), which closes with us, so no test run leaves one behind.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goBuild, requireToolchain } from '@dojo/toolchains';
import { parse } from 'yaml';
import { httpsCall, type CallResult, type HttpsTarget } from './https-call.ts';

/** Our Go program: kube-apiserver's own command plus embedded etcd (see its main.go). */
export const kubeOracleModuleDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../tools/kube-oracle');

/** A cold build compiles most of Kubernetes: many minutes on two shared cores. */
export const kubeOracleBuildTimeoutMs = 90 * 60_000;

export interface KubeOracle extends HttpsTarget {
  url: string;
  kubeconfigPath: string;
  /** kube-apiserver's and etcd's log, for when a comparison needs explaining. */
  logPath: string;
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult>;
  stop(): Promise<void>;
}

export interface KubeOracleOptions {
  port?: number;
  auditWebhookConfigFile?: string;
  auditPolicyFile?: string;
  /** Extra kube-apiserver flags, e.g. `--feature-gates=...`. */
  apiserverArgs?: string[];
  /** Log verbosity of kube-apiserver (klog -v). */
  verbosity?: number;
}

/** The Kubernetes release the oracle is built from (tools/kube-oracle/go.mod pins it). */
export const kubeOracleVersion = { major: '1', minor: '37', gitVersion: 'v1.37.2' };

/**
 * What Kubernetes' release build stamps into its binaries (hack/lib/version.sh): without it
 * /version says v0.0.0-master, which kubectl cannot parse. The commit is not known from the
 * module, so it stays empty; `-s -w` drops DWARF, for a faster, smaller link.
 */
const versionLdflags = ['k8s.io/component-base/version', 'k8s.io/client-go/pkg/version']
  .flatMap((pkg) => [
    `-X ${pkg}.gitMajor=${kubeOracleVersion.major}`,
    `-X ${pkg}.gitMinor=${kubeOracleVersion.minor}`,
    `-X ${pkg}.gitVersion=${kubeOracleVersion.gitVersion}`,
    `-X ${pkg}.gitCommit=`,
    `-X ${pkg}.gitTreeState=clean`,
  ])
  .join(' ');

/** The oracle's binary, building it on first use (keyed by the module's sources and flags). */
export function buildKubeOracle(): Promise<string> {
  return goBuild(kubeOracleModuleDir, 'kube-oracle', '.', { timeoutMs: kubeOracleBuildTimeoutMs, ldflags: `-s -w ${versionLdflags}` });
}

/** Whether `suite` can run here: Go is installed (under CI=true a missing Go throws instead). */
export function kubeOracleAvailable(suite: string): boolean {
  return requireToolchain('go', suite) !== undefined;
}

function oracleArgs(kubeconfigPath: string, options: KubeOracleOptions): string[] {
  return [
    `--kubeconfig-out=${kubeconfigPath}`,
    '--stop-on-stdin-eof',
    `--port=${options.port ?? 0}`,
    `--v=${options.verbosity ?? 0}`,
    ...(options.auditWebhookConfigFile ? [`--audit-webhook-config-file=${options.auditWebhookConfigFile}`] : []),
    ...(options.auditPolicyFile ? [`--audit-policy-file=${options.auditPolicyFile}`] : []),
    ...(options.apiserverArgs ?? []).map((arg) => `--apiserver-arg=${arg}`),
  ];
}

/** Resolves once the program prints its ready line (after /readyz answered ok). */
function waitForReadyLine(child: ChildProcess, logPath: string): Promise<void> {
  return new Promise((resolveReady, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (stdout.includes('kube-oracle ready:')) resolveReady();
    });
    child.on('exit', (code, signal) => {
      const tail = readFileSync(logPath, 'utf8').slice(-3000);
      reject(new Error(`kube-oracle exited before it was ready (${signal ?? `exit ${code}`}):\n${tail}`));
    });
  });
}

export async function startKubeOracle(options: KubeOracleOptions = {}): Promise<KubeOracle> {
  const binary = await buildKubeOracle();
  const dir = mkdtempSync(join(tmpdir(), 'kube-oracle-run-'));
  const kubeconfigPath = join(dir, 'kubeconfig');
  const logPath = join(dir, 'kube-apiserver.log');
  const log = createWriteStream(logPath);
  const child = spawn(binary, oracleArgs(kubeconfigPath, options), { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stderr!.pipe(log);
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  await waitForReadyLine(child, logPath);

  const kubeconfig = parse(readFileSync(kubeconfigPath, 'utf8'));
  const url: string = kubeconfig.clusters[0].cluster.server;
  const target: HttpsTarget = {
    host: '127.0.0.1',
    port: Number(new URL(url).port),
    caPem: Buffer.from(kubeconfig.clusters[0].cluster['certificate-authority-data'], 'base64').toString('utf8'),
    token: kubeconfig.users[0].user.token,
  };
  return {
    ...target,
    url,
    kubeconfigPath,
    logPath,
    call: (method, path, body, headers) => httpsCall(target, method, path, body, headers),
    async stop() {
      // Closing stdin is the program's own stop signal (the same path as Ctrl-C).
      child.stdin!.end();
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(killer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
