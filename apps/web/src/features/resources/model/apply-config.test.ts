import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { KubeObject, Status, StatusCause } from '@dojo/kube-api';
import { applyConfiguration, applyConflicts, reviewYaml } from './apply-config.ts';

const deployment: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: {
    name: 'web',
    namespace: 'default',
    labels: { app: 'web' },
    uid: 'u-1',
    resourceVersion: '42',
    generation: 3,
    creationTimestamp: '2025-01-01T00:00:00Z',
    managedFields: [{ manager: 'kubectl', operation: 'Update' }],
  },
  spec: { replicas: 2 },
  status: { readyReplicas: 2 },
};

const conflict = (causes: StatusCause[]): Status => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  code: 409,
  reason: 'Conflict',
  message: 'Apply failed with 2 conflicts',
  details: { causes },
});

describe('server-side apply from the console', () => {
  it('starts from the object without status, managed fields or what the server sets', () => {
    expect(parseYaml(applyConfiguration(deployment))).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'default', labels: { app: 'web' } },
      spec: { replicas: 2 },
    });
  });

  it('compares versions without the fields that always differ', () => {
    expect(reviewYaml(deployment)).not.toMatch(/managedFields|resourceVersion/);
    expect(reviewYaml(deployment)).toMatch(/generation: 3/);
  });

  it('names each contested field and the manager that owns it', () => {
    const status = conflict([
      { reason: 'FieldManagerConflict', message: 'conflict with "kubectl-client-side-apply" using apps/v1', field: '.spec.replicas' },
      { reason: 'FieldManagerConflict', message: 'conflict with "hpa" with subresource "scale" using autoscaling/v1', field: '.spec.replicas' },
      { reason: 'FieldManagerConflict', message: 'conflict with "helm"', field: '.metadata.labels.app' },
    ]);
    expect(applyConflicts(status)).toEqual([
      { field: '.spec.replicas', manager: 'kubectl-client-side-apply', how: 'Update using apps/v1' },
      { field: '.spec.replicas', manager: 'hpa', how: 'Update using autoscaling/v1 on scale' },
      { field: '.metadata.labels.app', manager: 'helm', how: 'Apply' },
    ]);
  });

  it('finds no field conflicts in other errors', () => {
    expect(applyConflicts({ ...conflict([]), code: 422 })).toEqual([]);
    expect(applyConflicts(undefined)).toEqual([]);
  });
});
