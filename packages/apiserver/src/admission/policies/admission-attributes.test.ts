import { describe, expect, it } from 'vitest';
import { admissionAttributesOf } from './admission-attributes.ts';
import { deployment } from './policy-test-fixtures.ts';

const info = { group: 'apps', version: 'v1', resource: 'deployments', kind: 'Deployment' };

describe('admissionAttributesOf', () => {
  it("describes a user's dry-run create with its options", () => {
    const object = deployment('web', 'test', 1);
    const user = { name: 'alice', groups: ['system:authenticated'] };
    expect(
      admissionAttributesOf({ info, operation: 'CREATE', name: 'web', namespace: 'test', object, options: { dryRun: true, fieldManager: 'kubectl', user } }),
    ).toEqual({
      operation: 'CREATE',
      resource: { group: 'apps', version: 'v1', resource: 'deployments' },
      subresource: '',
      kind: { group: 'apps', version: 'v1', kind: 'Deployment' },
      name: 'web',
      namespace: 'test',
      userInfo: user,
      dryRun: true,
      object,
      oldObject: undefined,
      options: { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1', dryRun: ['All'], fieldManager: 'kubectl' },
    });
  });

  it("makes the server's own writes as its loopback user", () => {
    const attributes = admissionAttributesOf({ info, operation: 'UPDATE', subresource: 'status', name: 'web', namespace: 'test', options: { dryRun: false } });
    expect([attributes.userInfo, attributes.subresource, attributes.options]).toEqual([
      { name: 'system:apiserver', groups: ['system:authenticated', 'system:masters'] },
      'status',
      { kind: 'UpdateOptions', apiVersion: 'meta.k8s.io/v1' },
    ]);
  });
});
