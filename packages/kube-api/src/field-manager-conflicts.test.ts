import { describe, expect, it } from 'vitest';
import { fieldManagerConflicts } from './field-manager-conflicts.ts';
import type { Status, StatusCause } from './status.ts';

const conflict = (causes: StatusCause[] | undefined): Status => ({
  kind: 'Status',
  apiVersion: 'v1',
  metadata: {},
  status: 'Failure',
  reason: 'Conflict',
  code: 409,
  details: causes === undefined ? {} : { causes },
});

describe("a refused server-side apply's conflicts", () => {
  it('names each contested field and the manager that owns it, and how that manager wrote it', () => {
    const status = conflict([
      { reason: 'FieldManagerConflict', message: 'conflict with "kubectl-patch" using core.jutsu.com/v1', field: '.spec.replicas' },
      { reason: 'FieldManagerConflict', message: 'conflict with "hpa" with subresource "scale" using autoscaling/v1', field: '.spec.replicas' },
      { reason: 'FieldManagerConflict', message: 'conflict with "helm"', field: '.metadata.labels.app' },
    ]);
    expect(fieldManagerConflicts(status)).toEqual([
      { field: '.spec.replicas', manager: 'kubectl-patch', apiVersion: 'core.jutsu.com/v1' },
      { field: '.spec.replicas', manager: 'hpa', subresource: 'scale', apiVersion: 'autoscaling/v1' },
      { field: '.metadata.labels.app', manager: 'helm' },
    ]);
  });

  it('finds none in a resourceVersion conflict or any other answer', () => {
    expect(fieldManagerConflicts(conflict(undefined))).toEqual([]);
    expect(fieldManagerConflicts({ ...conflict([{ reason: 'FieldManagerConflict', message: 'conflict with "x"', field: '.a' }]), code: 422 })).toEqual([]);
    expect(fieldManagerConflicts(undefined)).toEqual([]);
  });
});
