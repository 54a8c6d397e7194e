import { startTestServer } from '../packages/apiserver/src/testing/test-server.ts';
import { startKubeControlPlane } from '../packages/apiserver/src/testing/kube-control-plane.ts';
import { readFileSync } from 'node:fs';
const ours = await startTestServer();
const cp = await startKubeControlPlane(ours);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
await ours.call('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'work' } });
await ours.call('POST', '/apis/apps/v1/namespaces/work/deployments', { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' }, spec: { replicas: 2, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'c', image: 'nginx' }] } } } });
await ours.call('POST', '/apis/batch/v1/namespaces/work/jobs', { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'once' }, spec: { template: { spec: { restartPolicy: 'Never', containers: [{ name: 'c', image: 'busybox' }] } } } });
await sleep(25000);
const nodes = (await ours.call('GET', '/api/v1/nodes')).body as any;
console.log('nodes', nodes.items.map((n: any) => `${n.metadata.name}:${n.status?.conditions?.find((c: any) => c.type === 'Ready')?.status}`).join(' '));
const pods = (await ours.call('GET', '/api/v1/namespaces/work/pods')).body as any;
console.log('pods', pods.items.map((p: any) => `${p.metadata.name}:${p.spec.nodeName}:${p.status.phase}`).join(' '));
const dep = (await ours.call('GET', '/apis/apps/v1/namespaces/work/deployments/web')).body as any;
console.log('deployment', JSON.stringify(dep.status));
const job = (await ours.call('GET', '/apis/batch/v1/namespaces/work/jobs/once')).body as any;
console.log('job', JSON.stringify(job.status));
const del = await ours.call('DELETE', '/api/v1/namespaces/work');
console.log('ns delete', del.status);
await sleep(15000);
const ns = await ours.call('GET', '/api/v1/namespaces/work');
console.log('ns after', ns.status, JSON.stringify((ns.body as any).status));
for (const f of ['kube-controller-manager.log', 'kube-scheduler.log', 'kwok.log']) {
  const lines = readFileSync(`${cp.logDir}/${f}`, 'utf8').split('\n').filter((l) => /^E|"level":"ERROR"/.test(l) && !/could not find the requested resource/.test(l));
  console.log(f, lines.length, 'errors'); for (const l of lines.slice(0, 8)) console.log('   ', l.slice(0, 300));
}
await cp.stop();
await ours.stop();
