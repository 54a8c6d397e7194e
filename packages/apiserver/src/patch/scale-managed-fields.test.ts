import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { managedFieldsAfterScale } from './scale-managed-fields.ts';

const creator = {
  manager: 'kubectl',
  operation: 'Update' as const,
  apiVersion: 'apps/v1',
  time: '2026-01-01T00:00:00Z',
  fieldsType: 'FieldsV1' as const,
  fieldsV1: { 'f:spec': { 'f:replicas': {}, 'f:template': { 'f:spec': { 'f:containers': {} } } } },
};

function deployment(replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'web', managedFields: [creator] },
    spec: { replicas, template: { spec: { containers: [] } } },
  };
}

const scale = (from: number, to: number, manager = 'scaler') =>
  managedFieldsAfterScale({ old: deployment(from), new: deployment(to), manager, apiVersion: 'apps/v1', replicasPath: ['spec', 'replicas'] });

describe('managedFieldsAfterScale (kube ScaleHandler)', () => {
  it('gives a /scale writer that changes replicas its own entry owning spec.replicas, with subresource scale and no time, taken from the creator', () => {
    expect(scale(1, 3)).toEqual([
      {
        manager: 'scaler',
        operation: 'Update',
        apiVersion: 'apps/v1',
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:spec': { 'f:replicas': {} } },
        subresource: 'scale',
      },
      { ...creator, fieldsV1: { 'f:spec': { 'f:template': { 'f:spec': { 'f:containers': {} } } } } },
    ]);
  });

  it('changes nothing when the replicas stay the same', () => {
    expect(scale(2, 2)).toBeUndefined();
  });
});
