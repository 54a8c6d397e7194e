/**
 * The differential fuzzer: fast-check generates request sequences (fuzz-commands.ts) over a
 * ConfigMap and a custom resource whose schema the run chooses; both servers get the same
 * sequence in a fresh namespace, and any difference in what a client sees (status, warnings,
 * normalized body, the watch history afterwards) fails the property, which fast-check then
 * shrinks to a minimal sequence to turn into a scripted step.
 *
 * `npm test` runs a bounded number of sequences from a fixed seed, so that it answers the same
 * every time; `npm run oracle -- fuzz [--runs N] [--seed S]` runs more, from a new seed.
 */
import fc from 'fast-check';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubeOracleAvailable, kubeOracleBuildTimeoutMs, startKubeOracle, type KubeOracle } from '../testing/kube-oracle.ts';
import { kubectlRunner } from '../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import type { Target } from './differential.ts';
import { fuzzCommand, widgetSchema, type FuzzKind } from './fuzz-commands.ts';
import { equalizeIntended } from './fuzz-intended-differences.ts';
import { FuzzSession, fuzzGroup, widgetCrd, widgetCrdName } from './fuzz-run.ts';

const suite = 'oracle fuzz: embedded server vs kube-apiserver 1.37';
const runs = Number(process.env.ORACLE_FUZZ_RUNS ?? 25);
const seed = Number(process.env.ORACLE_FUZZ_SEED ?? 20261128);
const maxCommands = Number(process.env.ORACLE_FUZZ_LENGTH ?? 12);
const kinds: FuzzKind[] = ['configmap', 'widget'];

async function pollUntil(what: string, ok: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await ok()) return;
    await sleep(100);
  }
  throw new Error(`${what} never happened`);
}

describe.skipIf(!kubeOracleAvailable(suite))(suite, () => {
  let embedded: TestServer;
  let oracle: KubeOracle;
  let targets: [Target, Target];
  const schema = fc.sample(widgetSchema, { seed, numRuns: 1 })[0]!;

  beforeAll(async () => {
    [embedded, oracle] = await Promise.all([startTestServer(), startKubeOracle()]);
    // kubectl is not used by the fuzzer; the Target shape carries it for the scripted steps.
    targets = [
      { name: 'embedded', call: embedded.call, kubectl: kubectlRunner(embedded.kubeconfigPath), kubeconfigPath: embedded.kubeconfigPath },
      { name: 'kube-apiserver', call: oracle.call, kubectl: kubectlRunner(oracle.kubeconfigPath), kubeconfigPath: oracle.kubeconfigPath },
    ];
    for (const target of targets) {
      const created = await target.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', widgetCrd(schema));
      if (created.status !== 201) throw new Error(`${target.name}: the fuzz CRD was refused: ${JSON.stringify(created.body)}`);
      await pollUntil(`${target.name} serving ${widgetCrdName}`, async () => (await target.call('GET', `/apis/${fuzzGroup}/v1/widgets`)).status === 200);
    }
  }, kubeOracleBuildTimeoutMs + 180_000);

  afterAll(async () => {
    await Promise.all([embedded?.stop(), oracle?.stop()]);
  }, 60_000);

  it(
    `${runs} random request sequences answer the same on both servers (seed ${seed})`,
    async () => {
      let sequence = 0;
      const property = fc.asyncProperty(fc.array(fuzzCommand(schema), { minLength: 1, maxLength: maxCommands }), async (commands) => {
        const namespace = `fuzz-${seed % 100000}-${++sequence}`;
        const sessions = targets.map((target) => new FuzzSession(target, namespace));
        for (const target of targets) {
          const created = await target.call('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
          if (created.status !== 201) throw new Error(`${target.name}: namespace ${namespace}: ${created.status}`);
        }
        const starts = await Promise.all(sessions.map(async (session) => Promise.all(kinds.map((kind) => session.currentVersion(kind)))));
        const transcript: [string[], string[]] = [[], []];
        for (const command of commands) {
          const [ours, theirs] = equalizeIntended(...((await Promise.all(sessions.map((session) => session.run(command)))) as [string, string]));
          transcript[0].push(ours);
          transcript[1].push(theirs);
          // Stop at the first difference: what follows it is noise, and the shrinker wants the shortest failing prefix.
          if (ours !== theirs) break;
        }
        for (const [k, kind] of kinds.entries()) {
          if (transcript[0].at(-1) !== transcript[1].at(-1)) break;
          const [ours, theirs] = await Promise.all(sessions.map((session, s) => session.watchSince(kind, starts[s]![k]!)));
          transcript[0].push(ours!);
          transcript[1].push(theirs!);
        }
        expect(transcript[0].join('\n\n').split('\n')).toEqual(transcript[1].join('\n\n').split('\n'));
      });
      await fc.assert(property, { numRuns: runs, seed, endOnFailure: process.env.ORACLE_FUZZ_SHRINK === '0' });
    },
    30 * 60_000,
  );
});
