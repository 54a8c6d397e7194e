import { startKubeOracle } from '../packages/apiserver/src/testing/kube-oracle.ts';
import { startTestServer } from '../packages/apiserver/src/testing/test-server.ts';
import { widgetsCrd } from '../packages/apiserver/src/testing/client-go.ts';
const [ours, oracle] = await Promise.all([startTestServer(), startKubeOracle()]);
for (const t of [ours, oracle]) {
  await t.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', widgetsCrd);
}
await new Promise((r) => setTimeout(r, 4000));
for (const [name, t] of [['ours', ours], ['kube', oracle]] as const) {
  const r = await t.call('POST', '/apis/checks.example.com/v1/namespaces/default/widgets', { apiVersion: 'checks.example.com/v1', kind: 'Widget', metadata: { name: 'w1', labels: { a: 'bad value!', b: 'bad value!' }, finalizers: ['a/b/c', 'a/b/c'] }, spec: { size: 1 } });
  console.log(name, r.status, JSON.stringify((r.body as any).details?.causes?.map((c: any) => c.field + ' ' + c.message.slice(0, 40))));
}
await Promise.all([ours.stop(), oracle.stop()]);
