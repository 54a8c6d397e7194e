import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { builtinPatchMeta } from './builtin-patch-meta.ts';
import { compareFields } from './compare-fields.ts';
import { createdFieldsV1 } from './created-fields.ts';
import { emptyObjectLike } from './empty-object.ts';
import { toFieldsV1 } from './fields-v1.ts';
import type { JsonObject } from './json-value.ts';
import { stripSystemFields, withoutManagedFields } from './managed-fields.ts';
import type { PatchMeta } from './patch-meta.ts';
import { patchMetaFromSchema } from './patch-meta-from-schema.ts';

const dojoSchema = (
  parse(readFileSync(new URL('../../../operator/crds/core.jutsu.com_dojos.yaml', import.meta.url), 'utf8')) as {
    spec: { versions: { schema: { openAPIV3Schema: unknown } }[] };
  }
).spec.versions[0]!.schema.openAPIV3Schema;

/** What the general path records for a create: compare with the empty object, keep what was added or changed, strip system fields. */
function byComparison(obj: JsonObject, meta: PatchMeta | undefined): JsonObject {
  const stripped = withoutManagedFields(obj);
  const { added, modified } = compareFields(emptyObjectLike(stripped, meta), stripped, meta);
  return toFieldsV1(stripSystemFields(added.union(modified)));
}

const metas: [string, PatchMeta | undefined][] = [
  ['a Dojo (its CRD schema)', patchMetaFromSchema(dojoSchema)],
  ['a Pod (list maps, sets, always-serialized fields)', builtinPatchMeta('v1', 'Pod')],
  ['a ConfigMap', builtinPatchMeta('v1', 'ConfigMap')],
  ['an unknown kind (no meta)', undefined],
];

const name = fc.constantFrom('web', 'sidecar', 'a', '__proto__', 'constructor', '0', '.');
const scalar = fc.oneof(fc.string({ maxLength: 3 }), fc.integer(), fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, scalar, tie('map'), tie('list')),
  map: fc.dictionary(name, tie('value'), { maxKeys: 4 }),
  // Lists of objects with and without a "name" key, duplicates included: map lists name their items by key.
  list: fc.array(fc.oneof(tie('value'), fc.record({ name, image: scalar }, { requiredKeys: [] })), { maxLength: 4 }),
})).value;

const object: fc.Arbitrary<JsonObject> = fc.record(
  {
    apiVersion: fc.constantFrom('v1', 'core.jutsu.com/v1'),
    kind: fc.constantFrom('Dojo', 'Pod'),
    metadata: fc.oneof(
      fc.record(
        {
          name: fc.constant('x'),
          namespace: fc.constant('default'),
          uid: fc.constant('u'),
          generation: fc.constant(1),
          creationTimestamp: fc.constant('2026-11-24T00:00:00Z'),
          labels: fc.dictionary(name, fc.string({ maxLength: 2 }), { maxKeys: 3 }),
          annotations: fc.dictionary(name, fc.string({ maxLength: 2 }), { maxKeys: 2 }),
          finalizers: fc.array(fc.constantFrom('x', 'y', 'x'), { maxLength: 3 }),
          ownerReferences: fc.array(fc.record({ uid: fc.constantFrom('a', 'b'), name: fc.constant('o') }), { maxLength: 2 }),
          managedFields: fc.constant([]),
        },
        { requiredKeys: [] },
      ),
      fc.constant(null),
    ),
    spec: fc.oneof(
      fc.record(
        {
          accountId: scalar,
          title: scalar,
          credentialsRef: value,
          containers: fc.array(
            fc.record(
              {
                name,
                image: scalar,
                ports: fc.array(fc.record({ containerPort: fc.integer({ min: 1, max: 3 }), protocol: fc.constantFrom('TCP', 'UDP') }), { maxLength: 2 }),
              },
              { requiredKeys: [] },
            ),
            { maxLength: 3 },
          ),
          extra: value,
        },
        { requiredKeys: [] },
      ),
      value,
    ),
    status: value,
    data: fc.dictionary(name, fc.string({ maxLength: 2 }), { maxKeys: 2 }),
  },
  { requiredKeys: [] },
);

describe('createdFieldsV1', () => {
  it.each(metas)('records what comparing with the empty object records, key for key and in the same order, for %s', (_, meta) => {
    let shortcuts = 0;
    fc.assert(
      fc.property(object, (obj) => {
        const created = createdFieldsV1(structuredClone(obj), meta);
        if (created === undefined) return;
        shortcuts++;
        expect(JSON.stringify(created)).toBe(JSON.stringify(byComparison(structuredClone(obj), meta)));
      }),
      { numRuns: 400 },
    );
    expect(shortcuts).toBeGreaterThan(25);
  });

  it('gives a Dojo create its usual entry: labels and spec, not the system metadata', () => {
    const dojo = {
      apiVersion: 'core.jutsu.com/v1',
      kind: 'Dojo',
      metadata: { name: 'd', namespace: 'default', uid: 'u', generation: 1, labels: { bench: 'true' } },
      spec: { accountId: 'acc', title: 'T', credentialsRef: { name: 'd-app' }, replicas: 1, database: 'Postgres' },
    };
    expect(createdFieldsV1(dojo, patchMetaFromSchema(dojoSchema))).toEqual({
      'f:metadata': { 'f:labels': { '.': {}, 'f:bench': {} } },
      'f:spec': { '.': {}, 'f:accountId': {}, 'f:credentialsRef': { '.': {}, 'f:name': {} }, 'f:database': {}, 'f:replicas': {}, 'f:title': {} },
    });
  });

  it('leaves to the general path an object with a field Go always serializes', () => {
    expect(
      createdFieldsV1({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [] } }, builtinPatchMeta('v1', 'Pod')),
    ).toBeUndefined();
  });
});
