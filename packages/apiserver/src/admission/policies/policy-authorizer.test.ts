import { describe, expect, it } from 'vitest';
import { RbacAuthorizer } from '../../rbac/rbac-authorizer.ts';
import type { RbacPolicySource } from '../../rbac/rbac-types.ts';
import { createDeployment, deployment, namespaceObject, objectsFromYaml } from './policy-test-fixtures.ts';
import { staticAdmissionPolicies } from './static-policies.ts';
import { evaluateValidatingPolicies } from './validating-policy.ts';

// Scaling to zero is reserved to those who may delete deployments: a check of the requester's
// RBAC permissions from inside a policy.
const scaleToZero = objectsFromYaml(`
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: scale-to-zero}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}
  validations:
  - expression: "object.spec.replicas > 0 || authorizer.group('apps').resource('deployments').namespace(object.metadata.namespace).check('delete').allowed()"
    message: only those who may delete deployments may scale them to zero
  - expression: "authorizer.requestResource.check('create').allowed()"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: scale-to-zero}
spec: {policyName: scale-to-zero, validationActions: [Deny]}
`);

const rbac: RbacPolicySource = {
  clusterRole: (name) =>
    name === 'deployer'
      ? { metadata: { name }, rules: [{ apiGroups: ['apps'], resources: ['deployments'], verbs: ['create', 'update'] }] }
      : name === 'admin'
        ? { metadata: { name }, rules: [{ apiGroups: ['apps'], resources: ['deployments'], verbs: ['*'] }] }
        : undefined,
  role: () => undefined,
  clusterRoleBindings: () => [],
  roleBindings: (ns) =>
    ns === 'test'
      ? [
          {
            metadata: { name: 'alice', namespace: 'test' },
            roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'deployer' },
            subjects: [{ kind: 'User', name: 'alice' }],
          },
          {
            metadata: { name: 'bob', namespace: 'test' },
            roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'ClusterRole', name: 'admin' },
            subjects: [{ kind: 'User', name: 'bob' }],
          },
        ]
      : [],
};

describe('the authorizer variable', () => {
  const source = staticAdmissionPolicies({
    validatingPolicies: scaleToZero.filter((o) => o.kind === 'ValidatingAdmissionPolicy'),
    validatingBindings: scaleToZero.filter((o) => o.kind === 'ValidatingAdmissionPolicyBinding'),
  });
  const context = { namespace: namespaceObject('test'), authorizer: new RbacAuthorizer(rbac) };

  it('asks RBAC whether the requesting user may delete deployments', () => {
    const byAlice = createDeployment(deployment('web', 'test', 0));
    expect(evaluateValidatingPolicies(source, byAlice, context).denial?.status.details?.causes?.[0]?.message).toBe(
      "ValidatingAdmissionPolicy 'scale-to-zero' with binding 'scale-to-zero' denied request: only those who may delete deployments may scale them to zero",
    );
    const byBob = { ...byAlice, userInfo: { name: 'bob', groups: ['system:authenticated'] } };
    expect(evaluateValidatingPolicies(source, byBob, context).denial).toBeUndefined();
  });

  it("checks the request's own resource through authorizer.requestResource", () => {
    const byStranger = { ...createDeployment(deployment('web', 'test', 1)), userInfo: { name: 'mallory', groups: ['system:authenticated'] } };
    expect(evaluateValidatingPolicies(source, byStranger, context).denial?.status.details?.causes?.[0]?.message).toBe(
      "ValidatingAdmissionPolicy 'scale-to-zero' with binding 'scale-to-zero' denied request: failed expression: authorizer.requestResource.check('create').allowed()",
    );
  });
});
