/**
 * Subscriptions on one query share one watch of the cluster (watch-hub.ts), through the console
 * and its embedded API server: every subscriber gets every change once and in order, whether it
 * joined at once, from a LIST's resourceVersion the hub never saw, or while the others ran.
 */
import type { ActivitySnapshot } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness, type LiveClient } from '../testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const resource = { group: '', version: 'v1', resource: 'configmaps' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const collection = (ns: string) => `/api/kube/api/v1/namespaces/${ns}/configmaps`;

async function namespace(name: string): Promise<void> {
  expect((await c.http('POST', '/api/kube/api/v1/namespaces', { body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name } } })).status).toBe(201);
}

async function create(ns: string, names: string[]): Promise<void> {
  for (const name of names)
    expect((await c.http('POST', collection(ns), { body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name } } })).status).toBe(201);
}

/**
 * The names of the watch events subscription `id` received on `live`, in order; without the
 * kube-root-ca.crt ConfigMap the simulated control plane publishes into every Namespace.
 */
const received = (live: LiveClient, id: string): string[] =>
  live.messages
    .filter((m) => m.id === id && m.type === 'watch-event')
    .map((m) => m.event.object.metadata.name as string)
    .filter((name) => name !== 'kube-root-ca.crt');

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await sleep(50);
  if (!condition()) throw new Error(`timed out waiting for ${what}`);
}

/**
 * Open watches of one namespace's ConfigMaps, as the console's activity view counts them from
 * the API server's request journal: the hub's one, plus any subscription still catching up.
 */
async function openWatches(ns: string): Promise<number> {
  const snapshot = (await c.http('GET', '/api/activity')).body as ActivitySnapshot;
  return snapshot.watches.flatMap((client) => client.watches).filter((w) => w.resource === 'configmaps' && w.namespace === ns && w.closedAt === undefined)
    .length;
}

async function untilOpenWatches(ns: string, count: number, what: string): Promise<void> {
  let open = -1;
  for (let i = 0; i < 200 && open !== count; i++) {
    open = await openWatches(ns);
    if (open !== count) await sleep(50);
  }
  if (open !== count) throw new Error(`${what}: ${open} watches open, not ${count}`);
}

describe('watch subscriptions on one query', () => {
  it('get every change once and in order from one watch of the API server', async () => {
    await namespace('hub-a');
    const sockets = await Promise.all([c.socket(), c.socket(), c.socket()]);
    for (const live of sockets) live.send({ op: 'subscribe', id: 'cm', kind: 'watch', resource, namespace: 'hub-a' });
    await Promise.all(sockets.map((live) => live.next((m) => m.id === 'cm' && m.type === 'synced')));
    const names = Array.from({ length: 20 }, (_, i) => `cm-${i}`);
    await create('hub-a', names);
    await until(() => sockets.every((live) => received(live, 'cm').length >= names.length), 'every change at every subscriber');
    for (const live of sockets) expect(received(live, 'cm')).toEqual(names);
    await untilOpenWatches('hub-a', 1, 'one watch for the three subscriptions');
    for (const live of sockets) live.ws.close();
    await untilOpenWatches('hub-a', 0, 'the shared watch to end with its last subscriber');
  });

  it('serve a subscription from a resourceVersion the hub never saw exactly the changes after it', async () => {
    await namespace('hub-b');
    const first = await c.socket();
    first.send({ op: 'subscribe', id: 'first', kind: 'watch', resource, namespace: 'hub-b' });
    await first.next((m) => m.id === 'first' && m.type === 'synced');
    await create('hub-b', ['a-0', 'a-1', 'a-2']);
    // A write elsewhere moves the cluster's resourceVersion past the hub's last event.
    await create('default', ['elsewhere']);
    const list = await c.http('GET', collection('hub-b'));
    const listed = (list.body as { metadata: { resourceVersion: string } }).metadata.resourceVersion;
    await create('hub-b', ['b-0', 'b-1']);

    const late = await c.socket();
    late.send({ op: 'subscribe', id: 'late', kind: 'watch', resource, namespace: 'hub-b', resourceVersion: listed });
    await create('hub-b', ['c-0', 'c-1', 'c-2']);
    await until(() => received(late, 'late').length >= 5 && received(first, 'first').length >= 8, 'the changes at both subscribers');
    await sleep(200);
    expect(received(late, 'late')).toEqual(['b-0', 'b-1', 'c-0', 'c-1', 'c-2']);
    expect(received(first, 'first')).toEqual(['a-0', 'a-1', 'a-2', 'b-0', 'b-1', 'c-0', 'c-1', 'c-2']);
    await untilOpenWatches('hub-b', 1, 'the late subscription to move onto the shared watch');
    first.ws.close();
    late.ws.close();
  });
});
