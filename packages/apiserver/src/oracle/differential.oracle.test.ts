import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeOracleAvailable, kubeOracleBuildTimeoutMs, startKubeOracle, type KubeOracle } from '../testing/kube-oracle.ts';
import { kubectlRunner, versionedKubectls } from '../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { coreCrudSteps } from './core-crud.steps.ts';
import { crdSteps } from './crd.steps.ts';
import type { Step, Target } from './differential.ts';
import { knownDifferences } from './known-differences.ts';
import { kubectlSteps } from './kubectl.steps.ts';
import { watchSteps } from './watch.steps.ts';
import { workloadSteps } from './workloads.steps.ts';
import { authSteps } from './auth.steps.ts';
import { discoverySteps } from './discovery.steps.ts';
import { knownDifferencesMore } from './known-differences-more.ts';
import { kindSteps } from './kinds.steps.ts';
import { kubectlMoreSteps } from './kubectl-more.steps.ts';
import { watchParamSteps } from './watch-params.steps.ts';
import { clientGoSteps } from './client-go.steps.ts';
import { pythonClientSteps } from './python-client.steps.ts';
import { clientNodeSteps } from './client-node.steps.ts';
import { admissionKindSteps } from './admission-kinds.steps.ts';

const suite = 'oracle: embedded server vs kube-apiserver 1.37';
/** Every step runs in this order against both servers (later steps use earlier steps' objects). */
const steps: Step[] = [
  ...coreCrudSteps,
  ...workloadSteps,
  ...crdSteps,
  ...watchSteps,
  ...kubectlSteps,
  ...kindSteps,
  ...admissionKindSteps,
  ...discoverySteps,
  ...authSteps,
  ...watchParamSteps,
  ...kubectlMoreSteps,
  ...pythonClientSteps,
  ...clientGoSteps,
  ...clientNodeSteps,
];

/** kubectl 1.33, the newest shipped here; talking to both servers with the same binary. */
function kubectl133(): string | undefined {
  const found = versionedKubectls().find((k) => k.version === '1.33')?.path;
  if (!found && process.env.CI === 'true') throw new Error(`[${suite}] kubectl.1.33 not found, and CI=true, where no suite may skip`);
  return found;
}

const kubectlPath = kubectl133();
const runnable = kubeOracleAvailable(suite) && kubectlPath !== undefined;
/** `ORACLE_DIFF_DIR=dir`: both answers of every step are written there, for reading a difference whole. */
const diffDir = process.env.ORACLE_DIFF_DIR;

describe.skipIf(!runnable)(suite, () => {
  let embedded: TestServer;
  let oracle: KubeOracle;
  let targets: [Target, Target];

  beforeAll(async () => {
    [embedded, oracle] = await Promise.all([startTestServer(), startKubeOracle()]);
    targets = [
      { name: 'embedded', call: embedded.call, kubectl: kubectlRunner(embedded.kubeconfigPath, kubectlPath), kubeconfigPath: embedded.kubeconfigPath },
      { name: 'kube-apiserver', call: oracle.call, kubectl: kubectlRunner(oracle.kubeconfigPath, kubectlPath), kubeconfigPath: oracle.kubeconfigPath },
    ];
    if (diffDir) mkdirSync(diffDir, { recursive: true });
  }, kubeOracleBuildTimeoutMs + 180_000);

  afterAll(async () => {
    await Promise.all([embedded?.stop(), oracle?.stop()]);
  }, 60_000);

  steps.forEach((step, index) => {
    it(
      step.name,
      async () => {
        const [ours, theirs] = await Promise.all([step.observe(targets[0]), step.observe(targets[1])]);
        if (diffDir) {
          const base = join(diffDir, `${String(index + 1).padStart(3, '0')}-${step.name.replace(/[^\w]+/g, '-').slice(0, 60)}`);
          writeFileSync(`${base}.embedded.txt`, `${ours}\n`);
          writeFileSync(`${base}.kube-apiserver.txt`, `${theirs}\n`);
        }
        const known = { ...knownDifferences, ...knownDifferencesMore }[step.name];
        if (known) {
          expect(ours, `"${step.name}" now answers as kube-apiserver does: remove it from known-differences(-more).ts and docs/fidelity.md`).not.toBe(theirs);
          return;
        }
        expect(ours.split('\n')).toEqual(theirs.split('\n'));
      },
      step.timeoutMs,
    );
  });
});
