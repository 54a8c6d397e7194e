import { describe, expect, it } from 'vitest';
import { builtinResources } from '../registry/builtin/builtin-resources.ts';
import { admissionAttributes, admissionTarget } from './store-admission.ts';
import { deployment } from './policies/policy-test-fixtures.ts';

const deployments = builtinResources.find((i) => i.group === 'apps' && i.version === 'v1' && i.resource === 'deployments')!;

describe("a store write's admission attributes", () => {
  it("describe a user's dry-run create with its options", () => {
    const object = deployment('web', 'test', 1);
    const user = { name: 'alice', groups: ['system:authenticated'] };
    const target = admissionTarget(deployments, '', 'CREATE', 'test');
    expect(admissionAttributes(target, 'web', object, undefined, { dryRun: true, fieldManager: 'kubectl', fieldValidation: 'Strict', user })).toEqual({
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
      info: deployments,
    });
  });

  it("make the server's own writes as its loopback user", () => {
    const attributes = admissionAttributes(admissionTarget(deployments, 'status', 'UPDATE', 'test'), 'web', undefined, undefined, {
      dryRun: false,
      fieldValidation: 'Strict',
    });
    expect([attributes.userInfo, attributes.subresource, attributes.options]).toEqual([
      { name: 'system:apiserver', groups: ['system:authenticated', 'system:masters'] },
      'status',
      { kind: 'UpdateOptions', apiVersion: 'meta.k8s.io/v1' },
    ]);
  });

  it('show a subresource served as another kind (a Scale) as that kind, of the requested resource', () => {
    const scale = { apiVersion: 'autoscaling/v1', kind: 'Scale', metadata: { name: 'web', namespace: 'test' }, spec: { replicas: 3 } };
    const view = { kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' }, toView: () => scale, fromView: (obj: never) => obj };
    const object = deployment('web', 'test', 3);
    const attributes = admissionAttributes(
      admissionTarget(deployments, 'scale', 'UPDATE', 'test'),
      'web',
      object,
      object,
      { dryRun: false, fieldValidation: 'Strict' },
      view,
    );
    expect([attributes.resource, attributes.kind, attributes.object, attributes.oldObject]).toEqual([
      { group: 'apps', version: 'v1', resource: 'deployments' },
      { group: 'autoscaling', version: 'v1', kind: 'Scale' },
      scale,
      scale,
    ]);
  });
});
