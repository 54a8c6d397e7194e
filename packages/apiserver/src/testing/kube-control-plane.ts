/**
 * The rest of a real control plane beside the oracle's kube-apiserver: Kubernetes' own
 * kube-controller-manager and kube-scheduler (built from the module tools/kube-oracle pins) and
 * kwok, the simulated kubelet of Kubernetes SIG Scheduling (from the Go module proxy), which
 * keeps simulated Nodes Ready and runs the Pods bound to them. With it a Deployment on the real
 * server gets its ReplicaSet, its Pods are scheduled, become Running and Ready, and the
 * Deployment becomes Available — what a console connected to it should then show. Run against
 * the embedded server instead, the same controllers are a client we did not write.
 *
 * Each process is tied to this one: it is started through `sh`, which ends it when its stdin
 * (a pipe from us) closes, so a test run that dies leaves none of them behind.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goBuild, goInstall } from '@dojo/toolchains';
import { kubeOracleBuildTimeoutMs, kubeOracleModuleDir, type KubeOracle } from './kube-oracle.ts';

/** kwok's newest release on the Go module proxy (2026-11): its `kwok` command runs against any kube-apiserver. */
export const kwokVersion = 'v0.8.0';

export interface KubeControlPlane {
  /** The simulated Nodes kwok keeps Ready (their names). */
  nodes: string[];
  /** Where each process logs, for when a test needs explaining. */
  logDir: string;
  stop(): Promise<void>;
}

/** The processes a control plane can have; a test names the ones it needs. */
export type ControlPlaneComponent = 'kube-controller-manager' | 'kube-scheduler' | 'kwok';

export interface KubeControlPlaneOptions {
  /** Which to run; default all three. */
  components?: ControlPlaneComponent[];
  /** How many simulated Nodes to create for kwok (kwok-node-0, -1, ...); default 3, as the embedded cluster has. */
  nodes?: number;
}

/**
 * kwok's behaviour is data: Stages (a Node becomes Ready and keeps its heartbeat; a scheduled
 * Pod becomes Running and Ready, completes, or goes when deleted). These are the ones `kwokctl`
 * gives a cluster, read from kwok's own module as `go install` left it in the module cache.
 */
function kwokStagesConfig(): string {
  const moduleCache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim();
  const stages = join(moduleCache, `sigs.k8s.io/kwok@${kwokVersion}/kustomize/stage`);
  const files = [
    'node/fast/node-initialize.yaml',
    'node/heartbeat/node-heartbeat.yaml',
    'pod/fast/pod-ready.yaml',
    'pod/fast/pod-complete.yaml',
    'pod/fast/pod-delete.yaml',
  ];
  return files.map((file) => readFileSync(join(stages, file), 'utf8').trim()).join('\n---\n');
}

/** `sh` runs the program in the background and kills it once its own stdin reaches EOF. */
function spawnTiedToUs(binary: string, args: string[], logPath: string): { child: ChildProcess; exited: Promise<void> } {
  const script = '"$@" & child=$!; cat >/dev/null; kill $child 2>/dev/null; wait $child';
  const child = spawn('sh', ['-c', script, 'sh', binary, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
  const log = createWriteStream(logPath);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  return { child, exited };
}

/** A Node kwok manages (its annotation), with the capacity a small real node reports. */
function simulatedNode(name: string): Record<string, unknown> {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'kwok.x-k8s.io/node': 'fake' },
      labels: { 'kubernetes.io/hostname': name, 'kubernetes.io/os': 'linux', 'kubernetes.io/arch': 'amd64', type: 'kwok' },
    },
    status: { allocatable: { cpu: '4', memory: '16Gi', pods: '110' }, capacity: { cpu: '4', memory: '16Gi', pods: '110' } },
  };
}

/** Each component: how it is built (on first use; the controller manager's first build takes many minutes) and the flags it runs with. */
const components: Record<ControlPlaneComponent, { build(): Promise<string>; args(kubeconfig: string, logDir: string): string[] }> = {
  'kube-controller-manager': {
    build: () =>
      goBuild(kubeOracleModuleDir, 'kube-controller-manager', './cmd/kube-controller-manager', { timeoutMs: kubeOracleBuildTimeoutMs, ldflags: '-s -w' }),
    args: (kubeconfig) => [
      kubeconfig,
      '--leader-elect=false',
      // No serving port of its own: tests run side by side, and nothing here scrapes it.
      '--secure-port=0',
      '--use-service-account-credentials=false',
      // The oracle's serving certificate is self-signed without the CA bit, which this publisher refuses on every sync.
      '--controllers=*,-kube-apiserver-serving-clustertrustbundle-publisher-controller',
    ],
  },
  'kube-scheduler': {
    build: () => goBuild(kubeOracleModuleDir, 'kube-scheduler', './cmd/kube-scheduler', { timeoutMs: kubeOracleBuildTimeoutMs, ldflags: '-s -w' }),
    args: (kubeconfig) => [kubeconfig, '--leader-elect=false', '--secure-port=0'],
  },
  kwok: {
    build: () => goInstall('sigs.k8s.io/kwok/cmd/kwok', kwokVersion, { timeoutMs: kubeOracleBuildTimeoutMs }),
    args: (kubeconfig, logDir) => {
      const config = join(logDir, 'kwok-stages.yaml');
      writeFileSync(config, kwokStagesConfig());
      return [
        kubeconfig,
        `--config=${config}`,
        '--manage-all-nodes=false',
        '--manage-nodes-with-annotation-selector=kwok.x-k8s.io/node=fake',
        '--cidr=10.0.0.1/24',
        '--node-ip=10.0.0.1',
      ];
    },
  },
};

/** An API server to run the control plane against: the oracle, or the embedded server itself. */
export type ControlPlaneTarget = Pick<KubeOracle, 'kubeconfigPath' | 'call'>;

export async function startKubeControlPlane(target: ControlPlaneTarget, options: KubeControlPlaneOptions = {}): Promise<KubeControlPlane> {
  const chosen = options.components ?? (Object.keys(components) as ControlPlaneComponent[]);
  const binaries: string[] = [];
  for (const name of chosen) binaries.push(await components[name].build());
  const logDir = mkdtempSync(join(tmpdir(), 'kube-control-plane-'));
  const kubeconfig = `--kubeconfig=${target.kubeconfigPath}`;
  const processes = chosen.map((name, i) => spawnTiedToUs(binaries[i]!, components[name].args(kubeconfig, logDir), join(logDir, `${name}.log`)));
  const nodes = chosen.includes('kwok') ? Array.from({ length: options.nodes ?? 3 }, (_, i) => `kwok-node-${i}`) : [];
  for (const name of nodes) {
    const created = await target.call('POST', '/api/v1/nodes', simulatedNode(name));
    if (created.status !== 201) throw new Error(`creating the simulated Node ${name}: ${created.status} ${JSON.stringify(created.body)}`);
  }
  return {
    nodes,
    logDir,
    async stop() {
      for (const { child } of processes) child.stdin!.end();
      const killer = setTimeout(() => processes.forEach(({ child }) => child.kill('SIGKILL')), 20_000);
      await Promise.all(processes.map(({ exited }) => exited));
      clearTimeout(killer);
      rmSync(logDir, { recursive: true, force: true });
    },
  };
}
