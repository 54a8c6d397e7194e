import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { ChangeEvent } from '../storage/revisioned-store.ts';
import { decodedChange, storedEventLine } from './watch-event-cache.ts';

const object = (name: string, rv: number): string =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace: 'default', resourceVersion: String(rv) } });
const change = (name: string, rev: number): ChangeEvent => ({
  rev,
  type: 'MODIFIED',
  bucket: 'core/configmaps',
  name: `default/${name}`,
  json: object(name, rev),
  prevJson: object(name, rev - 1),
});
const info = { fromStorage: (obj: KubeObject) => obj } as unknown as ResourceInfo;

describe('the watch event cache', () => {
  it('encodes a change once for every watcher that sends it, one buffer per event type', () => {
    const e = change('a', 2);
    const line = storedEventLine(e, 'MODIFIED');
    expect(storedEventLine(e, 'MODIFIED')).toBe(line);
    expect(line.toString()).toBe(`{"type":"MODIFIED","object":${e.json}}\n`);
    expect(storedEventLine(e, 'ADDED').toString()).toBe(`{"type":"ADDED","object":${e.json}}\n`);
  });

  it('decodes a change and its previous version once for every watcher of a version', () => {
    const e = change('a', 2);
    const decoded = decodedChange(e, info);
    expect(decodedChange(e, info)).toBe(decoded);
    expect(decoded.obj.metadata.resourceVersion).toBe('2');
    expect(decoded.prev?.metadata.resourceVersion).toBe('1');
  });

  it('keeps nothing of a change once the next one is delivered (a resuming watcher gets it encoded afresh, equal)', () => {
    const first = change('a', 2);
    const line = storedEventLine(first, 'MODIFIED');
    const decoded = decodedChange(first, info);
    storedEventLine(change('b', 3), 'MODIFIED');
    const again = storedEventLine(first, 'MODIFIED');
    expect(again).not.toBe(line);
    expect(again.equals(line)).toBe(true);
    expect(decodedChange(first, info)).not.toBe(decoded);
    expect(decodedChange(first, info)).toEqual(decoded);
  });
});
