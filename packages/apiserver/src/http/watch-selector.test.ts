/**
 * A watch with a selector sees an object's transitions across it (kube-apiserver's cacher,
 * convertToWatchEvent): entering is ADDED, leaving is DELETED carrying the object as it last
 * matched, at the change's resourceVersion.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { openWatch } from '../testing/watch-stream.ts';

let server: TestServer;
const cms = '/api/v1/namespaces/default/configmaps';
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const relabel = async (name: string, tier: string) =>
  (await server.call('PATCH', `${cms}/${name}`, { metadata: { labels: { tier } } }, { 'content-type': 'application/merge-patch+json' })).body;

describe('a watch with a label selector', () => {
  it('tells of an object leaving it as DELETED with its last matching content at the change’s resourceVersion', async () => {
    const created = (await server.call('POST', cms, { metadata: { name: 'leaving', labels: { tier: 'front' } }, data: { k: 'v' } })).body;
    const watch = await openWatch(server, `${cms}?watch=true&labelSelector=tier%3Dfront&resourceVersion=${created.metadata.resourceVersion}&timeoutSeconds=5`);
    const moved = await relabel('leaving', 'rear');
    const [event] = await watch.events(1);
    watch.close();
    expect(event!.type).toBe('DELETED');
    expect(event!.object.metadata.labels).toEqual({ tier: 'front' });
    expect(event!.object.metadata.resourceVersion).toBe(moved.metadata.resourceVersion);
  });

  it('tells of an object entering it as ADDED with its new content', async () => {
    const created = (await server.call('POST', cms, { metadata: { name: 'entering', labels: { tier: 'rear' } } })).body;
    const watch = await openWatch(server, `${cms}?watch=true&labelSelector=tier%3Dfront&resourceVersion=${created.metadata.resourceVersion}&timeoutSeconds=5`);
    const moved = await relabel('entering', 'front');
    const [event] = await watch.events(1);
    watch.close();
    expect(event!.type).toBe('ADDED');
    expect(event!.object.metadata).toMatchObject({ labels: { tier: 'front' }, resourceVersion: moved.metadata.resourceVersion });
  });
});
