import { describe, expect, it } from 'vitest';
import type { KubeList, KubeObject, WatchEvent } from '@dojo/kube-api';
import { applyWatchEvent, applyWatchEvents } from './apply-watch-event.ts';

const obj = (name: string, rv: string, extra: Partial<KubeObject> = {}): KubeObject => ({
  metadata: { name, namespace: 'default', uid: `uid-${name}`, resourceVersion: rv },
  ...extra,
});

const list = (...items: KubeObject[]): KubeList => ({ apiVersion: 'v1', kind: 'List', metadata: { resourceVersion: '10' }, items });

describe('applyWatchEvent', () => {
  it('appends an object that was added', () => {
    const next = applyWatchEvent(list(obj('a', '1')), { type: 'ADDED', object: obj('b', '11') });
    expect(next.items.map((o) => o.metadata.name)).toEqual(['a', 'b']);
    expect(next.metadata.resourceVersion).toBe('11');
  });

  it('replaces a modified object in place', () => {
    const next = applyWatchEvent(list(obj('a', '1'), obj('b', '2')), { type: 'MODIFIED', object: obj('a', '12', { spec: { x: 1 } }) });
    expect(next.items[0]).toMatchObject({ spec: { x: 1 } });
    expect(next.items).toHaveLength(2);
  });

  it('treats an ADDED for a known object as a replacement, so a replayed event is harmless', () => {
    const start = list(obj('a', '1'));
    const once = applyWatchEvent(start, { type: 'ADDED', object: obj('a', '1') });
    expect(once.items).toHaveLength(1);
  });

  it('adds a MODIFIED object it did not know', () => {
    expect(applyWatchEvent(list(), { type: 'MODIFIED', object: obj('a', '3') }).items).toHaveLength(1);
  });

  it('removes a deleted object and ignores a delete of an unknown one', () => {
    const start = list(obj('a', '1'), obj('b', '2'), obj('c', '3'));
    const next = applyWatchEvent(start, { type: 'DELETED', object: obj('b', '13') });
    expect(next.items.map((o) => o.metadata.name)).toEqual(['a', 'c']);
    const again = applyWatchEvent(next, { type: 'DELETED', object: obj('b', '13') });
    expect(again.items.map((o) => o.metadata.name)).toEqual(['a', 'c']);
  });

  it('never mutates the list it was given', () => {
    const start = list(obj('a', '1'));
    const frozen = JSON.stringify(start);
    applyWatchEvent(start, { type: 'MODIFIED', object: obj('a', '2') });
    applyWatchEvent(start, { type: 'DELETED', object: obj('a', '2') });
    expect(JSON.stringify(start)).toBe(frozen);
  });

  it('moves only the resourceVersion on a bookmark', () => {
    const start = list(obj('a', '1'));
    const next = applyWatchEvent(start, { type: 'BOOKMARK', object: { metadata: { resourceVersion: '99' } } });
    expect(next.items).toBe(start.items);
    expect(next.metadata.resourceVersion).toBe('99');
  });

  it('returns the same list for an ERROR event', () => {
    const start = list(obj('a', '1'));
    expect(applyWatchEvent(start, { type: 'ERROR', object: { metadata: {} } })).toBe(start);
  });

  it('identifies objects without a uid by namespace and name', () => {
    const noUid = (name: string, rv: string): KubeObject => ({ metadata: { name, namespace: 'ns', resourceVersion: rv } });
    const next = applyWatchEvent(list(noUid('a', '1')), { type: 'MODIFIED', object: noUid('a', '2') });
    expect(next.items).toHaveLength(1);
    expect(next.items[0]?.metadata.resourceVersion).toBe('2');
  });
});

describe('applyWatchEvents', () => {
  it('folds a batch exactly as applying the events one by one', () => {
    const events: WatchEvent[] = [
      { type: 'ADDED', object: obj('b', '11') },
      { type: 'MODIFIED', object: obj('a', '12', { spec: 1 }) },
      { type: 'DELETED', object: obj('b', '13') },
      { type: 'ADDED', object: obj('c', '14') },
      { type: 'MODIFIED', object: obj('c', '15', { spec: 2 }) },
    ];
    const start = list(obj('a', '1'));
    const oneByOne = events.reduce(applyWatchEvent, start);
    expect(applyWatchEvents(start, events)).toEqual(oneByOne);
    expect(oneByOne.metadata.resourceVersion).toBe('15');
  });

  it('returns the same list for an empty batch', () => {
    const start = list(obj('a', '1'));
    expect(applyWatchEvents(start, [])).toBe(start);
  });
});
