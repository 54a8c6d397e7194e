/**
 * Watch faults against the real client-go v0.37 informer (our client-go-check program, run with
 * a connected client's kubeconfig): a watch cut sends its reflector back to a relist, as does a
 * 410 when it resumes a watch, and the informer still ends with every change seen. The journal
 * shows both the fault (on the watch's records, with its rule) and the reaction (a new LIST or
 * streaming list after it).
 */
import { requireToolchain } from '@dojo/toolchains';
import type { FaultRuleSpec } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient } from '../clients/client-kubeconfigs.ts';
import { buildClientGoCheck, runClientGoCheck, widgetsCrd } from '../testing/client-go.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

const go = requireToolchain('go', 'client-go');

let binary: string;
let server: TestServer;

async function must(method: string, path: string, body?: unknown): Promise<any> {
  const answer = await server.call(method, path, body);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

const createConfigMap = (namespace: string, name: string) =>
  must('POST', `/api/v1/namespaces/${namespace}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } });

async function journalOf(user: string): Promise<any[]> {
  const answer = await server.call('GET', '/debug/requests?follow=false');
  const records = answer.raw
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as any);
  const watches = new Set(records.filter((r) => r.type === 'watch-open' && r.user === user).map((r) => r.watchId));
  return records.filter((r) => r.user === user || watches.has(r.watchId));
}

/** Runs the informer as connected client `client` with `rule` on its requests; the writes come once it has synced. */
async function informerUnder(client: string, rule: FaultRuleSpec, env: Record<string, string>) {
  const namespace = client;
  await must('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  await createConfigMap(namespace, 'before');
  const { rules } = server.requestFaults.add(client, rule);
  const kubeconfig = connectClient(server.dataDir, client, server.url).kubeconfigPath;
  const run = await runClientGoCheck(binary, kubeconfig, ['informer', '--namespace', namespace, '--user-agent', `faults/${client}`, '-v=4'], {
    env,
    whenSynced: async () => {
      await createConfigMap(namespace, 'after');
      await createConfigMap(namespace, 'informer-done');
    },
  });
  return { run, rule: rules.at(-1)!, journal: await journalOf(client) };
}

/** How the informer filled its ConfigMap cache each time: "LIST" or "streaming", in order. */
const configMapFills = (journal: any[]): string[] =>
  journal.flatMap((r) => {
    if (r.type === 'request' && r.verb === 'list' && r.resource === 'configmaps' && r.code === 200) return ['LIST'];
    if (r.type === 'watch-open' && r.resource === 'configmaps' && r.streamingList) return ['streaming'];
    return [];
  });

/** The informer's events about the object it held before the writes: only a relist brings them (as updates). */
const replaysIn = (events: string[]): string[] => events.filter((e) => e === 'MODIFIED before');
const withoutReplays = (events: string[]): string[] => events.filter((e) => e !== 'MODIFIED before');

beforeAll(async () => {
  if (!go) return;
  binary = await buildClientGoCheck();
  server = await startTestServer();
  await must('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', widgetsCrd);
  for (let i = 0; i < 100; i++) {
    const crd = await must('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.checks.example.com');
    if (crd.status?.conditions?.some((c: any) => c.type === 'Established' && c.status === 'True')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the widgets CRD never became Established');
}, 960_000);

afterAll(async () => {
  await server?.stop();
});

describe.skipIf(!go)('watch faults against client-go v0.37 informers', () => {
  it.each<{ mode: string; client: string; env: Record<string, string>; fills: string[]; replayed: string[] }>([
    // A relist after the cache synced replaces it: each object it held comes to the handlers again as an update.
    { mode: 'LIST then watch', client: 'cut-listing', env: { KUBE_FEATURE_WatchListClient: 'false' }, fills: ['LIST', 'LIST'], replayed: ['MODIFIED before'] },
    // A streaming list cut before its initial-events bookmark falls back to a LIST, before the cache synced.
    { mode: 'streaming lists', client: 'cut-streaming', env: {}, fills: ['streaming', 'LIST'], replayed: [] },
  ])(
    'a watch cut sends a reflector ($mode) back to a relist, and no change is lost',
    async ({ client, env, fills, replayed }) => {
      const { run, rule, journal } = await informerUnder(client, { resource: 'configmaps', watchCut: true, count: 1 }, env);
      expect(run.code, run.stderr).toBe(0);
      expect(withoutReplays(run.lines[1].configMaps.events)).toEqual(['ADDED after', 'ADDED informer-done']);
      expect(replaysIn([...run.lines[1].configMaps.initial, ...run.lines[1].configMaps.events])).toEqual(replayed);
      const cut = journal.find((r) => r.type === 'watch-open' && r.fault);
      expect(cut).toMatchObject({ resource: 'configmaps', fault: { rule: rule.id, verb: 'watch', watch: 'cut' } });
      expect(journal.find((r) => r.type === 'watch-close' && r.watchId === cut.watchId)).toMatchObject({
        reason: 'server',
        events: 0,
        fault: { watch: 'cut' },
      });
      expect(configMapFills(journal)).toEqual(fills);
      // The relist came after the cut.
      const relist = journal.filter((r) => r.type === 'request' && r.verb === 'list' && r.resource === 'configmaps').at(-1);
      expect(relist.seq).toBeGreaterThan(cut.seq);
      expect(server.requestFaults.list(client).rules[0]).toMatchObject({ injected: 1, exhausted: true });
    },
    120_000,
  );

  it('a 410 Expired when it resumes its watch sends the reflector back to a relist, and no change is lost', async () => {
    const client = 'gone-listing';
    const { run, rule, journal } = await informerUnder(client, { resource: 'configmaps', gone: true, count: 1 }, { KUBE_FEATURE_WatchListClient: 'false' });
    expect(run.code, run.stderr).toBe(0);
    expect(withoutReplays(run.lines[1].configMaps.events)).toEqual(['ADDED after', 'ADDED informer-done']);
    expect(replaysIn([...run.lines[1].configMaps.initial, ...run.lines[1].configMaps.events])).toEqual(['MODIFIED before']);
    const refused = journal.find((r) => r.type === 'watch-open' && r.fault);
    expect(refused).toMatchObject({ resource: 'configmaps', fault: { rule: rule.id, verb: 'watch', watch: 'gone' } });
    expect(refused.resourceVersion).toMatch(/^[1-9]\d*$/);
    expect(journal.filter((r) => r.watchId === refused.watchId && r.type !== 'watch-open')).toMatchObject([
      { type: 'watch-event', event: 'ERROR', code: 410 },
      { type: 'watch-close', reason: 'expired', fault: { watch: 'gone' } },
    ]);
    expect(configMapFills(journal)).toEqual(['LIST', 'LIST']);
    expect(run.stderr).toMatch(/too old resource version: \d+ \(\d+\)/);
  }, 120_000);
});
