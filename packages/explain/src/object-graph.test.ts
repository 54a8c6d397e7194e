import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { defaultIndexers, Store } from '@dojo/runtime';
import { informerGraph } from './object-graph.ts';

const object = (kind: string, name: string, namespace: string | undefined, ownerUid?: string): KubeObject => ({
  kind,
  metadata: {
    name,
    ...(namespace ? { namespace } : {}),
    uid: `${name}-uid`,
    ...(ownerUid ? { ownerReferences: [{ apiVersion: 'v1', kind: 'X', name: 'x', uid: ownerUid }] } : {}),
  },
});
const cache = (group: string, kind: string, namespaced: boolean, objects: KubeObject[]) => {
  const store = new Store(defaultIndexers);
  for (const o of objects) store.upsert(o);
  return { type: { group, kind, namespaced }, store };
};

describe('the object graph over the informer caches', () => {
  const graph = informerGraph([
    cache('apps', 'Deployment', true, [object('Deployment', 'web', 'a', 'dojo-uid'), object('Deployment', 'api', 'b')]),
    cache('', 'ConfigMap', true, [object('ConfigMap', 'web', 'a', 'dojo-uid')]),
    cache('', 'Namespace', false, [object('Namespace', 'a', undefined)]),
  ]);

  it('finds an object by its identity, namespaced or not', () => {
    expect(graph.get({ group: 'apps', kind: 'Deployment', namespace: 'a', name: 'web' })?.metadata.uid).toBe('web-uid');
    expect(graph.get({ group: '', kind: 'Namespace', name: 'a' })?.metadata.uid).toBe('a-uid');
    expect(graph.get({ group: 'apps', kind: 'Deployment', namespace: 'b', name: 'web' })).toBeUndefined();
    expect(graph.watches('', 'Secret')).toBe(false);
  });

  it('finds what an object owns among every cached kind, through the owner-UID index', () => {
    expect(graph.ownedBy('dojo-uid').map((n) => `${n.identity.kind}/${n.identity.name}`)).toEqual(['ConfigMap/web', 'Deployment/web']);
    expect(graph.ownedBy('dojo-uid')[0]!.identity).toEqual({ group: '', kind: 'ConfigMap', namespace: 'a', name: 'web', uid: 'web-uid' });
  });

  it('lists a kind in one namespace or all', () => {
    expect(graph.list('apps', 'Deployment', 'b').map((o) => o.metadata.name)).toEqual(['api']);
    expect(graph.list('apps', 'Deployment').length).toBe(2);
  });
});
