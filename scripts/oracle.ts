// `npm run oracle`: the real kube-apiserver 1.37 (with an embedded etcd) on loopback, for
// trying by hand what the differential suite compares. Builds it on first use (many minutes on
// two cores: it compiles most of Kubernetes; later starts take seconds), prints the kubeconfig
// path, and serves until Ctrl-C.
import { startKubeOracle } from '../packages/apiserver/src/testing/kube-oracle.ts';

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
