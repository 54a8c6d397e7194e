import { describe, expect, it } from 'vitest';
import { builtinPatchMeta } from '../../patch/builtin-patch-meta.ts';
import { evaluateMutatingPolicies } from './mutating-policy.ts';
import { createDeployment, deployment, namespaceObject, objectsFromYaml } from './policy-test-fixtures.ts';
import { staticAdmissionPolicies } from './static-policies.ts';
import { evaluateValidatingPolicies } from './validating-policy.ts';

// As kube-apiserver orders admission: mutating policies first, validating policies on the result.
const objects = objectsFromYaml(`
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: default-team}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  matchConditions:
  - {name: no-team-yet, expression: "!has(object.metadata.labels) || !('team' in object.metadata.labels)"}
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration:
      expression: 'Object{metadata: Object.metadata{labels: {"team": namespaceObject.metadata.name + "-team"}}}'
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: default-team}
spec: {policyName: default-team}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: require-team}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  validations:
  - expression: "has(object.metadata.labels) && object.metadata.labels['team'].endsWith('-team')"
    messageExpression: "'team label must end in -team, got ' + object.metadata.labels['team']"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: require-team}
spec: {policyName: require-team, validationActions: [Deny]}
`);

const source = staticAdmissionPolicies({
  mutatingPolicies: objects.filter((o) => o.kind === 'MutatingAdmissionPolicy'),
  mutatingBindings: objects.filter((o) => o.kind === 'MutatingAdmissionPolicyBinding'),
  validatingPolicies: objects.filter((o) => o.kind === 'ValidatingAdmissionPolicy'),
  validatingBindings: objects.filter((o) => o.kind === 'ValidatingAdmissionPolicyBinding'),
});
const context = { namespace: namespaceObject('payments') };
const patchMeta = builtinPatchMeta('apps/v1', 'Deployment');

function admit(labels: Record<string, string>) {
  const attributes = createDeployment(deployment('web', 'payments', 1, labels));
  const mutated = evaluateMutatingPolicies(source, attributes, context, { patchMeta });
  const validated = evaluateValidatingPolicies(source, { ...attributes, object: mutated.object }, context);
  return { object: mutated.object, denial: validated.denial, records: [...mutated.records, ...validated.records] };
}

describe('mutating, then validating policies', () => {
  it('admits an object a mutating policy completed for the validating one', () => {
    const result = admit({ app: 'web' });
    expect(result.denial).toBeUndefined();
    expect(result.object?.metadata.labels).toEqual({ app: 'web', team: 'payments-team' });
    expect(result.records.map((r) => [r.kind, r.verdict])).toEqual([
      ['MutatingAdmissionPolicy', 'mutated'],
      ['ValidatingAdmissionPolicy', 'allowed'],
    ]);
  });

  it('refuses an object whose own label the mutating policy left alone', () => {
    const result = admit({ team: 'rogue' });
    expect(result.denial?.status.message).toBe(
      "deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'require-team' with binding 'require-team' denied request: team label must end in -team, got rogue",
    );
    expect(result.records.map((r) => r.verdict)).toEqual(['denied']);
  });
});
