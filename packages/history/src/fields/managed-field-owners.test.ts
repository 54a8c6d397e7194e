import { describe, expect, it } from 'vitest';
import { fieldOwners, ownedPaths } from './managed-field-owners.ts';

describe('who owns each field now', () => {
  it("reads a field set's paths the way fields are named", () => {
    expect(
      ownedPaths({
        'f:metadata': { 'f:labels': { '.': {}, 'f:app.kubernetes.io/name': {} }, 'f:finalizers': { '.': {}, 'v:"a"': {} } },
        'f:spec': {
          'f:replicas': {},
          'f:containers': { 'k:{"name":"app"}': { '.': {}, 'f:image': {} } },
          'f:ports': { 'k:{"containerPort":80,"protocol":"TCP"}': { 'f:port': {} } },
        },
        'f:status': { 'f:conditions': { 'k:{"type":"Ready"}': { 'f:status': {} } }, 'f:list': { 'i:0': {} } },
      }),
    ).toEqual([
      'metadata.labels',
      'metadata.labels["app.kubernetes.io/name"]',
      'metadata.finalizers',
      'spec.replicas',
      'spec.containers[name=app]',
      'spec.containers[name=app].image',
      'spec.ports[containerPort=80,protocol=TCP].port',
      'status.conditions[type=Ready].status',
      'status.list[0]',
    ]);
  });

  it('lists every manager that owns a field', () => {
    const owners = fieldOwners([
      { manager: 'kubectl', operation: 'Apply', fieldsV1: { 'f:spec': { 'f:replicas': {} } } },
      { manager: 'hpa', operation: 'Apply', fieldsV1: { 'f:spec': { 'f:replicas': {} } } },
      { manager: 'dojo', operation: 'Update', subresource: 'status', fieldsV1: { 'f:status': { 'f:readyStatus': {} } } },
    ]);
    expect(owners.get('spec.replicas')).toEqual(['kubectl', 'hpa']);
    expect(owners.get('status.readyStatus')).toEqual(['dojo']);
  });
});
