import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { StatusError, type KubeObject } from '@dojo/kube-api';
import { builtinPatchMeta } from './builtin-patch-meta.ts';
import { compareFields } from './compare-fields.ts';
import { fieldSetOf } from './field-set-of.ts';
import { fromFieldsV1, toFieldsV1 } from './fields-v1.ts';
import { applyMergePatch, createMergePatch } from './json-merge-patch.ts';
import { applyJsonPatch } from './json-patch.ts';
import { isJsonObject } from './json-value.ts';
import { decodeManagedFields, stripSystemFields } from './managed-fields.ts';
import { serverSideApply } from './server-side-apply.ts';
import { applyStrategicMergePatch } from './strategic-merge-patch.ts';
import { updateManagedFields } from './update-managed-fields.ts';

const podMeta = builtinPatchMeta('v1', 'Pod');

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** Runs `fn` on frozen inputs: any attempt to mutate them throws a TypeError and fails the property. */
function runsWithoutMutating(inputs: unknown[], fn: () => unknown): boolean {
  const snapshot = structuredClone(inputs);
  inputs.forEach(deepFreeze);
  try {
    fn();
  } catch (err) {
    if (!(err instanceof StatusError)) throw err;
  }
  expect(inputs).toEqual(snapshot);
  return true;
}

/** Merge patch cannot set an object member to null, so the target of a round trip has none. */
function withoutNullMembers(value: unknown): unknown {
  if (!isJsonObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNullMembers(v)]),
  );
}

const containerName = fc.constantFrom('web', 'sidecar', 'init', 'debug');
const env = fc.uniqueArray(fc.record({ name: fc.constantFrom('A', 'B', 'C'), value: fc.constantFrom('1', '2') }), { selector: (e) => e.name, maxLength: 3 });
const container = fc.record(
  { name: containerName, image: fc.constantFrom('nginx:1', 'nginx:2', 'envoy'), env, args: fc.array(fc.constantFrom('-v', '-q'), { maxLength: 2 }) },
  { requiredKeys: ['name', 'image'] },
);
const labels = fc.dictionary(fc.constantFrom('app', 'tier', 'team'), fc.constantFrom('a', 'b'), { maxKeys: 3 });

const pod: fc.Arbitrary<KubeObject> = fc.record({
  apiVersion: fc.constant('v1'),
  kind: fc.constant('Pod'),
  metadata: fc.record({ name: fc.constant('p'), labels, finalizers: fc.uniqueArray(fc.constantFrom('x', 'y', 'z'), { maxLength: 3 }) }),
  spec: fc.record(
    { containers: fc.uniqueArray(container, { selector: (c) => c.name, maxLength: 3 }), nodeName: fc.constantFrom('n1', 'n2') },
    { requiredKeys: ['containers'] },
  ),
});

const strategicPatch = fc.record(
  {
    metadata: fc.record(
      { labels: fc.dictionary(fc.constantFrom('app', 'tier'), fc.constantFrom('a', null)), finalizers: fc.array(fc.constantFrom('x', 'w')) },
      { requiredKeys: [] },
    ),
    spec: fc.record(
      {
        containers: fc.array(fc.oneof(container, fc.record({ name: containerName, $patch: fc.constant('delete') }))),
        '$setElementOrder/containers': fc.uniqueArray(fc.record({ name: containerName }), { selector: (c) => c.name }),
        nodeName: fc.constantFrom('n3', null),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

const jsonPatchOp = fc.oneof(
  fc.record({
    op: fc.constantFrom('add', 'replace', 'test'),
    path: fc.constantFrom('/spec/nodeName', '/metadata/labels/app', '/spec/containers/0', '/spec/containers/-', '/x'),
    value: fc.jsonValue({ maxDepth: 2 }),
  }),
  fc.record({ op: fc.constant('remove'), path: fc.constantFrom('/spec/containers/0', '/metadata/labels', '/nope') }),
  fc.record({
    op: fc.constantFrom('move', 'copy'),
    from: fc.constantFrom('/metadata/labels', '/spec/containers/0/image'),
    path: fc.constantFrom('/spec/copied', '/metadata/labels/moved'),
  }),
);

describe('patch invariants', () => {
  it('applying createMergePatch(a, b) to a yields b', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue().map(withoutNullMembers), (a, b) => {
        expect(applyMergePatch(a, createMergePatch(a, b))).toEqual(b);
      }),
    );
  });

  it('treats a "__proto__" member as data, not as a prototype', () => {
    const patch = JSON.parse('{"metadata":{"labels":{"__proto__":{"polluted":"yes"}}}}') as unknown;
    const merged = applyMergePatch({ metadata: { labels: {} } }, patch) as { metadata: { labels: Record<string, unknown> } };
    expect(Object.getPrototypeOf(merged.metadata.labels)).toBe(Object.prototype);
    expect(Object.keys(merged.metadata.labels)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('no patch function mutates its inputs', () => {
    fc.assert(
      fc.property(pod, pod, fc.jsonValue(), fc.array(jsonPatchOp, { maxLength: 4 }), strategicPatch, (live, next, merge, ops, strategic) => {
        runsWithoutMutating([live, merge], () => applyMergePatch(live, merge));
        runsWithoutMutating([live, ops], () => applyJsonPatch(live, ops));
        runsWithoutMutating([live, strategic], () => applyStrategicMergePatch(live, strategic, podMeta));
        const owned = updateManagedFields({ old: undefined, new: structuredClone(live), manager: 'a', apiVersion: 'v1', time: 't0', meta: podMeta });
        runsWithoutMutating([owned, next], () => updateManagedFields({ old: owned, new: next, manager: 'b', apiVersion: 'v1', time: 't1', meta: podMeta }));
        runsWithoutMutating([owned, next], () =>
          serverSideApply({ live: owned, applied: next, manager: 'c', force: true, apiVersion: 'v1', time: 't1', meta: podMeta }),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('re-applying the same configuration changes nothing', () => {
    fc.assert(
      fc.property(pod, pod, (first, config) => {
        const apply = (live: KubeObject | undefined) =>
          serverSideApply({ live, applied: config, manager: 'k', force: true, apiVersion: 'v1', time: 't', meta: podMeta });
        const base = serverSideApply({ live: undefined, applied: first, manager: 'other', force: false, apiVersion: 'v1', time: 't', meta: podMeta }).object;
        const once = apply(base);
        const twice = apply(once.object);
        expect(twice.changed).toBe(false);
        expect(twice.object).toEqual(once.object);
      }),
      { numRuns: 150 },
    );
  });

  it('an updater owns every field it changed, and no other manager does', () => {
    fc.assert(
      fc.property(pod, pod, (before, after) => {
        const old = updateManagedFields({ old: undefined, new: before, manager: 'first', apiVersion: 'v1', time: 't0', meta: podMeta });
        const updated = updateManagedFields({ old, new: after, manager: 'second', apiVersion: 'v1', time: 't1', meta: podMeta });
        const { added, modified } = compareFields(before, after, podMeta);
        const changed = stripSystemFields(added.union(modified));
        for (const entry of decodeManagedFields(updated.metadata.managedFields).values()) {
          const overlap = entry.fields.intersection(changed);
          expect(entry.manager === 'second' ? changed.difference(entry.fields).isEmpty() : overlap.isEmpty()).toBe(true);
        }
      }),
    );
  });

  it('FieldsV1 encoding round-trips any field set', () => {
    fc.assert(
      fc.property(pod, (obj) => {
        const set = fieldSetOf(obj, podMeta);
        expect(fromFieldsV1(toFieldsV1(set)).equals(set)).toBe(true);
      }),
    );
  });
});
