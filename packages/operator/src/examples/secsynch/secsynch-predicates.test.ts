import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { Store } from '@dojo/runtime';
import { copyLabel, type Secret } from './secret-copy.ts';
import type { SecSynch } from './secsynch.ts';
import { SecSynchIndex } from './secsynch-indexes.ts';
import { namespaceChangedPredicate, secretChangedPredicate, secSynchChangedPredicate } from './secsynch-predicates.ts';

const secSynch: SecSynch = {
  metadata: { namespace: 'ops', name: 'secretsync-a', generation: 1, resourceVersion: '10' },
  spec: { sourceNamespace: 'ns-a', secretName: 'secret-a', destinationNamespaces: ['ns-b', 'ns-c'] },
};

function indexed(...secSynches: KubeObject[]): SecSynchIndex {
  const store = new Store<SecSynch>();
  const index = SecSynchIndex.on({ store, addIndexer: (name, fn) => store.addIndexer(name, fn) });
  for (const s of secSynches) store.upsert(s as SecSynch);
  return index;
}

const secret = (namespace: string, name: string, extra: Partial<Secret> = {}): Secret => ({
  metadata: { namespace, name, resourceVersion: '1' },
  type: 'Opaque',
  data: { token: 'czNjcjN0' },
  ...extra,
});
const edited = (s: Secret, change: (copy: Secret) => void): Secret => {
  const copy = structuredClone(s);
  copy.metadata.resourceVersion = '2';
  change(copy);
  return copy;
};

describe('SecSynchIndex', () => {
  it('maps a source Secret, a destination slot and a labelled copy to their SecSynch', () => {
    const index = indexed(secSynch);
    const request = { namespace: 'ops', name: 'secretsync-a' };
    expect(index.forSecret(secret('ns-a', 'secret-a'))).toEqual([request]);
    expect(index.forSecret(secret('ns-c', 'secret-a'))).toEqual([request]);
    // A copy left in a namespace no longer listed finds its SecSynch by label.
    expect(
      index.forSecret(secret('ns-z', 'secret-a', { metadata: { namespace: 'ns-z', name: 'secret-a', labels: { [copyLabel]: 'ops.secretsync-a' } } })),
    ).toEqual([request]);
    expect(index.forSecret(secret('ns-a', 'unrelated'))).toEqual([]);
    expect(index.forNamespace({ metadata: { name: 'ns-b' } })).toEqual([request]);
    expect(index.forNamespace({ metadata: { name: 'ns-a' } })).toEqual([]);
  });

  it('indexes a SecSynch no schema checked without throwing', () => {
    const index = indexed(
      { metadata: { namespace: 'ops', name: 'broken' }, spec: { destinationNamespaces: 'ns-b' } },
      { metadata: { namespace: 'ops', name: 'empty' } },
    );
    expect(index.forNamespace({ metadata: { name: 'ns-b' } })).toEqual([]);
  });
});

describe('secretChangedPredicate (problem 3: no reconcile for irrelevant changes)', () => {
  const predicate = secretChangedPredicate(indexed(secSynch));
  const source = secret('ns-a', 'secret-a');

  it('passes a source Secret data or type change, and drops an annotation-only edit or a resync', () => {
    expect(predicate.update({ old: source, new: edited(source, (s) => (s.data = { token: 'bjN3' })) })).toBe(true);
    expect(predicate.update({ old: source, new: edited(source, (s) => (s.type = 'kubernetes.io/basic-auth')) })).toBe(true);
    expect(predicate.update({ old: source, new: edited(source, (s) => (s.metadata.annotations = { note: 'hi' })) })).toBe(false);
    expect(predicate.update({ old: source, new: source })).toBe(false);
  });

  it('passes a label change, so that a copy whose label was edited is judged again', () => {
    const copy = secret('ns-b', 'secret-a', { metadata: { namespace: 'ns-b', name: 'secret-a', labels: { [copyLabel]: 'ops.secretsync-a' } } });
    expect(predicate.update({ old: copy, new: edited(copy, (s) => (s.metadata.labels = {})) })).toBe(true);
  });

  it('drops every event of a Secret no SecSynch uses', () => {
    const other = secret('ns-a', 'unrelated');
    expect(predicate.create({ object: other })).toBe(false);
    expect(predicate.update({ old: other, new: edited(other, (s) => (s.data = {})) })).toBe(false);
    expect(predicate.delete({ object: other })).toBe(false);
    expect(predicate.delete({ object: secret('ns-c', 'secret-a') })).toBe(true);
  });
});

describe('secSynchChangedPredicate', () => {
  const next = (change: (s: SecSynch) => void): SecSynch => {
    const copy = structuredClone(secSynch);
    change(copy);
    return copy;
  };

  it('passes spec changes, finalizer changes and the start of deletion, and drops status writes', () => {
    expect(secSynchChangedPredicate.update({ old: secSynch, new: next((s) => (s.metadata.generation = 2)) })).toBe(true);
    expect(secSynchChangedPredicate.update({ old: secSynch, new: next((s) => (s.metadata.finalizers = ['tutorial.study.dev/secret-copies'])) })).toBe(true);
    // The embedded API server leaves generation alone when deletion starts; a real one bumps it.
    expect(secSynchChangedPredicate.update({ old: secSynch, new: next((s) => (s.metadata.deletionTimestamp = '2026-01-01T00:00:00Z')) })).toBe(true);
    expect(secSynchChangedPredicate.update({ old: secSynch, new: next((s) => (s.status = { syncedNamespaces: ['ns-b'] })) })).toBe(false);
  });
});

describe('namespaceChangedPredicate', () => {
  const predicate = namespaceChangedPredicate(indexed(secSynch));

  it('passes a listed namespace appearing or starting to terminate, and nothing about other namespaces', () => {
    const listed = { metadata: { name: 'ns-b' }, status: { phase: 'Active' } };
    expect(predicate.create({ object: listed })).toBe(true);
    expect(predicate.update({ old: listed, new: { ...listed, metadata: { ...listed.metadata, labels: { team: 'x' } } } })).toBe(false);
    expect(predicate.update({ old: listed, new: { ...listed, status: { phase: 'Terminating' } } })).toBe(true);
    expect(predicate.create({ object: { metadata: { name: 'elsewhere' } } })).toBe(false);
  });
});
