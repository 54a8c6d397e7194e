/**
 * List and watch parameters answered as kube-apiserver 1.37 answers them, over real HTTPS: an
 * object leaving a label-selected watch, a garbled continue token, and a resourceVersion the
 * store has not reached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const cms = '/api/v1/namespaces/default/configmaps';
const events = (raw: Buffer): { type: string; object: any }[] =>
  raw
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));

describe('a label-selected watch', () => {
  it('sees an object leave the selection as DELETED carrying its previous labels and the change’s resourceVersion', async () => {
    await server.call('POST', cms, { metadata: { name: 'leaver', labels: { parity: 'even' } }, data: { i: '1' } });
    const from = (await server.call('GET', cms)).body.metadata.resourceVersion;
    const changed = await server.call(
      'PATCH',
      `${cms}/leaver`,
      { metadata: { labels: { parity: 'odd' } } },
      { 'content-type': 'application/merge-patch+json' },
    );
    const watched = await server.call('GET', `${cms}?watch=1&timeoutSeconds=1&resourceVersion=${from}&labelSelector=parity%3Deven`);
    const [event, ...rest] = events(watched.raw);
    expect(rest).toEqual([]);
    expect(event!.type).toBe('DELETED');
    expect(event!.object.metadata.labels).toEqual({ parity: 'even' });
    expect(event!.object.metadata.resourceVersion).toBe(changed.body.metadata.resourceVersion);
  });
});

describe('a list', () => {
  it('at resourceVersion 0 is served whole, its limit ignored, as the watch cache serves it', async () => {
    for (const name of ['rv0-a', 'rv0-b', 'rv0-c']) await server.call('POST', cms, { metadata: { name, labels: { suite: 'rv0' } } });
    const listed = await server.call('GET', `${cms}?labelSelector=suite%3Drv0&limit=2&resourceVersion=0`);
    expect(listed.body.items.map((i: { metadata: { name: string } }) => i.metadata.name)).toEqual(['rv0-a', 'rv0-b', 'rv0-c']);
    expect(listed.body.metadata.continue).toBeUndefined();
  });

  it('refuses a garbled continue token with storage.DecodeContinue’s reason', async () => {
    const listed = await server.call('GET', `${cms}?limit=1&continue=garbage`);
    expect(listed.status).toBe(400);
    expect(listed.body.message).toBe("invalid continue token: continue key is not valid: invalid character '\\u0081' looking for beginning of value");
  });

  it('from a resourceVersion far ahead times out with Retry-After, as the Status’s retryAfterSeconds says', async () => {
    const current = Number((await server.call('GET', cms)).body.metadata.resourceVersion);
    const listed = await server.call('GET', `${cms}?resourceVersion=${current + 1_000_000}&resourceVersionMatch=NotOlderThan`);
    expect(listed.status).toBe(504);
    expect(listed.body.details.retryAfterSeconds).toBe(1);
    expect(listed.headers['retry-after']).toBe('1');
  });
});
