import { describe, expect, it } from 'vitest';
import { StatusError, type KubeObject } from '@dojo/kube-api';
import type { ResourceInfo } from '../registry/resource-info.ts';
import { createManagedFieldsTracker } from './managed-fields-tracker.ts';
import { kubePatchEngine } from './patch-engine.ts';

const deployments = { group: 'apps', version: 'v1', kind: 'Deployment', strategicMergePatch: true } as unknown as ResourceInfo;
const dojos = {
  group: 'core.jutsu.com',
  version: 'v1',
  kind: 'Dojo',
  strategicMergePatch: false,
  schema: {
    type: 'object',
    properties: {
      status: {
        type: 'object',
        properties: {
          conditions: {
            type: 'array',
            'x-kubernetes-list-type': 'map',
            'x-kubernetes-list-map-keys': ['type'],
            items: { type: 'object', properties: { type: { type: 'string' }, status: { type: 'string' } } },
          },
        },
      },
    },
  },
} as unknown as ResourceInfo;

const dojo = (conditions: object[]): KubeObject => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: { name: 'kyoto' },
  status: { conditions },
});

function failure(run: () => unknown): StatusError {
  try {
    run();
  } catch (err) {
    if (err instanceof StatusError) return err;
    throw err;
  }
  throw new Error('expected a StatusError');
}

describe('kubePatchEngine', () => {
  it('answers a strategic merge patch on a custom resource with 415 and the accepted types', () => {
    const err = failure(() => kubePatchEngine.patch('strategic', dojos, dojo([]), { status: {} }));
    expect(err.code).toBe(415);
    expect(err.reason).toBe('UnsupportedMediaType');
    expect(err.message).toBe(
      'the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/apply-patch+yaml',
    );
  });

  it('uses the built-in tables for a strategic merge patch on a Deployment', () => {
    const live: KubeObject = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web' },
      spec: { template: { spec: { containers: [{ name: 'a' }, { name: 'b' }] } } },
    };
    const out = kubePatchEngine.patch('strategic', deployments, live, { spec: { template: { spec: { containers: [{ name: 'b', image: 'x' }] } } } });
    expect((out.spec as { template: { spec: { containers: unknown[] } } }).template.spec.containers).toEqual([{ name: 'a' }, { name: 'b', image: 'x' }]);
  });

  it('applies to a custom resource merging conditions by type, as its CRD schema declares', () => {
    const first = kubePatchEngine.apply({
      info: dojos,
      current: undefined,
      applied: dojo([{ type: 'Ready', status: 'False' }]),
      manager: 'op',
      force: false,
      time: 't0',
    });
    const second = kubePatchEngine.apply({
      info: dojos,
      current: first,
      applied: dojo([{ type: 'Synced', status: 'True' }]),
      manager: 'other',
      force: false,
      time: 't1',
    });
    expect((second.status as { conditions: unknown[] }).conditions).toEqual([
      { type: 'Ready', status: 'False' },
      { type: 'Synced', status: 'True' },
    ]);
  });
});

describe('createManagedFieldsTracker', () => {
  const tracker = createManagedFieldsTracker();
  const configMap = (data: Record<string, string>): KubeObject => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data });

  it('records a create as an Update entry on the object', () => {
    const obj = configMap({ a: '1' });
    tracker.update({ obj, old: undefined, manager: 'kubectl-create', apiVersion: 'v1', time: 't0' });
    expect(obj.metadata.managedFields).toEqual([
      { manager: 'kubectl-create', operation: 'Update', apiVersion: 'v1', time: 't0', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { '.': {}, 'f:a': {} } } },
    ]);
  });

  it('leaves an object that server-side apply just produced as it is', () => {
    const info = { group: '', version: 'v1', kind: 'ConfigMap', strategicMergePatch: true } as unknown as ResourceInfo;
    const applied = kubePatchEngine.apply({ info, current: undefined, applied: configMap({ a: '1' }), manager: 'kubectl', force: false, time: 't0' });
    const before = structuredClone(applied.metadata.managedFields);
    tracker.update({ obj: applied, old: undefined, manager: 'kubectl', apiVersion: 'v1', time: 't0' });
    expect(applied.metadata.managedFields).toEqual(before);
  });
});
