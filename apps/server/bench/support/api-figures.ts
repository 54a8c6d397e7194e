/**
 * The API server figures of packages/apiserver/bench/apiserver.bench.ts (Dojo creates from 16
 * clients, LIST of 10,000 Dojos to the last byte, watch delivery to 50 watchers after commit),
 * measured the same way against any target that serves the Dojo CRD: kube-apiserver as well as
 * the embedded server, so each figure can be read as a ratio to kube-apiserver's.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { dojo, dojos } from '../../../../packages/apiserver/bench/bench-dojo.ts';
import { withServerCpu } from '../../../../packages/apiserver/bench/child-server.ts';
import { timeList } from '../../../../packages/apiserver/bench/list-timing.ts';
import { newTarget, runLoad, send, type LoadResult } from '../../../../packages/apiserver/bench/load.ts';
import { watchLatency } from '../../../../packages/apiserver/bench/watch-delivery.ts';
import type { KubeTarget } from './kube-targets.ts';

const clients = 16;
const dojoCrd = fileURLToPath(new URL('../../../../packages/operator/crds/core.jutsu.com_dojos.yaml', import.meta.url));

export interface ApiFigures {
  creates: LoadResult & { serverCpuMicrosPerRequest: number; mainThreadCpuMicrosPerRequest: number };
  list10000: Record<string, number>;
  watch: Record<string, number>;
}

interface KubeconfigFile {
  clusters: { cluster: { server: string; 'certificate-authority-data': string } }[];
  users: { user: { token: string } }[];
}

export async function measureApiFigures(server: KubeTarget, creates: number, listObjects: number, log: (m: string) => void): Promise<ApiFigures> {
  const config = parse(readFileSync(server.kubeconfigPath, 'utf8')) as KubeconfigFile;
  const ca = Buffer.from(config.clusters[0]!.cluster['certificate-authority-data'], 'base64').toString('utf8');
  const target = newTarget(Number(new URL(config.clusters[0]!.cluster.server).port), ca, config.users[0]!.user.token);
  const namespace = 'bench-api';
  const path = dojos(namespace);
  try {
    await send(target, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
    await send(target, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', parse(readFileSync(dojoCrd, 'utf8')));
    const deadline = Date.now() + 60_000;
    while ((await send(target, 'GET', `${path}?limit=1`)).status !== 200) {
      if (Date.now() > deadline) throw new Error(`${server.name} did not serve the Dojo CRD in 60 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const create = (name: string) => async () => (await send(target, 'POST', path, dojo(name, namespace))).status === 201;
    log(`${server.name}: creates`);
    await runLoad(clients, 500, (i) => create(`warm-${i}`)());
    // kube-apiserver and etcd are one process (the oracle embeds etcd), so its CPU counts both.
    const created = await withServerCpu(server.pids()[0]!, () => runLoad(clients, creates, (i) => create(`d-${i}`)()));
    log(`${server.name}: ${JSON.stringify(created)}`);
    log(`${server.name}: up to ${listObjects} Dojos, LIST`);
    await runLoad(clients, Math.max(0, listObjects - 500 - creates), (i) => create(`m-${i}`)());
    const list10000 = await timeList(target, path, 10);
    log(`${server.name}: ${JSON.stringify(list10000)}`);
    const watch = await watchLatency(target, ca, 50, 200, path);
    log(`${server.name}: watch ${JSON.stringify(watch)}`);
    return { creates: created, list10000, watch };
  } finally {
    target.agent.destroy();
  }
}
