import { describe, expect, it } from 'vitest';
import type { KubeObject, ManagedFieldsEntry } from '@dojo/kube-api';
import { builtinPatchMeta } from './builtin-patch-meta.ts';
import { maxUpdateManagers } from './managed-fields.ts';
import { managerFromUserAgent } from './patch-options.ts';
import { updateManagedFields } from './update-managed-fields.ts';
import { specResetFields, statusResetFields } from '../registry/field-tracker.ts';

const meta = builtinPatchMeta('apps/v1', 'Deployment');
const t0 = '2026-03-01T10:00:00Z';
const t1 = '2026-03-01T10:05:00Z';

function deployment(replicas: number, image = 'nginx:1.25', labels: Record<string, string> = { app: 'web' }): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', namespace: 'default', uid: 'u1', resourceVersion: '5', labels },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'nginx', image }] } },
    },
  };
}

const update = (old: KubeObject | undefined, next: KubeObject, manager: string, time = t0) =>
  updateManagedFields({ old, new: next, manager, apiVersion: 'apps/v1', time, meta });

const entry = (obj: KubeObject, manager: string): ManagedFieldsEntry | undefined => obj.metadata.managedFields?.find((e) => e.manager === manager);

describe('updateManagedFields', () => {
  it('gives the creator every field it set, marking maps and items it created with "."', () => {
    const created = update(undefined, deployment(2), 'kubectl-client-side-apply');
    expect(created.metadata.managedFields).toEqual([
      {
        manager: 'kubectl-client-side-apply',
        operation: 'Update',
        apiVersion: 'apps/v1',
        time: t0,
        fieldsType: 'FieldsV1',
        fieldsV1: {
          'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
          'f:spec': {
            'f:replicas': {},
            'f:selector': {},
            'f:template': {
              'f:metadata': { 'f:labels': { '.': {}, 'f:app': {} } },
              'f:spec': { 'f:containers': { 'k:{"name":"nginx"}': { '.': {}, 'f:image': {}, 'f:name': {} } } },
            },
          },
        },
      },
    ]);
  });

  it('moves a changed field to the manager that changed it', () => {
    const created = update(undefined, deployment(2), 'kubectl-client-side-apply');
    const scaled = update(created, { ...deployment(5), metadata: created.metadata }, 'kube-controller-manager', t1);
    expect(entry(scaled, 'kube-controller-manager')?.fieldsV1).toEqual({ 'f:spec': { 'f:replicas': {} } });
    expect(entry(scaled, 'kube-controller-manager')?.time).toBe(t1);
    expect(entry(scaled, 'kubectl-client-side-apply')?.fieldsV1).not.toHaveProperty(['f:spec', 'f:replicas']);
    expect(entry(scaled, 'kubectl-client-side-apply')?.time).toBe(t0);
  });

  it("starts no bookkeeping on an update of an object that has none, or whose request reset it: only an apply does (kube's skipNonAppliedManager)", () => {
    const untracked = deployment(2);
    expect(update(untracked, deployment(5), 'kubectl-edit').metadata.managedFields).toBeUndefined();
    const created = update(undefined, deployment(2), 'alice');
    const reset = { ...deployment(5), metadata: { ...created.metadata, managedFields: [{}] } } as KubeObject;
    expect(update(created, reset, 'bob').metadata.managedFields).toBeUndefined();
    // A create always starts it.
    expect(update(undefined, deployment(2), 'alice').metadata.managedFields).toHaveLength(1);
  });

  it('keeps two managers side by side, each with its own fields', () => {
    const created = update(undefined, deployment(2), 'alice');
    const relabeled = update(
      created,
      { ...deployment(2, 'nginx:1.25', { app: 'web', team: 'blue' }), metadata: { ...created.metadata, labels: { app: 'web', team: 'blue' } } },
      'bob',
    );
    expect(relabeled.metadata.managedFields?.map((e) => e.manager)).toEqual(['alice', 'bob']);
    expect(entry(relabeled, 'bob')?.fieldsV1).toEqual({ 'f:metadata': { 'f:labels': { 'f:team': {} } } });
  });

  it('takes a removed field from its owner without giving the remover an entry', () => {
    const created = update(undefined, deployment(2, 'nginx', { app: 'web', tier: 'front' }), 'alice');
    const next = deployment(2, 'nginx', { app: 'web' });
    const trimmed = update(created, { ...next, metadata: { ...next.metadata, managedFields: created.metadata.managedFields } }, 'bob');
    expect(entry(trimmed, 'bob')).toBeUndefined();
    expect(entry(trimmed, 'alice')?.fieldsV1).toHaveProperty(['f:metadata', 'f:labels', 'f:app']);
    expect(entry(trimmed, 'alice')?.fieldsV1).not.toHaveProperty(['f:metadata', 'f:labels', 'f:tier']);
  });

  it('records nothing for a write that changes no tracked field', () => {
    const created = update(undefined, deployment(2), 'alice');
    const touched = update(created, { ...created, metadata: { ...created.metadata, resourceVersion: '6' } }, 'bob', t1);
    expect(touched.metadata.managedFields).toEqual(created.metadata.managedFields);
  });

  it('keeps one entry per manager, operation, apiVersion and subresource', () => {
    const created = update(undefined, deployment(1), 'alice');
    const again = update(created, { ...deployment(2), metadata: created.metadata }, 'alice', t1);
    const status = updateManagedFields({
      old: again,
      new: { ...again, status: { replicas: 2 } },
      manager: 'alice',
      apiVersion: 'apps/v1',
      time: t1,
      subresource: 'status',
      meta,
    });
    expect(status.metadata.managedFields?.map((e) => [e.manager, e.subresource])).toEqual([
      ['alice', undefined],
      ['alice', 'status'],
    ]);
  });

  it('honours managedFields sent by the client, and wipes them for [{}]', () => {
    const created = update(undefined, deployment(2), 'alice');
    const wiped = update(created, { ...created, metadata: { ...created.metadata, managedFields: [{}] } }, 'bob');
    expect(wiped.metadata.managedFields).toBeUndefined();
  });

  it('folds the oldest updaters into "ancient-changes" beyond ten Update entries', () => {
    let obj = update(undefined, deployment(0), 'm0', '2026-01-01T00:00:00Z');
    for (let i = 1; i <= maxUpdateManagers; i++) {
      const next = deployment(0, 'nginx', { app: 'web', [`l${i}`]: 'x' });
      obj = update(
        obj,
        { ...next, metadata: { ...obj.metadata, labels: { ...obj.metadata.labels, [`l${i}`]: 'x' } } },
        `m${i}`,
        `2026-01-01T00:${String(i).padStart(2, '0')}:00Z`,
      );
    }
    const managers = obj.metadata.managedFields?.map((e) => e.manager) ?? [];
    expect(managers).toHaveLength(maxUpdateManagers);
    expect(managers).toContain('ancient-changes');
    expect(managers).not.toContain('m0');
    expect(managers).not.toContain('m1');
  });
});

describe('reset fields (a strategy GetResetFields)', () => {
  const withStatus = (obj: KubeObject, status: Record<string, unknown>): KubeObject => ({ ...obj, status });
  const fieldsOf = (obj: KubeObject, manager: string) => entry(obj, manager)?.fieldsV1 as Record<string, unknown> | undefined;

  it("a Deployment's creator does not own the status its strategy sets", () => {
    const created = updateManagedFields({
      old: undefined,
      new: withStatus(deployment(2), { replicas: 0 }),
      manager: 'kubectl',
      apiVersion: 'apps/v1',
      time: t0,
      meta,
      resetFields: statusResetFields,
    });
    expect(fieldsOf(created, 'kubectl')).not.toHaveProperty('f:status');
    expect(fieldsOf(created, 'kubectl')).toHaveProperty('f:spec');
  });

  it('a status writer owns the status it changed and none of the spec', () => {
    const created = update(undefined, deployment(2), 'kubectl');
    const next = withStatus(deployment(3), { replicas: 2 });
    const written = updateManagedFields({
      old: created,
      new: { ...next, metadata: created.metadata },
      manager: 'ctrl',
      apiVersion: 'apps/v1',
      time: t1,
      meta,
      subresource: 'status',
      resetFields: specResetFields,
    });
    expect(fieldsOf(written, 'ctrl')).toEqual({ 'f:status': { '.': {}, 'f:replicas': {} } });
    expect(fieldsOf(written, 'kubectl')).toHaveProperty('f:spec.f:replicas');
  });
});

describe('managerFromUserAgent', () => {
  it('takes the User-Agent up to the first slash', () => {
    expect(managerFromUserAgent('kubectl/v1.31.0 (linux/amd64) kubernetes/abcdef')).toBe('kubectl');
    expect(managerFromUserAgent('node-fetch')).toBe('node-fetch');
    expect(managerFromUserAgent(undefined)).toBe('');
  });

  it('drops unprintable characters and stops at 128 bytes', () => {
    expect(managerFromUserAgent('bad\u0007agent/1')).toBe('badagent');
    expect(managerFromUserAgent('é'.repeat(100))).toHaveLength(64);
  });
});
