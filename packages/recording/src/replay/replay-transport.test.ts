import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectVersionRecord, ServedResource } from '@dojo/console-protocol';
import { eventsStream, HistoryStore, versionsStream } from '@dojo/history';
import type { KubeObject, Table } from '@dojo/kube-api';
import type { ClusterTransport } from '@dojo/console-live';
import { RecordedObjects } from './recorded-objects.ts';
import { ReplayKinds } from './replay-kinds.ts';
import { instantVersion, ReplayTransport } from './replay-transport.ts';

const dojos: ServedResource = {
  group: 'core.jutsu.com',
  version: 'v1',
  versions: ['v1'],
  resource: 'dojos',
  kind: 'Dojo',
  namespaced: true,
  verbs: ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'],
  subresources: ['status', 'scale'],
};
const events: ServedResource = { group: '', version: 'v1', resource: 'events', kind: 'Event', namespaced: true, verbs: ['get', 'list', 'watch', 'create'] };
const crds: ServedResource = {
  group: 'apiextensions.k8s.io',
  version: 'v1',
  resource: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
  namespaced: false,
  verbs: ['get', 'list', 'watch'],
};

let store: HistoryStore;
let replay: ReplayTransport;
let seq = 0;

function version(
  time: number,
  kind: { group: string; kind: string },
  body: KubeObject,
  change: ObjectVersionRecord['change'] = 'created',
): ObjectVersionRecord {
  const { namespace, name = '', uid } = body.metadata;
  return {
    seq: ++seq,
    time,
    object: { ...kind, ...(namespace ? { namespace } : {}), name, ...(uid ? { uid } : {}) },
    event: change === 'deleted' ? 'DELETED' : change === 'created' ? 'ADDED' : 'MODIFIED',
    resourceVersion: String(seq),
    change,
    body,
  };
}

const dojo = (name: string, replicas: number, labels: Record<string, string> = {}): KubeObject => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { namespace: 'default', name, uid: `uid-${name}`, labels, creationTimestamp: '2024-01-01T00:00:00Z' },
  spec: { replicas, title: name },
  status: { readyStatus: `${replicas}/${replicas}` },
});

beforeAll(async () => {
  store = new HistoryStore({ path: join(mkdtempSync(join(tmpdir(), 'replay-')), 'recording.db'), flushEveryMs: 0, retentionEveryMs: 0 });
  const versions = store.stream(versionsStream);
  const dojoKind = { group: 'core.jutsu.com', kind: 'Dojo' };
  versions.append(
    version(
      100,
      { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' },
      {
        metadata: { name: 'dojos.core.jutsu.com', uid: 'crd' },
        spec: {
          group: 'core.jutsu.com',
          scope: 'Namespaced',
          names: { plural: 'dojos', kind: 'Dojo' },
          versions: [{ name: 'v1', served: true, additionalPrinterColumns: [{ name: 'Ready', type: 'string', jsonPath: '.status.readyStatus' }] }],
        },
      },
    ),
  );
  versions.append(version(1000, dojoKind, dojo('web', 1, { tier: 'front' })));
  versions.append(version(2000, dojoKind, dojo('api', 1)));
  versions.append(version(3000, dojoKind, dojo('web', 3, { tier: 'front' }), 'spec'));
  versions.append(version(4000, dojoKind, dojo('api', 1), 'deleted'));
  store.stream(eventsStream).append(
    version(
      2500,
      { group: '', kind: 'Event' },
      {
        apiVersion: 'v1',
        kind: 'Event',
        metadata: { namespace: 'default', name: 'web.1', uid: 'e1' },
        involvedObject: { kind: 'Dojo', name: 'web', uid: 'uid-web' },
        reason: 'Scaled',
      },
    ),
  );
  const index = new RecordedObjects([store.stream(versionsStream), store.stream(eventsStream)]);
  replay = new ReplayTransport(index, new ReplayKinds([dojos, events, crds], index, 5000), 5000);
});
afterAll(async () => {
  await store.close();
});

const get = (t: ClusterTransport, path: string, accept?: string) => t.request({ method: 'GET', path, ...(accept ? { accept } : {}) });
const names = (body: unknown) => (body as { items: KubeObject[] }).items.map((o) => `${o.metadata.name}:${(o.spec as { replicas: number }).replicas}`);

describe("a recording's Kubernetes read path", () => {
  it('lists the objects of a kind as they were at the instant asked about, and none before they existed', async () => {
    expect(names((await get(replay.at(1500), '/apis/core.jutsu.com/v1/namespaces/default/dojos')).body)).toEqual(['web:1']);
    expect(names((await get(replay.at(2500), '/apis/core.jutsu.com/v1/dojos')).body)).toEqual(['api:1', 'web:1']);
    expect(names((await get(replay.at(3500), '/apis/core.jutsu.com/v1/namespaces/default/dojos')).body)).toEqual(['api:1', 'web:3']);
    expect(names((await get(replay.at(4500), '/apis/core.jutsu.com/v1/namespaces/default/dojos')).body)).toEqual(['web:3']);
    expect(names((await get(replay.at(500), '/apis/core.jutsu.com/v1/namespaces/default/dojos')).body)).toEqual([]);
    expect(names((await get(replay.at(), '/apis/core.jutsu.com/v1/namespaces/default/dojos')).body)).toEqual(['web:3']);
  });

  it('gets one object at the instant, and answers 404 for one deleted by then', async () => {
    const web = await get(replay.at(1500), '/apis/core.jutsu.com/v1/namespaces/default/dojos/web');
    expect(web).toMatchObject({ code: 200, body: { apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', spec: { replicas: 1 } } });
    const api = await get(replay.at(4500), '/apis/core.jutsu.com/v1/namespaces/default/dojos/api');
    expect(api).toMatchObject({ code: 404, body: { kind: 'Status', reason: 'NotFound', message: 'dojos.core.jutsu.com "api" not found' } });
  });

  it('selects by label and by field, as the API server does', async () => {
    expect(names((await get(replay.at(2500), '/apis/core.jutsu.com/v1/dojos?labelSelector=tier%3Dfront')).body)).toEqual(['web:1']);
    expect(names((await get(replay.at(2500), '/apis/core.jutsu.com/v1/dojos?fieldSelector=metadata.name%3Dapi')).body)).toEqual(['api:1']);
    const events = await get(replay.at(3000), '/api/v1/namespaces/default/events?fieldSelector=involvedObject.uid%3Duid-web');
    expect((events.body as { items: KubeObject[] }).items.map((e) => e.reason)).toEqual(['Scaled']);
    expect((await get(replay.at(3000), '/apis/core.jutsu.com/v1/dojos?labelSelector=%3D%3D')).code).toBe(400);
  });

  it("prints a Table with the CRD's printer columns and ages as of the instant", async () => {
    const answer = await get(
      replay.at(3000),
      '/apis/core.jutsu.com/v1/namespaces/default/dojos?includeObject=Object',
      'application/json;as=Table;v=v1;g=meta.k8s.io',
    );
    const table = answer.body as Table<KubeObject>;
    expect(table.columnDefinitions.map((c) => c.name)).toEqual(['Name', 'Ready']);
    expect(table.rows.map((r) => r.cells)).toEqual([
      ['api', '1/1'],
      ['web', '3/3'],
    ]);
    expect(table.rows[0]!.object?.metadata.uid).toBe('uid-api');
  });

  it('serves discovery read-only: get, list and watch, and no scale', async () => {
    const resources = (await get(replay.at(), '/apis/core.jutsu.com/v1')).body as { resources: { name: string; verbs: string[] }[] };
    expect(resources.resources).toEqual([
      expect.objectContaining({ name: 'dojos', verbs: ['get', 'list', 'watch'] }),
      expect.objectContaining({ name: 'dojos/status' }),
    ]);
    const groups = (await get(replay.at(), '/apis')).body as { groups: { name: string }[] };
    expect(groups.groups.map((g) => g.name)).toEqual(['core.jutsu.com', 'apiextensions.k8s.io']);
  });

  it('refuses every write with 405 "read-only recording"', async () => {
    const answer = await replay.at().request({ method: 'DELETE', path: '/apis/core.jutsu.com/v1/namespaces/default/dojos/web' });
    expect(answer).toMatchObject({ code: 405, body: { reason: 'MethodNotAllowed', message: expect.stringMatching(/^read-only recording/) } });
  });

  it("says it holds no container logs when a Pod's log is asked for", async () => {
    await expect(replay.at(3000).openStream({ method: 'GET', path: '/api/v1/namespaces/default/pods/web/log?follow=true' })).rejects.toMatchObject({
      status: { code: 404, message: expect.stringContaining('a recording holds no container logs') },
    });
  });

  it("keeps a watch from the list's instant open and quiet, and sends one from any other instant back to list", async () => {
    const abort = new AbortController();
    const quiet = await replay
      .at(3000)
      .openStream({ method: 'GET', path: `/apis/core.jutsu.com/v1/dojos?watch=1&resourceVersion=${instantVersion(3000)}`, signal: abort.signal });
    const first = quiet[Symbol.asyncIterator]().next();
    const raced = await Promise.race([first.then(() => 'event'), new Promise((resolve) => setTimeout(() => resolve('quiet'), 50))]);
    expect(raced).toBe('quiet');
    abort.abort();
    expect(await first).toEqual({ done: true, value: undefined });
    const moved = await replay.at(3500).openStream({ method: 'GET', path: `/apis/core.jutsu.com/v1/dojos?watch=1&resourceVersion=${instantVersion(3000)}` });
    const chunks: string[] = [];
    for await (const chunk of moved) chunks.push(chunk.toString());
    expect(JSON.parse(chunks.join(''))).toMatchObject({ type: 'ERROR', object: { code: 410, reason: 'Expired' } });
  });
});
