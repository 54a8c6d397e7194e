/**
 * kopf, the release pinned in examples/operators/python-kopf/requirements.txt, run from its own
 * source distribution, unmodified, each operator as its own process (`python -m kopf run
 * --standalone --verbose --namespace NS SCRIPT`) with a kubeconfig from `dojo-console connect
 * NAME`, as examples/operators/python-kopf/README.md tells a person to.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { KubeObject } from '@dojo/kube-api';
import { pythonSdist, pythonVenv } from '@dojo/toolchains';
import { eventually, startOperatorProcess, tail, type OperatorConsole, type OperatorProcess } from './operator-console.ts';

const requirementsFile = fileURLToPath(new URL('../../../examples/operators/python-kopf/requirements.txt', import.meta.url));
export const kopfRequirements = readFileSync(requirementsFile, 'utf8')
  .split('\n')
  .filter((l) => l.trim() && !l.startsWith('#'));
export const kopfVersion = kopfRequirements.find((r) => r.startsWith('kopf=='))!.split('==')[1]!;

export interface Kopf {
  /** The venv's python, with kopf and its pinned dependencies. */
  python: string;
  /** kopf's unpacked sdist: its examples/ are run from here. */
  sources: string;
}

/** The venv and sdist, built once and then found in the toolchain cache. */
export async function prepareKopf(): Promise<Kopf> {
  const python = (await pythonVenv('kopf', kopfRequirements)).python;
  return { python, sources: await pythonSdist(python, 'kopf', kopfVersion) };
}

export const kopfexamples = (namespace: string) => `/apis/kopf.dev/v1/namespaces/${namespace}/kopfexamples`;

export interface KopfExample extends KubeObject {
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
}

/** kopf's own examples/crd.yaml, applied and Established. */
export async function installKopfCrd(view: OperatorConsole, kopf: Kopf): Promise<void> {
  await view.kubectl(['apply', '-f', join(kopf.sources, 'examples/crd.yaml')]);
  await view.kubectl(['wait', '--for=condition=Established', 'crd/kopfexamples.kopf.dev', '--timeout=60s']);
}

/**
 * Runs `script` (an example's path inside the sdist, or ours) as connected client `name`,
 * watching `namespace` only (created unless it is `default`), once the server holds its watch
 * of kopfexamples: an object created next arrives as a watch event, not in the list before it.
 * The process joins `running` as soon as it starts, for the suite to stop it whatever happens.
 */
export async function runKopf(
  view: OperatorConsole,
  kopf: Kopf,
  running: OperatorProcess[],
  name: string,
  namespace: string,
  script: string,
): Promise<OperatorProcess> {
  if (namespace !== 'default') await view.kubectl(['create', 'namespace', namespace]);
  const kubeconfig = view.connect(name);
  const operator = startOperatorProcess(kopf.python, ['-m', 'kopf', 'run', '--standalone', '--verbose', `--namespace=${namespace}`, script], {
    cwd: kopf.sources,
    env: { KUBECONFIG: kubeconfig, PYTHONUNBUFFERED: '1' },
  });
  running.push(operator);
  await eventually(
    () => operator.output().includes('Starting the watch-stream for kopfexamples'),
    () => `kopf ${name} to watch:\n${tail(operator.output())}`,
  );
  await eventually(
    async () => (await view.activity()).watches.find((w) => w.client === name)?.watches.some((w) => w.resource === 'kopfexamples' && w.closedAt === undefined),
    () => `kopf ${name}'s watch of kopfexamples to be open on the server:\n${tail(operator.output())}`,
  );
  return operator;
}
