import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { builtinPatchMeta } from './builtin-patch-meta.ts';
import { managedFieldsAfterUpdate } from './update-managed-fields.ts';

/** The fieldsV1 a create by "test" records for `obj`, with the kind's built-in meta. */
function createdFields(obj: KubeObject): unknown {
  const meta = builtinPatchMeta(obj.apiVersion!, obj.kind!);
  return managedFieldsAfterUpdate({ old: undefined, new: obj, manager: 'test', apiVersion: obj.apiVersion!, time: 't', meta })?.[0]?.fieldsV1;
}

const podTemplate = { metadata: { labels: { app: 'w' } }, spec: { nodeSelector: { 'kubernetes.io/os': 'linux' }, containers: [{ name: 'c', image: 'i' }] } };

describe('built-in kinds own fields as kube-apiserver 1.37 OpenAPI marks them', () => {
  it("owns a RoleBinding's roleRef whole (structType=atomic) and its subjects as one list", () => {
    const fields = createdFields({
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'b', namespace: 'n' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'r' },
      subjects: [{ kind: 'User', name: 'jane' }],
    });
    expect(fields).toEqual({ 'f:roleRef': {}, 'f:subjects': {} });
  });

  it("owns a pod template's nodeSelector whole (mapType=atomic)", () => {
    const fields = createdFields({
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: { name: 'd' },
      spec: { selector: { matchLabels: { app: 'w' } }, template: podTemplate },
    });
    const spec = (fields as Record<string, Record<string, Record<string, Record<string, unknown>>>>)['f:spec']!['f:template']!['f:spec']!;
    expect(spec['f:nodeSelector']).toEqual({});
  });

  it("owns a ControllerRevision's data (a RawExtension) whole and each owner reference (structType=atomic) as one item", () => {
    const fields = createdFields({
      apiVersion: 'apps/v1',
      kind: 'ControllerRevision',
      metadata: { name: 'r', ownerReferences: [{ apiVersion: 'apps/v1', kind: 'StatefulSet', name: 's', uid: 'u1', controller: true }] },
      data: { spec: { template: podTemplate } },
      revision: 1,
    });
    expect(fields).toEqual({ 'f:data': {}, 'f:metadata': { 'f:ownerReferences': { '.': {}, 'k:{"uid":"u1"}': {} } }, 'f:revision': {} });
  });

  it("owns an HPA's scaleTargetRef field by field (it is not atomic in autoscaling/v2)", () => {
    const fields = createdFields({
      apiVersion: 'autoscaling/v2',
      kind: 'HorizontalPodAutoscaler',
      metadata: { name: 'h' },
      spec: { maxReplicas: 2, scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' } },
    });
    expect(fields).toEqual({ 'f:spec': { 'f:maxReplicas': {}, 'f:scaleTargetRef': { 'f:apiVersion': {}, 'f:kind': {}, 'f:name': {} } } });
  });

  it("owns a PersistentVolume's claimRef field by field (+structType=granular over an atomic ObjectReference)", () => {
    const fields = createdFields({
      apiVersion: 'v1',
      kind: 'PersistentVolume',
      metadata: { name: 'pv' },
      spec: { claimRef: { kind: 'PersistentVolumeClaim', name: 'c' } },
    });
    expect(fields).toEqual({ 'f:spec': { 'f:claimRef': { '.': {}, 'f:kind': {}, 'f:name': {} } } });
  });

  it("lists a CRD's status conditions by type (listType=map), yet never makes a strategic-merge list granular on its own", () => {
    const crd = builtinPatchMeta('apiextensions.k8s.io/v1', 'CustomResourceDefinition');
    expect(crd?.fields?.status?.fields?.conditions).toMatchObject({ listType: 'map', listMapKeys: ['type'] });
    // Pod tolerations have no merge key in kube's schema: atomic for SSA.
    expect(builtinPatchMeta('v1', 'Pod')?.fields?.spec?.fields?.tolerations?.listType).toBe('atomic');
  });
});
