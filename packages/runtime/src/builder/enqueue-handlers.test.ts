import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { predicateFuncs } from '../predicate/predicate.ts';
import type { Trigger } from '../workqueue/trigger.ts';
import { enqueueHandler, ownKey } from './enqueue-handlers.ts';

function triggersOf(kind: string, group: string, send: (h: ReturnType<typeof enqueueHandler>) => void): Trigger[] {
  const triggers: Trigger[] = [];
  const handler = enqueueHandler({
    relation: 'for',
    kind,
    group,
    target: { enqueue: (_key, t) => triggers.push(t) },
    predicate: predicateFuncs({}),
    keysFor: ownKey,
  });
  send(handler);
  return triggers;
}

const dojo = (generation: number, rv: string, status = 'a'): KubeObject => ({
  metadata: { namespace: 'default', name: 'web', uid: 'u1', generation, resourceVersion: rv },
  spec: { replicas: generation },
  status: { phase: status },
});

describe('enqueue triggers', () => {
  it('name the object by identity, with its resourceVersion and generation', () => {
    const [trigger] = triggersOf('Dojo', 'core.jutsu.com', (h) => h.onAdd?.(dojo(1, '5'), { initialList: false }));
    expect(trigger).toMatchObject({
      reason: 'watch',
      event: 'ADDED',
      kind: 'Dojo',
      key: 'default/web',
      resourceVersion: '5',
      generation: 1,
      specChanged: true,
    });
    expect(trigger?.object).toEqual({ group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web', uid: 'u1' });
  });

  it('tell an edit of the spec (a new generation) from status churn', () => {
    const [edit] = triggersOf('Dojo', 'core.jutsu.com', (h) => h.onUpdate?.(dojo(1, '5'), dojo(2, '6'), { resync: false }));
    const [churn] = triggersOf('Dojo', 'core.jutsu.com', (h) => h.onUpdate?.(dojo(2, '6'), dojo(2, '7', 'b'), { resync: false }));
    expect(edit?.specChanged).toBe(true);
    expect(churn?.specChanged).toBe(false);
  });

  it('judge kinds without a generation by what changed outside metadata and status', () => {
    const secret = (value: string, rv: string): KubeObject => ({
      metadata: { namespace: 'default', name: 's', resourceVersion: rv, labels: { rv } },
      data: { password: value },
    });
    const [data] = triggersOf('Secret', '', (h) => h.onUpdate?.(secret('a', '1'), secret('b', '2'), { resync: false }));
    const [labels] = triggersOf('Secret', '', (h) => h.onUpdate?.(secret('a', '2'), secret('a', '3'), { resync: false }));
    expect(data?.specChanged).toBe(true);
    expect(labels?.specChanged).toBe(false);
  });

  it('compare a version with the very version it replaced, though every handler of the kind is asked about it', () => {
    const configMap = (value: string, rv: string): KubeObject => ({ metadata: { namespace: 'default', name: 'c', resourceVersion: rv }, data: { key: value } });
    const current = configMap('b', '3');
    const sameTwice = [
      ...triggersOf('ConfigMap', '', (h) => h.onUpdate?.(configMap('a', '2'), current, { resync: false })),
      ...triggersOf('ConfigMap', '', (h) => h.onUpdate?.(configMap('a', '2'), current, { resync: false })),
    ];
    const [afterRelist] = triggersOf('ConfigMap', '', (h) => h.onUpdate?.(configMap('b', '2'), current, { resync: false }));
    const [resync] = triggersOf('ConfigMap', '', (h) => h.onUpdate?.(current, current, { resync: true }));
    expect(sameTwice.map((t) => t.specChanged)).toEqual([true, true]);
    expect(afterRelist?.specChanged).toBe(false);
    expect(resync?.specChanged).toBe(false);
  });
});
