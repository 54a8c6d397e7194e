/**
 * The three API servers the against-kube benchmark compares, each in a process of its own and
 * started fresh: the real kube-apiserver 1.37 with its embedded etcd (the oracle), the embedded
 * API server alone (`dojo-console apiserver`: its package's own CLI, nothing attached), and the
 * whole console as `dojo-console up` runs it by default, where an operator is connected the way
 * a person connects one (`dojo-console connect NAME`), so the request journal, activity
 * inference and history observe it.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startKubeOracle } from '@dojo/apiserver/testing';
import { cpuSeconds, rssMb, startChild, stopChild } from '../../../../packages/apiserver/bench/child-server.ts';

export type KubeTargetName = 'kube-apiserver' | 'embedded' | 'console';

export interface KubeTarget {
  name: KubeTargetName;
  /** The admin's kubeconfig: what the benchmark's own requests use. */
  kubeconfigPath: string;
  /** The kubeconfig an operator named `client` runs with. */
  operatorKubeconfig(client: string): string;
  /** The processes that serve the API (kube-apiserver + etcd are one process; the console one with its threads). */
  pids(): number[];
  stop(): Promise<void>;
}

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const apiserverCli = join(repositoryRoot, 'packages/apiserver/src/cli.ts');
const consoleCli = join(repositoryRoot, 'apps/server/src/cli.ts');
const dojoConsoleBin = join(repositoryRoot, 'apps/server/bin/dojo-console.mjs');

/** The oracle's Go process is our child; KubeOracle does not name its pid, /proc does. */
function childPidsNamed(prefix: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return parent === process.pid && comm.startsWith(prefix);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function startOracleTarget(): Promise<KubeTarget> {
  const oracle = await startKubeOracle();
  // comm is cut at 15 characters: "kube-oracle-<hash>".
  const pids = childPidsNamed('kube-oracle');
  return {
    name: 'kube-apiserver',
    kubeconfigPath: oracle.kubeconfigPath,
    operatorKubeconfig: () => oracle.kubeconfigPath,
    pids: () => pids,
    stop: () => oracle.stop(),
  };
}

async function startEmbeddedTarget(options: TargetOptions): Promise<KubeTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), 'against-kube-embedded-'));
  // As apiserver.bench.ts starts it: no probe or anything else loaded into its process.
  const { child, match } = await startChild(
    [apiserverCli, '--data-dir', dataDir, '--port', '0'],
    /kubectl --kubeconfig (\S+) get namespaces/,
    options.nodeArgs,
  );
  return {
    name: 'embedded',
    kubeconfigPath: match[1]!,
    operatorKubeconfig: () => match[1]!,
    pids: () => [child.pid!],
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startConsoleTarget(options: TargetOptions): Promise<KubeTarget> {
  const dataDir = mkdtempSync(join(tmpdir(), 'against-kube-console-'));
  // `dojo-console up` with its defaults, on free ports.
  const { child, match } = await startChild(
    [consoleCli, 'up', '--port', '0', '--apiserver-port', '0', '--data-dir', dataDir],
    /kubectl --kubeconfig (\S+) get dojos/,
    options.nodeArgs,
  );
  return {
    name: 'console',
    kubeconfigPath: match[1]!,
    operatorKubeconfig: (client) =>
      execFileSync(process.execPath, [dojoConsoleBin, 'connect', client, '--data-dir', dataDir], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }).trim(),
    pids: () => [child.pid!],
    async stop() {
      await stopChild(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TargetOptions {
  /** Node flags for a Node target's process, e.g. `--cpu-prof --cpu-prof-dir=DIR` (written when it stops). */
  nodeArgs?: readonly string[];
}

export const kubeTargets: Record<KubeTargetName, (options: TargetOptions) => Promise<KubeTarget>> = {
  'kube-apiserver': startOracleTarget,
  embedded: startEmbeddedTarget,
  console: startConsoleTarget,
};

/** CPU seconds (user + system, every thread) the target's processes have used so far. */
export const targetCpuSeconds = (target: KubeTarget): number => target.pids().reduce((sum, pid) => sum + cpuSeconds(`/proc/${pid}/stat`), 0);
export const targetRssMb = (target: KubeTarget): number => target.pids().reduce((sum, pid) => sum + rssMb(pid), 0);
