import type { KubeObject } from '@dojo/kube-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateMutatingPolicies } from './mutating-policy.ts';
import { createDeployment, deployment, namespaceObject } from './policy-test-fixtures.ts';
import { staticAdmissionPolicies } from './static-policies.ts';
import { evaluateValidatingPolicies } from './validating-policy.ts';

// Specs shaped roughly like policies, with any JSON where a field is expected: the evaluators
// read configuration objects the store may hold, and must answer with kube's errors, not throw.
const json = fc.jsonValue({ maxDepth: 2 });
const expression = fc.oneof(
  fc.constantFrom('true', 'false', 'object.spec.replicas > 1', 'Object{}', '[JSONPatch{op: "add", path: "/x", value: 1}]', '1 +', ''),
  fc.string(),
  json,
);
const rules = fc.oneof(json, fc.constant([{ apiGroups: ['*'], apiVersions: ['*'], operations: ['*'], resources: ['*'] }]));
const policySpec = fc.record(
  {
    failurePolicy: fc.oneof(fc.constantFrom('Fail', 'Ignore'), json),
    paramKind: fc.oneof(json, fc.constant({ apiVersion: 'v1', kind: 'ConfigMap' })),
    matchConstraints: fc.oneof(json, fc.record({ resourceRules: rules, namespaceSelector: json, objectSelector: json, matchPolicy: json })),
    matchConditions: fc.oneof(json, fc.array(fc.record({ name: fc.string(), expression }))),
    variables: fc.oneof(json, fc.array(fc.record({ name: fc.string(), expression }))),
    validations: fc.oneof(json, fc.array(fc.record({ expression, message: json, messageExpression: expression, reason: json }))),
    auditAnnotations: fc.oneof(json, fc.array(fc.record({ key: fc.string(), valueExpression: expression }))),
    mutations: fc.oneof(
      json,
      fc.array(
        fc.record({
          patchType: fc.constantFrom('ApplyConfiguration', 'JSONPatch'),
          applyConfiguration: fc.record({ expression }),
          jsonPatch: fc.record({ expression }),
        }),
      ),
    ),
    reinvocationPolicy: json,
  },
  { requiredKeys: [] },
);
const bindingSpec = fc.record(
  {
    policyName: fc.constant('p'),
    validationActions: fc.oneof(json, fc.constant(['Deny', 'Warn', 'Audit'])),
    paramRef: fc.oneof(json, fc.constant({ name: 'cm' })),
    matchResources: json,
  },
  { requiredKeys: ['policyName'] },
);

describe('policies with any configuration', () => {
  it('never throw, whatever their specs hold', () => {
    fc.assert(
      fc.property(policySpec, bindingSpec, (spec, bindingSpecValue) => {
        const policy = (kind: string): KubeObject => ({ apiVersion: 'admissionregistration.k8s.io/v1', kind, metadata: { name: 'p' }, spec });
        const binding = (kind: string): KubeObject => ({
          apiVersion: 'admissionregistration.k8s.io/v1',
          kind,
          metadata: { name: 'b' },
          spec: bindingSpecValue,
        });
        const source = staticAdmissionPolicies({
          validatingPolicies: [policy('ValidatingAdmissionPolicy')],
          validatingBindings: [binding('ValidatingAdmissionPolicyBinding')],
          mutatingPolicies: [policy('MutatingAdmissionPolicy')],
          mutatingBindings: [binding('MutatingAdmissionPolicyBinding')],
          paramKinds: [
            {
              apiVersion: 'v1',
              kind: 'ConfigMap',
              namespaced: true,
              objects: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'test' } }],
            },
          ],
        });
        const attributes = createDeployment(deployment('web', 'test', 2));
        const context = { namespace: namespaceObject('test') };
        expect(() => evaluateValidatingPolicies(source, attributes, context)).not.toThrow();
        expect(() => evaluateMutatingPolicies(source, attributes, context)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
