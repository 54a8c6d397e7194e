// `npm run oracle`: the real kube-apiserver 1.37 (with an embedded etcd) on loopback, for
// trying by hand what the differential suite compares. Builds it on first use (many minutes on
// two cores: it compiles most of Kubernetes; later starts take seconds), prints the kubeconfig
// path, and serves until Ctrl-C.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { fidelityLists } from '../packages/apiserver/src/oracle/fidelity-lists.ts';
import { withRenderedTables } from '../packages/apiserver/src/oracle/fidelity-tables.ts';
import { startKubeOracle } from '@dojo/apiserver/testing';

// `npm run oracle -- fuzz [--runs N] [--seed S] [--length L]`: the differential fuzzer, with
// more sequences than `npm test` runs and a new seed each time unless one is given; a failure
// prints the shrunk sequence and the two answers that differ.
if (process.argv[2] === 'fuzz') {
  const { values } = parseArgs({
    args: process.argv.slice(3),
    options: { runs: { type: 'string', default: '200' }, seed: { type: 'string' }, length: { type: 'string', default: '20' } },
  });
  const seed = values.seed ?? String(Date.now() % 2 ** 31);
  console.log(`kube-oracle fuzz: ${values.runs} sequences of up to ${values.length} requests, seed ${seed}`);
  const run = spawnSync('npx', ['vitest', 'run', 'packages/apiserver/src/oracle/fuzz.oracle.test.ts'], {
    stdio: 'inherit',
    env: { ...process.env, ORACLE_FUZZ_RUNS: values.runs, ORACLE_FUZZ_SEED: seed, ORACLE_FUZZ_LENGTH: values.length },
  });
  process.exit(run.status ?? 1);
}

// `npm run oracle -- doc`: docs/fidelity.md's tables of known differences rewritten from the
// lists the differential suite checks (fidelity-tables.test.ts fails while they differ).
if (process.argv[2] === 'doc') {
  const documentPath = new URL('../docs/fidelity.md', import.meta.url);
  writeFileSync(documentPath, withRenderedTables(readFileSync(documentPath, 'utf8'), fidelityLists));
  console.log('docs/fidelity.md: tables of known differences rewritten');
  process.exit(0);
}

const started = Date.now();
console.log('kube-oracle: building (first time only) and starting kube-apiserver 1.37 + etcd ...');
const oracle = await startKubeOracle({ port: process.env.ORACLE_PORT ? Number(process.env.ORACLE_PORT) : 0 });
console.log(`kube-oracle: ready in ${((Date.now() - started) / 1000).toFixed(1)} s at ${oracle.url}`);
console.log(`kube-oracle: kubeconfig ${oracle.kubeconfigPath}`);
console.log(`kube-oracle: try  kubectl --kubeconfig ${oracle.kubeconfigPath} get --raw /version`);
console.log(`kube-oracle: log  ${oracle.logPath}`);
console.log('kube-oracle: Ctrl-C stops it');

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  console.log('\nkube-oracle: stopping ...');
  await oracle.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
