/**
 * The differential fuzzer's language: requests a client sends, as data fast-check can generate
 * and shrink. A command never carries a server's invented values (resourceVersions, uids):
 * it names them symbolically ("the version this client read first") and each target resolves
 * them against its own answers, so one sequence means the same thing to both servers.
 */
import fc from 'fast-check';

/** Objects are few and named alike so that sequences meet: a create after a delete, a stale update. */
export const objectNames = ['a', 'b', 'c'] as const;
export type ObjectName = (typeof objectNames)[number];

export type FuzzKind = 'configmap' | 'widget';

/** Which resourceVersion an update or delete sends: the latest this client saw, its first, none, or one from the future. */
export type VersionChoice = 'fresh' | 'stale' | 'none' | 'future';

export type PatchType = 'merge' | 'json' | 'strategic' | 'apply';

export type FuzzCommand =
  | { op: 'create'; kind: FuzzKind; name: ObjectName; labels: Record<string, string>; content: unknown; dryRun: boolean }
  | { op: 'get'; kind: FuzzKind; name: ObjectName }
  | { op: 'list'; kind: FuzzKind; labelSelector: string; fieldSelector: string; limit: number | undefined }
  | { op: 'update'; kind: FuzzKind; name: ObjectName; version: VersionChoice; labels: Record<string, string>; content: unknown }
  | {
      op: 'patch';
      kind: FuzzKind;
      name: ObjectName;
      type: PatchType;
      body: unknown;
      force: boolean;
      /** An apply's fieldManager: "kubectl" is the one kube upgrades from client-side apply. */
      manager?: 'fuzz' | 'kubectl';
      /** Content for a kubectl.kubernetes.io/last-applied-configuration the body also sets. */
      lastApplied?: unknown;
    }
  | { op: 'delete'; kind: FuzzKind; name: ObjectName; version: VersionChoice; propagationPolicy: string | undefined; dryRun: boolean };

/** One property of a random custom resource schema. */
export type FieldSchema =
  | { type: 'string'; enum?: readonly string[]; maxLength?: number; pattern?: string }
  | { type: 'integer'; minimum?: number; maximum?: number }
  | { type: 'boolean' }
  | { type: 'array'; items: { type: 'string' }; maxItems?: number };

export interface WidgetSchema {
  properties: Record<string, FieldSchema>;
  required: string[];
}

const fieldNames = ['size', 'mode', 'enabled', 'tags'] as const;

const fieldSchema: fc.Arbitrary<FieldSchema> = fc.oneof(
  fc.record(
    {
      type: fc.constant('string' as const),
      enum: fc.constantFrom(['fast', 'slow'], ['x']),
      maxLength: fc.integer({ min: 1, max: 5 }),
      pattern: fc.constantFrom('^[a-z]+$', '^x'),
    },
    { requiredKeys: ['type'] },
  ),
  fc.record(
    { type: fc.constant('integer' as const), minimum: fc.integer({ min: -2, max: 1 }), maximum: fc.integer({ min: 2, max: 5 }) },
    { requiredKeys: ['type'] },
  ),
  fc.constant({ type: 'boolean' as const }),
  fc.record(
    { type: fc.constant('array' as const), items: fc.constant({ type: 'string' as const }), maxItems: fc.integer({ min: 0, max: 2 }) },
    { requiredKeys: ['type', 'items'] },
  ),
);

/** A structural schema for the Widget's spec: a few typed properties with bounds, some required. */
export const widgetSchema: fc.Arbitrary<WidgetSchema> = fc
  .uniqueArray(fc.constantFrom(...fieldNames), { minLength: 1, maxLength: fieldNames.length })
  .chain((names) =>
    fc.record({
      properties: fc
        .tuple(...names.map(() => fieldSchema))
        .map((schemas): Record<string, FieldSchema> => Object.fromEntries(names.map((name, i) => [name, schemas[i]!]))),
      required: fc.subarray(names, { maxLength: 1 }),
    }),
  );

/** Any JSON value a hostile or careless client might put in a field. */
const anyFieldValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('fast', 'slow', 'x', 'ABC', '', 'toolong!'),
  fc.integer({ min: -4, max: 8 }),
  fc.constantFrom(1.5, true, false, null),
  fc.array(fc.constantFrom('p', 'q', 'r'), { maxLength: 3 }),
  fc.constant({ nested: 1 }),
);

/** A Widget spec: each known field often right and sometimes not, and now and then a field the schema does not know. */
function widgetSpec(schema: WidgetSchema): fc.Arbitrary<unknown> {
  const names = [...Object.keys(schema.properties), 'unknownField'];
  return fc.dictionary(fc.constantFrom(...names), anyFieldValue, { maxKeys: names.length });
}

/** ConfigMap data: keys valid and invalid (kube's IsConfigMapKey), string values and, sometimes, a non-string. */
const configMapData: fc.Arbitrary<unknown> = fc.dictionary(
  fc.constantFrom('k', 'key.one', 'bad key!', '..', 'x'),
  fc.oneof(fc.constantFrom('v', 'w', ''), fc.constant(7 as unknown)),
  { maxKeys: 3 },
);

const labels = fc.dictionary(fc.constantFrom('tier', 'app'), fc.constantFrom('x', 'y', 'bad value!'), { maxKeys: 2 });

const labelSelectors = [
  '',
  'tier=x',
  'tier!=x',
  'tier in (x,y)',
  'tier notin (x,,)',
  '!tier',
  'app',
  'tier==',
  'tier in x',
  'tier>1',
  'a=b c',
  '-bad=x',
  'tier=b%c',
];
const fieldSelectors = ['', 'metadata.name=a', 'metadata.name!=b', 'metadata.namespace=nope', 'spec.unknown=1'];

export function fuzzCommand(schema: WidgetSchema): fc.Arbitrary<FuzzCommand> {
  const kind = fc.constantFrom<FuzzKind>('configmap', 'widget');
  const name = fc.constantFrom(...objectNames);
  const version = fc.constantFrom<VersionChoice>('fresh', 'stale', 'none', 'future');
  const content = (k: FuzzKind): fc.Arbitrary<unknown> => (k === 'configmap' ? configMapData : widgetSpec(schema));
  const patchBody = (k: FuzzKind): fc.Arbitrary<unknown> =>
    fc.oneof(
      content(k).map((c) => ({ [k === 'configmap' ? 'data' : 'spec']: c })),
      fc.constant({ metadata: { labels: { tier: 'y' } } }),
      fc.constant([{ op: 'replace', path: '/metadata/labels', value: { tier: 'x' } }]),
      fc.constant([{ op: 'test', path: '/metadata/name', value: 'zzz' }]),
      fc.constant([{ op: 'remove', path: '/nothing/here' }]),
      fc.constant('{"not json'),
    );

  const create = kind.chain((k) =>
    fc.record({ op: fc.constant('create' as const), kind: fc.constant(k), name, labels, content: content(k), dryRun: fc.boolean() }),
  );
  const get = fc.record({ op: fc.constant('get' as const), kind, name });
  const list = fc.record({
    op: fc.constant('list' as const),
    kind,
    labelSelector: fc.constantFrom(...labelSelectors),
    fieldSelector: fc.constantFrom(...fieldSelectors),
    limit: fc.option(fc.integer({ min: 1, max: 2 }), { nil: undefined }),
  });
  const update = kind.chain((k) => fc.record({ op: fc.constant('update' as const), kind: fc.constant(k), name, version, labels, content: content(k) }));
  const patch = kind.chain((k) =>
    fc.record(
      {
        op: fc.constant('patch' as const),
        kind: fc.constant(k),
        name,
        type: fc.constantFrom<PatchType>('merge', 'json', 'strategic', 'apply'),
        body: patchBody(k),
        force: fc.boolean(),
        manager: fc.constantFrom<'fuzz' | 'kubectl'>('fuzz', 'kubectl'),
        lastApplied: content(k),
      },
      { requiredKeys: ['op', 'kind', 'name', 'type', 'body', 'force'] },
    ),
  );
  const del = fc.record({
    op: fc.constant('delete' as const),
    kind,
    name,
    version,
    propagationPolicy: fc.constantFrom(undefined, 'Foreground', 'Background', 'Orphan', 'Sideways'),
    dryRun: fc.boolean(),
  });
  return fc.oneof(
    { arbitrary: create, weight: 3 },
    { arbitrary: get, weight: 1 },
    { arbitrary: list, weight: 2 },
    { arbitrary: update, weight: 2 },
    { arbitrary: patch, weight: 3 },
    { arbitrary: del, weight: 2 },
  );
}
