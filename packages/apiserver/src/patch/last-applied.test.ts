import { describe, expect, it } from 'vitest';
import { StatusError, type KubeObject } from '@dojo/kube-api';
import { builtinPatchMeta } from './builtin-patch-meta.ts';
import { lastAppliedAnnotation } from './last-applied.ts';
import { serverSideApply } from './server-side-apply.ts';
import { updateManagedFields } from './update-managed-fields.ts';

const meta = builtinPatchMeta('v1', 'ConfigMap');
const t0 = '2026-03-01T10:00:00Z';
const t1 = '2026-03-01T10:05:00Z';

const configMap = (data: Record<string, string>, metadata: Record<string, unknown> = {}): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'app', namespace: 'default', ...metadata },
  data,
});

/** What `kubectl apply` (client-side) stores: the object, its annotation, an Update entry. */
function clientSideApplied(data: Record<string, string>, annotation: string = `${JSON.stringify(configMap(data, { annotations: {} }))}\n`): KubeObject {
  const stored = configMap(data, { uid: 'u1', resourceVersion: '7', annotations: { [lastAppliedAnnotation]: annotation } });
  return updateManagedFields({ old: undefined, new: stored, manager: 'kubectl-client-side-apply', apiVersion: 'v1', time: t0, meta });
}

/** A later write by another manager. */
function updatedBy(manager: string, live: KubeObject, data: Record<string, string>): KubeObject {
  const next = { ...live, data: { ...(live.data as object), ...data } };
  return updateManagedFields({ old: live, new: next, manager, apiVersion: 'v1', time: t0, meta });
}

const apply = (live: KubeObject | undefined, applied: KubeObject, manager = 'kubectl') =>
  serverSideApply({ live, applied, manager, force: false, apiVersion: 'v1', time: t1, meta }).object;

function conflict(run: () => unknown): StatusError {
  try {
    run();
  } catch (err) {
    if (err instanceof StatusError) return err;
    throw err;
  }
  throw new Error('expected a 409');
}

const owners = (obj: KubeObject) => Object.fromEntries((obj.metadata.managedFields ?? []).map((e) => [e.manager, e.fieldsV1]));
const annotationOf = (obj: KubeObject) => obj.metadata.annotations?.[lastAppliedAnnotation];

describe('server-side apply by "kubectl" over a client-side applied object (lastAppliedManager)', () => {
  it('takes over the fields last-applied-configuration names, without a conflict', () => {
    const upgraded = apply(clientSideApplied({ a: '1', b: '2' }), configMap({ a: '10', b: '2' }));
    expect(upgraded.data).toEqual({ a: '10', b: '2' });
    expect(owners(upgraded).kubectl).toEqual({ 'f:data': { 'f:a': {}, 'f:b': {} } });
    // The client-side manager loses the field it conflicted on and shares the one applied unchanged.
    expect(owners(upgraded)['kubectl-client-side-apply']).toEqual({
      'f:data': { '.': {}, 'f:b': {} },
      'f:metadata': { 'f:annotations': { '.': {}, [`f:${lastAppliedAnnotation}`]: {} } },
    });
  });

  it('still refuses a field another manager changed since, naming only that field', () => {
    const edited = updatedBy('editor', clientSideApplied({ a: '1', b: '2' }), { b: '3' });
    const err = conflict(() => apply(edited, configMap({ a: '10', b: '4' })));
    expect(err.code).toBe(409);
    expect(err.message).toBe('Apply failed with 1 conflict: conflict with "editor" using v1: .data.b');
  });

  it('does not claim a field whose live value differs from the annotation', () => {
    const drifted = clientSideApplied({ a: '1' }, `${JSON.stringify(configMap({ a: '0' }))}\n`);
    expect(conflict(() => apply(drifted, configMap({ a: '2' }))).message).toBe(
      'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .data.a',
    );
  });

  it('is for the manager "kubectl" only: any other name opts out', () => {
    expect(conflict(() => apply(clientSideApplied({ a: '1' }), configMap({ a: '2' }), 'deployer')).message).toBe(
      'Apply failed with 1 conflict: conflict with "kubectl-client-side-apply" using v1: .data.a',
    );
  });

  it.each([
    ['is not JSON', 'not json'],
    ['has no kind', `${JSON.stringify({ apiVersion: 'v1', data: { a: '1' } })}\n`],
    ['is of another apiVersion', `${JSON.stringify({ apiVersion: 'v2', kind: 'ConfigMap', data: { a: '1' } })}\n`],
  ])('claims nothing when the annotation %s', (_, annotation) => {
    expect(conflict(() => apply(clientSideApplied({ a: '1' }, annotation), configMap({ a: '2' }))).code).toBe(409);
  });

  it('claims nothing without the annotation', () => {
    const created = updateManagedFields({ old: undefined, new: configMap({ a: '1' }), manager: 'kubectl-create', apiVersion: 'v1', time: t0, meta });
    expect(conflict(() => apply(created, configMap({ a: '2' }))).message).toBe(
      'Apply failed with 1 conflict: conflict with "kubectl-create" using v1: .data.a',
    );
  });
});

describe('server-side apply by "kubectl" keeps last-applied-configuration current (lastAppliedUpdater)', () => {
  it('rewrites it to the configuration as Go encodes it: keys sorted, HTML escaped, a newline', () => {
    const applied = {
      kind: 'ConfigMap',
      apiVersion: 'v1',
      metadata: { name: 'app', annotations: { z: 'a&b', a: '<x>' } },
      data: { b: '2', a: '1' },
    } as KubeObject;
    const upgraded = apply(clientSideApplied({ a: '1', b: '2' }), applied);
    expect(annotationOf(upgraded)).toBe(
      '{"apiVersion":"v1","data":{"a":"1","b":"2"},"kind":"ConfigMap","metadata":{"annotations":{"a":"\\u003cx\\u003e","z":"a\\u0026b"},"name":"app"}}\n',
    );
  });

  it('leaves the annotation itself out, keeping the emptied annotations map, and reads null annotations as ""', () => {
    const created = apply(undefined, configMap({ a: '1' }, { annotations: { [lastAppliedAnnotation]: 'x' } }));
    expect(annotationOf(created)).toBe(
      '{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"annotations":{},"name":"app","namespace":"default"}}\n',
    );
    const nulls = configMap({ a: '1' }, { annotations: { n: null } });
    expect(annotationOf(apply(clientSideApplied({ a: '1' }), nulls))).toBe(
      '{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"annotations":{"n":""},"name":"app","namespace":"default"}}\n',
    );
  });

  it('leaves it alone for another manager, and adds none to an object without it', () => {
    const live = clientSideApplied({ a: '1' });
    expect(annotationOf(apply(live, configMap({ b: '2' }), 'deployer'))).toBe(annotationOf(live));
    expect(apply(undefined, configMap({ a: '1' })).metadata.annotations).toBeUndefined();
  });

  it('drops it when it would take the annotations past 256 KiB', () => {
    const big = 'x'.repeat(150 * 1024);
    const live = clientSideApplied({ a: '1' });
    const withBigAnnotation = { ...live, metadata: { ...live.metadata, annotations: { ...live.metadata.annotations, other: big } } };
    const upgraded = apply(withBigAnnotation, configMap({ a: '1', big }));
    expect(upgraded.metadata.annotations).toEqual({ other: big });
  });

  it("gives a new applier's entry no time when the apply changed nothing but the annotation", () => {
    const live = clientSideApplied({ a: '1' });
    const upgraded = apply(live, configMap({ a: '1' }));
    const entry = upgraded.metadata.managedFields?.find((e) => e.manager === 'kubectl');
    expect(entry).toBeDefined();
    expect(entry?.time).toBeUndefined();
    expect(annotationOf(upgraded)).toBe('{"apiVersion":"v1","data":{"a":"1"},"kind":"ConfigMap","metadata":{"name":"app","namespace":"default"}}\n');
  });
});
