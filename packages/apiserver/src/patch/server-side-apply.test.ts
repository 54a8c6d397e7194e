import { describe, expect, it } from 'vitest';
import { StatusError, type KubeObject } from '@dojo/kube-api';
import { builtinPatchMeta } from './builtin-patch-meta.ts';
import { patchMetaFromSchema } from './patch-meta-from-schema.ts';
import { serverSideApply } from './server-side-apply.ts';
import { updateManagedFields } from './update-managed-fields.ts';

const meta = builtinPatchMeta('apps/v1', 'Deployment');
const t0 = '2026-03-01T10:00:00Z';
const t1 = '2026-03-01T10:05:00Z';

interface Config {
  replicas?: number;
  image?: string;
  labels?: Record<string, string>;
}

function config({ replicas, image = 'nginx:1.25', labels = { app: 'web' } }: Config = {}): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', labels },
    spec: {
      ...(replicas === undefined ? {} : { replicas }),
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image }] } },
    },
  };
}

const apply = (live: KubeObject | undefined, applied: KubeObject, manager = 'kubectl', force = false, time = t0) =>
  serverSideApply({ live, applied, manager, force, apiVersion: 'apps/v1', time, meta }).object;

/** A live object as `kubectl apply` (client-side) leaves it: owned by an Update entry. */
function clientSideApplied(replicas: number): KubeObject {
  const stored = { ...config({ replicas }), metadata: { ...config().metadata, uid: 'u1', resourceVersion: '7' } };
  return updateManagedFields({ old: undefined, new: stored, manager: 'kubectl-client-side-apply', apiVersion: 'apps/v1', time: t0, meta });
}

function failure(run: () => unknown): StatusError {
  try {
    run();
  } catch (err) {
    if (err instanceof StatusError) return err;
    throw err;
  }
  throw new Error('expected a StatusError');
}

const spec = (obj: KubeObject) => obj.spec as { replicas?: number; template: { spec: { containers: { image: string }[] } } };

describe('serverSideApply', () => {
  it('creates the object and records an Apply entry for exactly the applied fields', () => {
    const created = apply(undefined, config({ replicas: 2 }));
    expect(spec(created).replicas).toBe(2);
    expect(created.metadata.managedFields).toEqual([
      {
        manager: 'kubectl',
        operation: 'Apply',
        apiVersion: 'apps/v1',
        time: t0,
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { 'f:app': {} } },
          'f:spec': {
            'f:replicas': {},
            'f:selector': {},
            'f:template': {
              'f:metadata': { 'f:labels': { 'f:app': {} } },
              'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {} } } },
            },
          },
        },
      },
    ]);
  });

  it('removes a field the applier applied before and leaves out now', () => {
    const created = apply(undefined, config({ replicas: 2, labels: { app: 'web', tier: 'front' } }));
    const reapplied = apply(created, config({ labels: { app: 'web' } }), 'kubectl', false, t1);
    expect(reapplied.metadata.labels).toEqual({ app: 'web' });
    expect(spec(reapplied).replicas).toBeUndefined();
    expect(reapplied.metadata.managedFields?.[0]?.time).toBe(t1);
  });

  it('keeps an omitted field that another manager also owns', () => {
    const created = apply(undefined, config({ replicas: 2 }));
    const scaled = updateManagedFields({
      old: created,
      new: { ...created, spec: { ...spec(created), replicas: 4 } },
      manager: 'hpa',
      apiVersion: 'apps/v1',
      time: t1,
      meta,
    });
    const reapplied = apply(scaled, config({}));
    expect(spec(reapplied).replicas).toBe(4);
  });

  it('refuses to change a field another manager owns with the kube-apiserver conflict message', () => {
    const err = failure(() => apply(clientSideApplied(2), config({ replicas: 3 })));
    expect(err.code).toBe(409);
    expect(err.reason).toBe('Conflict');
    expect(err.message).toBe('Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using apps/v1: .spec.replicas');
    expect(err.status.details).toEqual({
      causes: [{ reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using apps/v1', field: '.spec.replicas' }],
    });
  });

  it('lists several conflicts per manager, one path per line', () => {
    const err = failure(() => apply(clientSideApplied(2), config({ replicas: 3, image: 'nginx:1.26' })));
    expect(err.message).toBe(
      'Apply failed with 2 conflicts: conflicts with "kubectl-client-side-apply" using apps/v1:\n' +
        '- .spec.replicas\n' +
        '- .spec.template.spec.containers[name="nginx"].image',
    );
    expect(err.status.details?.causes?.map((c) => c.field)).toEqual(['.spec.replicas', '.spec.template.spec.containers[name="nginx"].image']);
  });

  it('names another applier without an apiVersion', () => {
    const created = apply(undefined, config({ replicas: 2 }), 'deployer');
    expect(failure(() => apply(created, config({ replicas: 3 }))).message).toBe('Apply failed with 1 conflict: conflict with "deployer": .spec.replicas');
  });

  it('takes the field over with force', () => {
    const forced = apply(clientSideApplied(2), config({ replicas: 3 }), 'kubectl', true);
    expect(spec(forced).replicas).toBe(3);
    const owners = Object.fromEntries((forced.metadata.managedFields ?? []).map((e) => [e.manager, e.fieldsV1]));
    expect(owners.kubectl).toHaveProperty(['f:spec', 'f:replicas']);
    expect(owners['kubectl-client-side-apply']).not.toHaveProperty(['f:spec', 'f:replicas']);
  });

  it('shares a field without conflict when applying the value it already has', () => {
    const shared = apply(clientSideApplied(2), config({ replicas: 2 }));
    const owners = Object.fromEntries((shared.metadata.managedFields ?? []).map((e) => [e.manager, e.fieldsV1]));
    expect(owners.kubectl).toHaveProperty(['f:spec', 'f:replicas']);
    expect(owners['kubectl-client-side-apply']).toHaveProperty(['f:spec', 'f:replicas']);
  });

  it('keeps a non-empty map the configuration sets to null, and its owners (SMD merges null as no items)', () => {
    const applied = { ...config({ replicas: 2 }), metadata: { name: 'web', namespace: 'default', labels: null } } as unknown as KubeObject;
    const result = apply(clientSideApplied(2), applied);
    expect(result.metadata.labels).toEqual({ app: 'web' });
    const owners = Object.fromEntries((result.metadata.managedFields ?? []).map((e) => [e.manager, e.fieldsV1]));
    expect(owners.kubectl).toHaveProperty(['f:metadata', 'f:labels'], {});
    expect(owners['kubectl-client-side-apply']).toHaveProperty(['f:metadata', 'f:labels', 'f:app']);
  });

  it('removes a leaf the configuration sets to null', () => {
    const applied = { ...config({}), spec: { ...(config({}).spec as object), replicas: null } } as unknown as KubeObject;
    expect(spec(apply(apply(undefined, config({ replicas: 2 })), applied))).not.toHaveProperty('replicas');
  });

  it('keeps live-only list items and follows the configuration for new ones', () => {
    const live = apply(undefined, config({}));
    const withSidecar = updateManagedFields({
      old: live,
      new: {
        ...live,
        spec: {
          ...spec(live),
          template: { ...spec(live).template, spec: { containers: [...spec(live).template.spec.containers, { name: 'sidecar', image: 'envoy' }] } },
        },
      },
      manager: 'injector',
      apiVersion: 'apps/v1',
      time: t1,
      meta,
    });
    const reapplied = apply(withSidecar, config({ image: 'nginx:1.26' }));
    expect(spec(reapplied).template.spec.containers).toEqual([
      { name: 'nginx', image: 'nginx:1.26' },
      { name: 'sidecar', image: 'envoy' },
    ]);
  });

  it('rejects a configuration whose list item lacks its key', () => {
    const bad = config({});
    (bad.spec as { template: { spec: { containers: object[] } } }).template.spec.containers = [{ image: 'x' }];
    const err = failure(() => apply(undefined, bad));
    expect(err.code).toBe(400);
    expect(err.message).toBe(
      'failed to create typed patch object (default/web; apps/v1, Kind=Deployment): .spec.template.spec.containers: element 0: associative list with keys has an element that omits all key fields ["name"] (and doesn\'t have default values for any key fields)',
    );
  });

  it('lists every duplicate key of a configuration, as Helm users see it', () => {
    const bad = config({});
    const env = [{ name: 'A', value: '1' }, { name: 'A', value: '2' }, { name: 'B' }, { name: 'B' }];
    (bad.spec as { template: { spec: { containers: object[] } } }).template.spec.containers = [{ name: 'nginx', image: 'x', env }];
    expect(failure(() => apply(undefined, bad)).message).toBe(
      'failed to create typed patch object (default/web; apps/v1, Kind=Deployment): errors:\n' +
        '  .spec.template.spec.containers[name="nginx"].env: duplicate entries for key [name="A"]\n' +
        '  .spec.template.spec.containers[name="nginx"].env: duplicate entries for key [name="B"]',
    );
  });

  it('rejects managedFields in the configuration and a mismatched apiVersion with 400', () => {
    const withFields = { ...config({}), metadata: { ...config({}).metadata, managedFields: [] } };
    expect(failure(() => apply(undefined, withFields)).message).toBe('metadata.managedFields must be nil');
    expect(failure(() => apply(undefined, { ...config({}), apiVersion: 'apps/v1beta1' })).message).toBe(
      'Incorrect version specified in apply patch. Specified patch version: apps/v1beta1, expected: apps/v1',
    );
  });

  it('does not mutate the live object or the configuration', () => {
    const live = clientSideApplied(2);
    const applied = config({ replicas: 2, image: 'nginx:1.25' });
    const [liveCopy, appliedCopy] = [structuredClone(live), structuredClone(applied)];
    apply(live, applied, 'kubectl', true);
    expect(live).toEqual(liveCopy);
    expect(applied).toEqual(appliedCopy);
  });
});

describe('serverSideApply with reset fields (SMD IgnoreFilter)', () => {
  it("an applier to a Deployment's own endpoint owns none of the status it sends, and takes it from nobody", () => {
    const statusOwned = updateManagedFields({
      old: clientSideApplied(1),
      new: { ...clientSideApplied(1), status: { replicas: 1 } },
      manager: 'controller',
      apiVersion: 'apps/v1',
      time: t0,
      meta,
      subresource: 'status',
    });
    const applied = { ...config({ replicas: 1 }), status: { replicas: 5 } };
    const result = serverSideApply({
      live: statusOwned,
      applied,
      manager: 'kubectl',
      force: false,
      apiVersion: 'apps/v1',
      time: t1,
      meta,
      resetFields: [['status']],
    });
    const entries = result.object.metadata.managedFields ?? [];
    expect(entries.find((e) => e.manager === 'kubectl')?.fieldsV1).not.toHaveProperty('f:status');
    expect(entries.find((e) => e.manager === 'controller')?.fieldsV1).toEqual({ 'f:status': { '.': {}, 'f:replicas': {} } });
  });
});

describe('serverSideApply of a custom resource with a structural schema', () => {
  const schema = {
    type: 'object',
    properties: {
      spec: { type: 'object', properties: { size: { type: 'integer' }, extra: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } },
    },
  };
  const widget = (spec: object): KubeObject => ({ apiVersion: 'fuzz.dojo.dev/v1', kind: 'Widget', metadata: { name: 'a' }, spec });
  const applyWidget = (spec: object) =>
    serverSideApply({
      live: undefined,
      applied: widget(spec),
      manager: 'm',
      force: false,
      apiVersion: 'fuzz.dojo.dev/v1',
      time: t0,
      meta: patchMetaFromSchema(schema),
    });

  it('refuses a field the schema does not declare, in the words of the typed conversion', () => {
    const err = failure(() => applyWidget({ size: 1, unknownField: [] }));
    expect(err.message).toBe('failed to create typed patch object (/a; fuzz.dojo.dev/v1, Kind=Widget): .spec.unknownField: field not declared in schema');
  });

  it("refuses a value of the wrong type by its schema's type, and reports it beside an undeclared field met first (found by the fuzzer, seed 534233839)", () => {
    expect(failure(() => applyWidget({ unknownField: 1, size: 'big' })).message).toBe(
      'failed to create typed patch object (/a; fuzz.dojo.dev/v1, Kind=Widget): errors:\n  .spec.unknownField: field not declared in schema\n  .spec.size: expected numeric (int or float), got string',
    );
  });

  it('keeps a null leaf of the configuration in the merged object when asked (a custom resource), for validation to see', () => {
    const applied = (keepNulls: boolean) =>
      serverSideApply({
        live: undefined,
        applied: widget({ size: null }),
        manager: 'm',
        force: false,
        apiVersion: 'fuzz.dojo.dev/v1',
        time: t0,
        meta: patchMetaFromSchema(schema),
        keepNulls,
      }).object.spec;
    expect(applied(true)).toEqual({ size: null });
    expect(applied(false)).toEqual({});
  });

  it('takes any field under x-kubernetes-preserve-unknown-fields, and apiVersion, kind and metadata everywhere', () => {
    expect(applyWidget({ size: 1, extra: { anything: true } }).object.spec).toEqual({ size: 1, extra: { anything: true } });
  });
});

describe("serverSideApply of a built-in kind checks its configuration against kube's OpenAPI types", () => {
  const configMapMeta = builtinPatchMeta('v1', 'ConfigMap');
  const applyConfigMap = (body: object) =>
    serverSideApply({
      live: undefined,
      applied: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' }, ...body },
      manager: 'm',
      force: false,
      apiVersion: 'v1',
      time: t0,
      meta: configMapMeta,
    });
  const typedFailure = (body: object) =>
    failure(() => applyConfigMap(body)).message.replace('failed to create typed patch object (default/cm; /v1, Kind=ConfigMap): ', '');

  it("refuses a number where a string is declared, printing the value as Go prints SMD's wrapper", () => {
    expect(failure(() => applyConfigMap({ data: { k: 7 } })).message).toBe(
      'failed to create typed patch object (default/cm; /v1, Kind=ConfigMap): .data.k: expected string, got &value.valueUnstructured{Value:7}',
    );
    expect(typedFailure({ data: { k: ['a', 1.5, true] } })).toBe(
      '.data.k: expected string, got &value.valueUnstructured{Value:[]interface {}{"a", 1.5, true}}',
    );
  });

  it("refuses a boolean, list or map that is not one, in validateScalar's, listValue's and mapValue's words", () => {
    expect(typedFailure({ immutable: 'yes' })).toBe('.immutable: expected boolean, got &{yes}');
    expect(typedFailure({ data: 'x' })).toBe('.data: expected map, got &{x}');
    expect(typedFailure({ metadata: { name: 'cm', namespace: 'default', finalizers: { a: 1 } } })).toBe('.metadata.finalizers: expected list, got &{map[a:1]}');
    expect(typedFailure({ metadata: { name: 'cm', namespace: 'default', generation: 'one' } })).toBe(
      '.metadata.generation: expected numeric (int or float), got string',
    );
  });

  it('refuses a field the kind does not declare', () => {
    expect(typedFailure({ spec: { a: 1 } })).toBe('.spec: field not declared in schema');
    expect(typedFailure({ metadata: { name: 'cm', namespace: 'default', colour: 'red' } })).toBe('.metadata.colour: field not declared in schema');
  });

  it('takes null anywhere, and any scalar where kube declares a Quantity, a time or an int-or-string', () => {
    expect(applyConfigMap({ data: { k: null }, metadata: { name: 'cm', creationTimestamp: null } }).object.kind).toBe('ConfigMap');
    const pod = serverSideApply({
      live: undefined,
      applied: {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: 'p', namespace: 'default' },
        spec: { containers: [{ name: 'c', image: 'i', resources: { limits: { cpu: 1, memory: '1Gi' } }, livenessProbe: { httpGet: { port: 'http' } } }] },
      },
      manager: 'm',
      force: false,
      apiVersion: 'v1',
      time: t0,
      meta: builtinPatchMeta('v1', 'Pod'),
    });
    expect(pod.object.kind).toBe('Pod');
  });
});
