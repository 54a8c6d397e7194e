import { describe, expect, it } from 'vitest';
import type { WatchedObject } from './external-operators.ts';
import { ReconciledSet } from './reconciled-set.ts';

const generator = (name: string, generation: number, observedGeneration?: number): WatchedObject => ({
  metadata: { name, generation },
  ...(observedGeneration === undefined ? {} : { status: { observedGeneration } }),
});
const configMap = (owner: string, controller = true, kind = 'ConfigMapGenerator'): WatchedObject => ({
  metadata: { name: `${owner}-generated`, ownerReferences: [{ kind, name: owner, controller }] },
});
const operator = { ownerKind: 'ConfigMapGenerator', statusWritten: (g: WatchedObject) => g.status?.observedGeneration === g.metadata.generation };

describe('an object counts as reconciled', () => {
  it('once its controlled child exists and its status was written, at the later of the two', () => {
    const set = new ReconciledSet(operator);
    set.onChild({ type: 'ADDED', object: configMap('a') }, 100);
    expect(set.reconciledAt.has('a')).toBe(false);
    set.onPrimary({ type: 'MODIFIED', object: generator('a', 1, 1) }, 250);
    expect(set.reconciledAt.get('a')).toBe(250);
  });

  it('not while its status describes an older generation, nor by a child it only owns without controlling', () => {
    const set = new ReconciledSet(operator);
    set.onPrimary({ type: 'ADDED', object: generator('a', 2, 1) }, 10);
    set.onChild({ type: 'ADDED', object: configMap('a', false) }, 20);
    set.onChild({ type: 'ADDED', object: configMap('a', true, 'Foo') }, 30);
    expect(set.reconciledAt.size).toBe(0);
  });

  it('from the first event that showed each part, whatever comes after (a later MODIFIED or a DELETED)', () => {
    const set = new ReconciledSet(operator);
    set.onPrimary({ type: 'MODIFIED', object: generator('a', 1, 1) }, 10);
    set.onPrimary({ type: 'MODIFIED', object: generator('a', 1, 1) }, 40);
    set.onChild({ type: 'DELETED', object: configMap('a') }, 15);
    expect(set.reconciledAt.has('a')).toBe(false);
    set.onChild({ type: 'ADDED', object: configMap('a') }, 20);
    expect(set.reconciledAt.get('a')).toBe(20);
  });
});
