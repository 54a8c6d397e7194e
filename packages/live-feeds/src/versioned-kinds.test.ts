import { describe, expect, it } from 'vitest';
import type { ServedResource, ObjectVersionRecord } from '@dojo/console-protocol';
import { InformerFactory, type ListWatchClient } from '@dojo/runtime';
import { VersionRecorder } from './version-recorder.ts';
import { recordVersionsOfServedKinds } from './versioned-kinds.ts';
import type { HistoryStream } from '@dojo/history';

const served = (group: string, version: string, resource: string, kind: string): ServedResource => ({
  group,
  version,
  resource,
  kind,
  namespaced: true,
  verbs: ['get', 'list', 'watch', 'create'],
});
const dojos = served('core.jutsu.com', 'v1', 'dojos', 'Dojo');
const configMaps = served('', 'v1', 'configmaps', 'ConfigMap');
const events = served('', 'v1', 'events', 'Event');

// The informers are never started: these tests are about which kinds get one, not about watching.
const unusedClient: ListWatchClient = {
  list: () => Promise.reject(new Error('not started')),
  watch: () => {
    throw new Error('not started');
  },
};
const unusedStream = { lastSeq: 0, append: () => undefined, query: () => [] } as unknown as HistoryStream<ObjectVersionRecord>;

async function settle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
}

describe('the kinds whose versions are recorded', () => {
  it('records every served kind but Events on the embedded cluster', async () => {
    const informers = new InformerFactory(unusedClient);
    const kinds = recordVersionsOfServedKinds(informers, new VersionRecorder(unusedStream, (secret) => secret), async () => [dojos, configMaps, events]);
    await settle();
    expect(kinds.records('core.jutsu.com', 'Dojo')).toBe(true);
    expect(kinds.records('', 'ConfigMap')).toBe(true);
    expect(kinds.records('', 'Event')).toBe(false);
    expect(
      informers
        .informers()
        .map((i) => i.type.resource)
        .sort(),
    ).toEqual(['configmaps', 'dojos']);
    kinds.close();
  });

  it('on a real cluster records only the kinds a controller already watches, asking for no new watch', async () => {
    const informers = new InformerFactory(unusedClient);
    informers.informerFor(dojos);
    const kinds = recordVersionsOfServedKinds(informers, new VersionRecorder(unusedStream, (secret) => secret), async () => [dojos, configMaps], {
      scope: 'watched',
    });
    await settle();
    expect(kinds.records('core.jutsu.com', 'Dojo')).toBe(true);
    expect(kinds.records('', 'ConfigMap')).toBe(false);
    expect(informers.informers().map((i) => i.type.resource)).toEqual(['dojos']);
    kinds.close();
  });

  it('records core Events in a stream of their own when given a recorder for them', async () => {
    const informers = new InformerFactory(unusedClient);
    const kinds = recordVersionsOfServedKinds(informers, new VersionRecorder(unusedStream, (secret) => secret), async () => [dojos, events], {
      events: new VersionRecorder(unusedStream, (secret) => secret),
    });
    await settle();
    expect(
      informers
        .informers()
        .map((i) => i.type.resource)
        .sort(),
    ).toEqual(['dojos', 'events']);
    // Events are not "versions recorded" of their kind: they are a stream of their own.
    expect(kinds.records('', 'Event')).toBe(false);
    kinds.close();
  });
});
