import type { KubeObject } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import {
  claimCandidates,
  controllerUidIndex,
  defaultIndexers,
  labelIndex,
  labelIndexValue,
  namespaceIndex,
  orphanIndexValue,
  ownerUidIndex,
} from './indexers.ts';
import { Store } from './store.ts';

const object = (namespace: string, name: string, owners: string[] = [], labels: Record<string, string> = {}): KubeObject => ({
  metadata: { namespace, name, labels, ownerReferences: owners.map((uid) => ({ apiVersion: 'v1', kind: 'Dojo', name: uid, uid })) },
});
const names = (objects: KubeObject[]) => objects.map((o) => o.metadata.name).sort();

describe('Store', () => {
  it('keys objects by namespace/name and indexes them by namespace and owner uid', () => {
    const store = new Store(defaultIndexers);
    store.upsert(object('a', 'one', ['u1']));
    store.upsert(object('a', 'two', ['u1', 'u2']));
    store.upsert(object('b', 'three'));

    expect(store.get('a/two')?.metadata.name).toBe('two');
    expect(names(store.byIndex(namespaceIndex, 'a'))).toEqual(['one', 'two']);
    expect(names(store.byIndex(ownerUidIndex, 'u1'))).toEqual(['one', 'two']);
    expect(names(store.byIndex(ownerUidIndex, 'u2'))).toEqual(['two']);
    expect(store.size).toBe(3);
  });

  it('moves an updated object between index values and forgets a removed one', () => {
    const store = new Store(defaultIndexers);
    store.upsert(object('a', 'one', ['u1']));
    const old = store.upsert(object('a', 'one', ['u2']));
    expect(old?.metadata.ownerReferences?.[0]?.uid).toBe('u1');
    expect(store.byIndex(ownerUidIndex, 'u1')).toEqual([]);
    expect(names(store.byIndex(ownerUidIndex, 'u2'))).toEqual(['one']);

    expect(store.remove('a/one')?.metadata.name).toBe('one');
    expect(store.byIndex(namespaceIndex, 'a')).toEqual([]);
    expect(store.remove('a/one')).toBeUndefined();
  });

  it('indexes each object under its controller, or as an orphan of its namespace', () => {
    const store = new Store(defaultIndexers);
    const controlled = object('a', 'controlled', ['u1', 'u2']);
    controlled.metadata.ownerReferences![1]!.controller = true;
    store.upsert(controlled);
    store.upsert(object('a', 'owned-not-controlled', ['u2']));
    store.upsert(object('a', 'bare'));
    store.upsert(object('b', 'elsewhere'));

    expect(names(store.byIndex(controllerUidIndex, 'u2'))).toEqual(['controlled']);
    expect(store.byIndex(controllerUidIndex, 'u1')).toEqual([]);
    expect(names(store.byIndex(controllerUidIndex, orphanIndexValue('a')))).toEqual(['bare', 'owned-not-controlled']);
    const owner = { metadata: { namespace: 'a', name: 'u2', uid: 'u2' } };
    expect(names(claimCandidates(store, owner))).toEqual(['bare', 'controlled', 'owned-not-controlled']);
  });

  it('indexes labels by namespace, and counts an index entry without listing it', () => {
    const store = new Store(defaultIndexers);
    store.upsert(object('a', 'one', [], { tier: 'web', app: 'x' }));
    store.upsert(object('a', 'two', [], { tier: 'web' }));
    store.upsert(object('b', 'three', [], { tier: 'web' }));
    expect(names(store.byIndex(labelIndex, labelIndexValue('a', 'tier', 'web')))).toEqual(['one', 'two']);
    expect(store.countByIndex(labelIndex, labelIndexValue('a', 'tier', 'web'))).toBe(2);
    expect(store.countByIndex(labelIndex, labelIndexValue('a', 'app', 'x'))).toBe(1);
    store.upsert(object('a', 'one', [], { tier: 'db' }));
    expect(store.countByIndex(labelIndex, labelIndexValue('a', 'app', 'x'))).toBe(0);
    expect(() => store.countByIndex('missing', 'x')).toThrow(/no indexer/);
  });

  it('fills a custom index added late from what it already holds', () => {
    const store = new Store();
    store.upsert(object('a', 'one', [], { tier: 'web' }));
    store.upsert(object('a', 'two', [], { tier: 'db' }));
    store.addIndexer('tier', (o) => (o.metadata.labels?.tier ? [o.metadata.labels.tier] : []));
    expect(names(store.byIndex('tier', 'web'))).toEqual(['one']);
    expect(() => store.byIndex('missing', 'x')).toThrow(/no indexer/);
  });
});
