import type { KubeObject, ObjectMeta } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { annotationChangedPredicate, generationChangedPredicate, labelChangedPredicate, resourceVersionChangedPredicate } from './changed-predicates.ts';
import { CountingPredicate } from './counting-predicate.ts';
import { and, not, or, predicateFuncs } from './predicate.ts';

const dojo = (metadata: ObjectMeta): KubeObject => ({ kind: 'Dojo', metadata: { name: 'kyoto', namespace: 'ns', ...metadata } });
const update = (old: ObjectMeta, next: ObjectMeta) => ({ old: dojo(old), new: dojo(next) });

describe('stock predicates', () => {
  it('pass an update only when the generation changed', () => {
    expect(generationChangedPredicate.update(update({ generation: 1 }, { generation: 2 }))).toBe(true);
    expect(generationChangedPredicate.update(update({ generation: 1, resourceVersion: '1' }, { generation: 1, resourceVersion: '2' }))).toBe(false);
  });

  it('pass an update only when the resourceVersion changed', () => {
    expect(resourceVersionChangedPredicate.update(update({ resourceVersion: '1' }, { resourceVersion: '2' }))).toBe(true);
    expect(resourceVersionChangedPredicate.update(update({ resourceVersion: '1' }, { resourceVersion: '1' }))).toBe(false);
  });

  it('pass an update only when labels or annotations changed, treating absent as empty', () => {
    expect(labelChangedPredicate.update(update({ labels: { a: '1' } }, { labels: { a: '2' } }))).toBe(true);
    expect(labelChangedPredicate.update(update({ labels: { a: '1' } }, { labels: { b: '1' } }))).toBe(true);
    expect(labelChangedPredicate.update(update({}, { labels: {} }))).toBe(false);
    expect(annotationChangedPredicate.update(update({ annotations: { a: '1' } }, {}))).toBe(true);
    expect(annotationChangedPredicate.update(update({ annotations: { a: '1' } }, { annotations: { a: '1' } }))).toBe(false);
  });

  it('let create, delete and generic events through', () => {
    const object = dojo({});
    expect(generationChangedPredicate.create({ object })).toBe(true);
    expect(generationChangedPredicate.delete({ object })).toBe(true);
    expect(generationChangedPredicate.generic({ object })).toBe(true);
  });
});

describe('combinators', () => {
  const labelOnly = update({ generation: 1, labels: { a: '1' } }, { generation: 1, labels: { a: '2' } });

  it('and passes only what every predicate passes', () => {
    expect(and(generationChangedPredicate, labelChangedPredicate).update(labelOnly)).toBe(false);
  });

  it('or passes what any predicate passes', () => {
    expect(or(generationChangedPredicate, labelChangedPredicate).update(labelOnly)).toBe(true);
  });

  it('not inverts every event type', () => {
    const never = not(predicateFuncs({}));
    expect(never.create({ object: dojo({}) })).toBe(false);
    expect(not(generationChangedPredicate).update(labelOnly)).toBe(true);
  });
});

describe('CountingPredicate', () => {
  it('counts passed and dropped events per type', () => {
    const counted = new CountingPredicate(generationChangedPredicate);
    counted.update(update({ generation: 1 }, { generation: 1 }));
    counted.update(update({ generation: 1 }, { generation: 1 }));
    counted.update(update({ generation: 1 }, { generation: 2 }));
    counted.create({ object: dojo({}) });
    expect(counted.counts().update).toEqual({ passed: 1, dropped: 2 });
    expect(counted.counts().create).toEqual({ passed: 1, dropped: 0 });
    expect(counted.dropped()).toBe(2);
  });
});
