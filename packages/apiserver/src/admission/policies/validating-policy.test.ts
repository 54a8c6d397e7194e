import { describe, expect, it } from 'vitest';
import { createDeployment, deployment, namespaceObject, objectsFromYaml, updateDeployment } from './policy-test-fixtures.ts';
import { staticAdmissionPolicies, type StaticPolicyObjects } from './static-policies.ts';
import { evaluateValidatingPolicies } from './validating-policy.ts';

// The Kubernetes documentation's ValidatingAdmissionPolicy examples, written as our own YAML.
const replicaLimitPolicy = `
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: demo-policy.example.com}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups: [apps]
      apiVersions: [v1]
      operations: [CREATE, UPDATE]
      resources: [deployments]
  validations:
  - expression: object.spec.replicas <= 5
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: demo-binding-test.example.com}
spec:
  policyName: demo-policy.example.com
  validationActions: [Deny]
  matchResources:
    namespaceSelector:
      matchLabels: {environment: test}
`;

const paramsPolicy = `
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: replicalimit-policy.example.com}
spec:
  failurePolicy: Fail
  paramKind: {apiVersion: rules.example.com/v1, kind: ReplicaLimit}
  matchConstraints:
    resourceRules:
    - apiGroups: [apps]
      apiVersions: [v1]
      operations: [CREATE, UPDATE]
      resources: [deployments]
  validations:
  - expression: object.spec.replicas <= params.maxReplicas
    messageExpression: "'object.spec.replicas must be no greater than ' + string(params.maxReplicas)"
    reason: Invalid
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: replicalimit-binding-test.example.com}
spec:
  policyName: replicalimit-policy.example.com
  validationActions: [Deny]
  paramRef:
    name: replica-limit-test.example.com
    namespace: default
    parameterNotFoundAction: Deny
  matchResources:
    namespaceSelector:
      matchLabels: {environment: test}
`;

const replicaLimit = (name: string, maxReplicas: number) => ({
  apiVersion: 'rules.example.com/v1',
  kind: 'ReplicaLimit',
  metadata: { name, namespace: 'default' },
  maxReplicas,
});

function policies(yaml: string, extra: Partial<StaticPolicyObjects> = {}): StaticPolicyObjects {
  const objects = objectsFromYaml(yaml);
  return {
    validatingPolicies: objects.filter((o) => o.kind === 'ValidatingAdmissionPolicy'),
    validatingBindings: objects.filter((o) => o.kind === 'ValidatingAdmissionPolicyBinding'),
    ...extra,
  };
}

const testNamespace = namespaceObject('test', { environment: 'test' });

describe('ValidatingAdmissionPolicy', () => {
  it("denies a deployment over the replica limit with kube's message, reason Invalid and code 422", () => {
    const source = staticAdmissionPolicies(policies(replicaLimitPolicy));
    const result = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 7)), { namespace: testNamespace });
    const denial = result.denial!;
    const message =
      "ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding-test.example.com' denied request: failed expression: object.spec.replicas <= 5";
    expect(denial.status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `deployments.apps "web" is forbidden: ${message}`,
      reason: 'Invalid',
      code: 422,
      details: { name: 'web', group: 'apps', kind: 'deployments', causes: [{ message }] },
    });
    expect(result.records).toMatchObject([
      {
        kind: 'ValidatingAdmissionPolicy',
        name: 'demo-policy.example.com',
        configuration: 'demo-binding-test.example.com',
        phase: 'validating',
        verdict: 'denied',
        validationActions: ['Deny'],
        message: result.denial?.message,
        code: 422,
      },
    ]);
  });

  it('admits a deployment within the limit, and one in a namespace the binding does not select', () => {
    const source = staticAdmissionPolicies(policies(replicaLimitPolicy));
    expect(evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 3)), { namespace: testNamespace }).denial).toBeUndefined();
    const prod = namespaceObject('prod', { environment: 'prod' });
    const result = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'prod', 9)), { namespace: prod });
    expect(result.denial).toBeUndefined();
    expect(result.records).toEqual([]);
  });

  it('does not evaluate a policy whose resource rules do not match the request', () => {
    const source = staticAdmissionPolicies(policies(replicaLimitPolicy));
    const pod = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'test' }, spec: {} };
    const attributes = { ...createDeployment(pod), resource: { group: '', version: 'v1', resource: 'pods' }, kind: { group: '', version: 'v1', kind: 'Pod' } };
    expect(evaluateValidatingPolicies(source, attributes, { namespace: testNamespace }).records).toEqual([]);
  });

  it('compares with the param object and words the denial with messageExpression', () => {
    const paramKinds = [
      { apiVersion: 'rules.example.com/v1', kind: 'ReplicaLimit', namespaced: true, objects: [replicaLimit('replica-limit-test.example.com', 3)] },
    ];
    const source = staticAdmissionPolicies(policies(paramsPolicy, { paramKinds }));
    const result = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 4)), { namespace: testNamespace });
    expect(result.denial?.status.message).toBe(
      "deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-test.example.com' denied request: object.spec.replicas must be no greater than 3",
    );
    expect(result.records[0]).toMatchObject({ param: 'default/replica-limit-test.example.com', verdict: 'denied' });
    expect(evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 3)), { namespace: testNamespace }).denial).toBeUndefined();
  });

  it('denies when the param is missing and parameterNotFoundAction is Deny', () => {
    const paramKinds = [{ apiVersion: 'rules.example.com/v1', kind: 'ReplicaLimit', namespaced: true, objects: [] }];
    const source = staticAdmissionPolicies(policies(paramsPolicy, { paramKinds }));
    const result = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 1)), { namespace: testNamespace });
    expect(result.denial?.status.message).toBe(
      "deployments.apps \"web\" is forbidden: ValidatingAdmissionPolicy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-test.example.com' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction",
    );
    expect(result.denial?.code).toBe(422);
  });

  it('admits without evaluating when the param is missing and parameterNotFoundAction is Allow', () => {
    const paramKinds = [{ apiVersion: 'rules.example.com/v1', kind: 'ReplicaLimit', namespaced: true, objects: [] }];
    const source = staticAdmissionPolicies(policies(paramsPolicy.replace('parameterNotFoundAction: Deny', 'parameterNotFoundAction: Allow'), { paramKinds }));
    const result = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 100)), { namespace: testNamespace });
    expect(result.denial).toBeUndefined();
    expect(result.records).toEqual([]);
  });

  it('reports a param kind the server does not serve as a policy misconfiguration', () => {
    const source = staticAdmissionPolicies(policies(paramsPolicy));
    const result = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 1)), { namespace: testNamespace });
    expect(result.denial?.status.details?.causes?.[0]?.message).toBe(
      "ValidatingAdmissionPolicy 'replicalimit-policy.example.com' denied request: failed to configure policy: failed to find resource referenced by paramKind: 'rules.example.com/v1, Kind=ReplicaLimit'",
    );
  });

  it('evaluates once per param a selector picks, denying on the strictest', () => {
    const selectorPolicy = paramsPolicy.replace(
      /paramRef:\n(.*\n){3}/,
      'paramRef:\n    selector: {matchLabels: {tier: web}}\n    namespace: default\n    parameterNotFoundAction: Allow\n',
    );
    const loose = { ...replicaLimit('loose', 10), metadata: { name: 'loose', namespace: 'default', labels: { tier: 'web' } } };
    const strict = { ...replicaLimit('strict', 2), metadata: { name: 'strict', namespace: 'default', labels: { tier: 'web' } } };
    const other = { ...replicaLimit('other', 1), metadata: { name: 'other', namespace: 'default', labels: { tier: 'db' } } };
    const paramKinds = [{ apiVersion: 'rules.example.com/v1', kind: 'ReplicaLimit', namespaced: true, objects: [loose, strict, other] }];
    const result = evaluateValidatingPolicies(
      staticAdmissionPolicies(policies(selectorPolicy, { paramKinds })),
      createDeployment(deployment('web', 'test', 5)),
      {
        namespace: testNamespace,
      },
    );
    expect(result.records.map((r) => [r.param, r.verdict])).toEqual([
      ['default/loose', 'allowed'],
      ['default/strict', 'denied'],
    ]);
    expect(result.denial?.status.message).toMatch(/must be no greater than 2$/);
  });

  it('sends a warning once when several params fail alike', () => {
    const selectorPolicy = paramsPolicy
      .replace(/paramRef:\n(.*\n){3}/, 'paramRef:\n    selector: {}\n    namespace: default\n    parameterNotFoundAction: Allow\n')
      .replace('validationActions: [Deny]', 'validationActions: [Warn]')
      .replace(/ {4}messageExpression: .*\n/, '    message: too many replicas\n');
    const paramKinds = [{ apiVersion: 'rules.example.com/v1', kind: 'ReplicaLimit', namespaced: true, objects: [replicaLimit('a', 1), replicaLimit('b', 2)] }];
    const result = evaluateValidatingPolicies(
      staticAdmissionPolicies(policies(selectorPolicy, { paramKinds })),
      createDeployment(deployment('web', 'test', 5)),
      {
        namespace: testNamespace,
      },
    );
    expect(result.warnings).toEqual([
      "Validation failed for ValidatingAdmissionPolicy 'replicalimit-policy.example.com' with binding 'replicalimit-binding-test.example.com': too many replicas",
    ]);
    expect(result.records.map((r) => r.verdict)).toEqual(['warned', 'warned']);
  });
});

const requiredLabelPolicy = `
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: require-team-label}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}
  validations:
  - expression: "has(object.metadata.labels) && 'team' in object.metadata.labels"
    message: every deployment needs a team label
    reason: Forbidden
  auditAnnotations:
  - key: replicas
    valueExpression: "'Deployment spec.replicas set to ' + string(object.spec.replicas)"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: require-team-label-binding}
spec:
  policyName: require-team-label
  validationActions: [Warn, Audit]
`;

describe('validationActions, reasons and audit annotations', () => {
  it('warns and audits instead of denying when the binding says Warn and Audit', () => {
    const source = staticAdmissionPolicies(policies(requiredLabelPolicy));
    const result = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 1)), { namespace: testNamespace });
    expect(result.denial).toBeUndefined();
    expect(result.warnings).toEqual([
      "Validation failed for ValidatingAdmissionPolicy 'require-team-label' with binding 'require-team-label-binding': every deployment needs a team label",
    ]);
    expect(result.auditAnnotations).toEqual({
      'require-team-label/replicas': 'Deployment spec.replicas set to 1',
      'validation.policy.admission.k8s.io/validation_failure': JSON.stringify([
        {
          message: 'every deployment needs a team label',
          policy: 'require-team-label',
          binding: 'require-team-label-binding',
          expressionIndex: 0,
          validationActions: ['Warn', 'Audit'],
        },
      ]),
    });
    expect(result.records[0]).toMatchObject({
      verdict: 'warned',
      validationActions: ['Warn', 'Audit'],
      warnings: result.warnings,
      auditAnnotations: { 'require-team-label/replicas': 'Deployment spec.replicas set to 1' },
    });
  });

  it("denies with the validation's reason and its HTTP code when the binding says Deny", () => {
    const source = staticAdmissionPolicies(policies(requiredLabelPolicy.replace('[Warn, Audit]', '[Deny]')));
    const denial = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 1)), { namespace: testNamespace }).denial;
    expect([denial?.reason, denial?.code]).toEqual(['Forbidden', 403]);
    expect(
      evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 1, { team: 'a' })), { namespace: testNamespace }).denial,
    ).toBeUndefined();
  });
});

const variablesPolicy = `
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: image-matches-namespace-environment.policy.example.com}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE, UPDATE], resources: [deployments]}
  variables:
  - name: environment
    expression: "'environment' in namespaceObject.metadata.labels ? namespaceObject.metadata.labels['environment'] : 'prod'"
  - name: exempt
    expression: "'exempt' in namespaceObject.metadata.labels && namespaceObject.metadata.labels['exempt'] == 'true'"
  - name: containers
    expression: object.spec.template.spec.containers
  - name: containersToCheck
    expression: "variables.containers.filter(c, c.image.contains('example.com/'))"
  validations:
  - expression: "variables.exempt || variables.containersToCheck.all(c, c.image.startsWith(variables.environment + '.'))"
    messageExpression: "'only ' + variables.environment + ' images are allowed in namespace ' + namespaceObject.metadata.name"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: image-matches-namespace-environment.binding}
spec:
  policyName: image-matches-namespace-environment.policy.example.com
  validationActions: [Deny]
`;

function withImage(image: string) {
  const object = deployment('web', 'test', 1);
  (object.spec as { template: { spec: { containers: { image: string }[] } } }).template.spec.containers[0]!.image = image;
  return object;
}

describe('variables and namespaceObject', () => {
  const source = staticAdmissionPolicies(policies(variablesPolicy));

  it('lets validations read variables built from the namespace and the object', () => {
    const denial = evaluateValidatingPolicies(source, createDeployment(withImage('prod.example.com/nginx')), { namespace: testNamespace }).denial;
    expect(denial?.status.details?.causes?.[0]?.message).toBe(
      "ValidatingAdmissionPolicy 'image-matches-namespace-environment.policy.example.com' with binding 'image-matches-namespace-environment.binding' denied request: only test images are allowed in namespace test",
    );
    expect(evaluateValidatingPolicies(source, createDeployment(withImage('test.example.com/nginx')), { namespace: testNamespace }).denial).toBeUndefined();
  });

  it('admits everything in a namespace labelled exempt', () => {
    const exempt = namespaceObject('test', { environment: 'test', exempt: 'true' });
    expect(evaluateValidatingPolicies(source, createDeployment(withImage('prod.example.com/nginx')), { namespace: exempt }).denial).toBeUndefined();
  });
});

const erroringPolicy = `
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: typo}
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: ['*'], resources: [deployments]}
  validations:
  - expression: object.spec.replicaz > 1
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: typo-binding}
spec:
  policyName: typo
  validationActions: [Deny]
`;

describe('failurePolicy', () => {
  it('turns an expression that errors into a denial under Fail', () => {
    const source = staticAdmissionPolicies(policies(erroringPolicy));
    const result = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 1)), { namespace: testNamespace });
    expect(result.denial?.status.details?.causes?.[0]?.message).toBe(
      "ValidatingAdmissionPolicy 'typo' with binding 'typo-binding' denied request: expression 'object.spec.replicaz > 1' resulted in error: no such key: replicaz",
    );
    expect(result.denial?.reason).toBe('Invalid');
    expect(result.records[0]).toMatchObject({ verdict: 'error', failurePolicy: 'Fail', message: result.denial?.message, code: 422 });
    expect(result.records[0]?.ignored).toBeUndefined();
  });

  it('admits under Ignore and records the error it ignored', () => {
    const source = staticAdmissionPolicies(policies(erroringPolicy.replace('failurePolicy: Fail', 'failurePolicy: Ignore')));
    const result = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 1)), { namespace: testNamespace });
    expect(result.denial).toBeUndefined();
    expect(result.records[0]).toMatchObject({
      verdict: 'error',
      failurePolicy: 'Ignore',
      ignored: true,
      message: "expression 'object.spec.replicaz > 1' resulted in error: no such key: replicaz",
    });
  });

  it("reports an expression that does not compile with cel-go's layout", () => {
    const source = staticAdmissionPolicies(policies(erroringPolicy.replace('object.spec.replicaz > 1', 'object.spec.replicas >')));
    const message = evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 1)), { namespace: testNamespace }).denial?.status.details
      ?.causes?.[0]?.message;
    expect(message).toMatch(
      /^ValidatingAdmissionPolicy 'typo' with binding 'typo-binding' denied request: compilation error: compilation failed: ERROR: <input>:1:\d+: /,
    );
  });

  it('skips a policy whose matchConditions are false, and sees oldObject on update', () => {
    const conditional = erroringPolicy.replace(
      '  validations:\n  - expression: object.spec.replicaz > 1',
      "  matchConditions:\n  - {name: scaling-up, expression: 'oldObject != null && object.spec.replicas > oldObject.spec.replicas'}\n  validations:\n  - expression: object.spec.replicas <= oldObject.spec.replicas + 2",
    );
    const source = staticAdmissionPolicies(policies(conditional));
    const scaleDown = updateDeployment(deployment('web', 'test', 1), deployment('web', 'test', 9));
    expect(evaluateValidatingPolicies(source, scaleDown, { namespace: testNamespace }).records).toEqual([]);
    const bigStep = updateDeployment(deployment('web', 'test', 9), deployment('web', 'test', 1));
    expect(evaluateValidatingPolicies(source, bigStep, { namespace: testNamespace }).denial?.status.details?.causes?.[0]?.message).toBe(
      "ValidatingAdmissionPolicy 'typo' with binding 'typo-binding' denied request: failed expression: object.spec.replicas <= oldObject.spec.replicas + 2",
    );
  });
});

describe('the request variable', () => {
  it('describes the request as an AdmissionRequest: operation, user, resource, kind, dry run and options', () => {
    const requestPolicy = objectsFromYaml(`
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: request-shape}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  validations:
  - expression: "request.operation == 'CREATE' && request.userInfo.username == 'alice' && 'system:authenticated' in request.userInfo.groups"
  - expression: "request.resource.resource == 'deployments' && request.kind.kind == 'Deployment' && request.requestKind.group == 'apps'"
  - expression: "request.name == 'web' && request.namespace == 'test' && request.dryRun == true && request.options.kind == 'CreateOptions'"
  - expression: "!has(request.subResource) && request.uid == ''"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: request-shape}
spec: {policyName: request-shape, validationActions: [Deny]}
`);
    const source = staticAdmissionPolicies({ validatingPolicies: [requestPolicy[0]!], validatingBindings: [requestPolicy[1]!] });
    const dryRun = { ...createDeployment(deployment('web', 'test', 1)), dryRun: true };
    expect(evaluateValidatingPolicies(source, dryRun, { namespace: testNamespace }).denial?.message).toBeUndefined();
    expect(
      evaluateValidatingPolicies(source, createDeployment(deployment('web', 'test', 1)), { namespace: testNamespace }).denial?.status.details?.causes?.[0]
        ?.message,
    ).toMatch(/denied request: failed expression: request.name == 'web' && request.namespace == 'test' && request.dryRun == true/);
  });
});

describe('declared variables', () => {
  const policyWith = (expression: string, extra = '') =>
    policies(`
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: declared}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: ['*'], resources: [deployments]}
  validations:
  - expression: "${expression}"
${extra}
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: declared}
spec: {policyName: declared, validationActions: [Deny]}
`);
  const causeOf = (objects: StaticPolicyObjects, attributes = createDeployment(deployment('web', 'test', 1))) =>
    evaluateValidatingPolicies(staticAdmissionPolicies(objects), attributes, { namespace: testNamespace }).denial?.status.details?.causes?.[0]?.message;

  it('does not declare params for a policy without paramKind, as kube does', () => {
    expect(causeOf(policyWith('params.maxReplicas > 1'))).toBe(
      "ValidatingAdmissionPolicy 'declared' with binding 'declared' denied request: compilation error: compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.maxReplicas > 1\n | ^",
    );
  });

  it('offers no message construction outside mutating policies', () => {
    expect(causeOf(policyWith('Object{spec: 1} != null'))).toMatch(/denied request: compilation error: compilation failed: ERROR: <input>:1:7: Syntax error: /);
  });

  it('withholds the authorizer from messageExpression, falling back to the message', () => {
    const extra = "    message: plain message\n    messageExpression: \"authorizer.path('/x').check('get').reason()\"";
    expect(causeOf(policyWith('false', extra))).toBe("ValidatingAdmissionPolicy 'declared' with binding 'declared' denied request: plain message");
  });

  it("sees the old object and no new one on delete, and selects by the old object's labels", () => {
    const protectedPolicy = policyWith("object != null || !has(oldObject.metadata.labels) || !('protected' in oldObject.metadata.labels)");
    const old = deployment('web', 'test', 1, { protected: 'true' });
    const remove = { ...createDeployment(old), operation: 'DELETE' as const, object: undefined, oldObject: old };
    expect(causeOf(protectedPolicy, remove)).toMatch(/denied request: failed expression: /);
    expect(causeOf(protectedPolicy, { ...remove, oldObject: deployment('web', 'test', 1) })).toBeUndefined();
  });
});

describe('result types', () => {
  it("refuses a validation whose type is known not to be bool, with kube's compile error", () => {
    const objects = policies(erroringPolicy.replace('object.spec.replicaz > 1', "size('abc')"));
    const result = evaluateValidatingPolicies(staticAdmissionPolicies(objects), createDeployment(deployment('web', 'test', 1)), { namespace: testNamespace });
    expect(result.denial?.status.details?.causes?.[0]?.message).toBe(
      "ValidatingAdmissionPolicy 'typo' with binding 'typo-binding' denied request: compilation error: must evaluate to bool but got int",
    );
  });
});

describe('variables that fail', () => {
  it("fail only the expressions that read them, with kube's composited-variable text", () => {
    const objects = policies(
      erroringPolicy.replace(
        '  validations:\n  - expression: object.spec.replicaz > 1',
        '  variables:\n  - {name: wanted, expression: object.spec.replicaz}\n  validations:\n  - expression: object.spec.replicas > 0\n  - expression: variables.wanted > 1',
      ),
    );
    const result = evaluateValidatingPolicies(staticAdmissionPolicies(objects), createDeployment(deployment('web', 'test', 1)), { namespace: testNamespace });
    expect(result.denial?.status.details?.causes?.[0]?.message).toBe(
      "ValidatingAdmissionPolicy 'typo' with binding 'typo-binding' denied request: expression 'variables.wanted > 1' resulted in error: composited variable \"wanted\" fails to evaluate: no such key: replicaz",
    );
  });
});

describe('Kubernetes CEL libraries in policies', () => {
  it('compares resource quantities', () => {
    const objects = policies(
      erroringPolicy.replace(
        'object.spec.replicaz > 1',
        "object.spec.template.spec.containers.all(c, has(c.resources) && quantity(c.resources.limits.memory).isLessThan(quantity('1Gi')))",
      ),
    );
    const withMemory = (memory: string) => {
      const object = deployment('web', 'test', 1);
      (object.spec as { template: { spec: { containers: Record<string, unknown>[] } } }).template.spec.containers[0]!.resources = { limits: { memory } };
      return createDeployment(object);
    };
    const source = staticAdmissionPolicies(objects);
    expect(evaluateValidatingPolicies(source, withMemory('512Mi'), { namespace: testNamespace }).denial).toBeUndefined();
    expect(evaluateValidatingPolicies(source, withMemory('2G'), { namespace: testNamespace }).denial?.status.details?.causes?.[0]?.message).toMatch(
      /denied request: failed expression: /,
    );
  });
});

describe('runtime errors', () => {
  it('word an index out of range and an overflow as cel-go does', () => {
    const evaluateWith = (expression: string) =>
      evaluateValidatingPolicies(
        staticAdmissionPolicies(policies(erroringPolicy.replace('object.spec.replicaz > 1', expression))),
        createDeployment(deployment('web', 'test', 1)),
        {
          namespace: testNamespace,
        },
      ).denial?.status.details?.causes?.[0]?.message;
    expect(evaluateWith('object.spec.template.spec.containers[3].name != ""')).toMatch(/resulted in error: index '3' out of range in list size '1'$/);
    expect(evaluateWith('9223372036854775807 + object.spec.replicas > 0')).toMatch(/resulted in error: integer overflow$/);
  });
});

describe("the documentation's matchConditions example", () => {
  const demoPolicy = `
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata: {name: demo-policy.example.com}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: ['*'], apiVersions: ['*'], operations: [CREATE, UPDATE], resources: ['*']}
  matchConditions:
  - name: exclude-leases
    expression: '!(request.resource.group == "coordination.k8s.io" && request.resource.resource == "leases")'
  - name: exclude-kubelet-requests
    expression: '!("system:nodes" in request.userInfo.groups)'
  - name: rbac
    expression: 'request.resource.group != "rbac.authorization.k8s.io"'
  validations:
  - expression: "!object.metadata.name.contains('demo') || object.metadata.namespace == 'demo'"
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicyBinding
metadata: {name: demo-binding}
spec: {policyName: demo-policy.example.com, validationActions: [Deny]}
`;
  const source = staticAdmissionPolicies(policies(demoPolicy));

  it('validates requests the conditions let through', () => {
    const result = evaluateValidatingPolicies(source, createDeployment(deployment('demo-web', 'test', 1)), { namespace: testNamespace });
    expect(result.denial?.status.details?.causes?.[0]?.message).toBe(
      "ValidatingAdmissionPolicy 'demo-policy.example.com' with binding 'demo-binding' denied request: failed expression: !object.metadata.name.contains('demo') || object.metadata.namespace == 'demo'",
    );
  });

  it("skips the kubelet's requests and leases", () => {
    const byKubelet = { ...createDeployment(deployment('demo-web', 'test', 1)), userInfo: { name: 'system:node:n1', groups: ['system:nodes'] } };
    expect(evaluateValidatingPolicies(source, byKubelet, { namespace: testNamespace }).records).toEqual([]);
    const lease = { apiVersion: 'coordination.k8s.io/v1', kind: 'Lease', metadata: { name: 'demo-lease', namespace: 'test' }, spec: {} };
    const leaseCreate = {
      ...createDeployment(lease),
      resource: { group: 'coordination.k8s.io', version: 'v1', resource: 'leases' },
      kind: { group: 'coordination.k8s.io', version: 'v1', kind: 'Lease' },
    };
    expect(evaluateValidatingPolicies(source, leaseCreate, { namespace: testNamespace }).denial).toBeUndefined();
  });
});

describe('the sets library', () => {
  it('checks required labels with sets.contains and sets.intersects', () => {
    const objects = policies(
      erroringPolicy.replace(
        'object.spec.replicaz > 1',
        "sets.contains(object.metadata.labels.map(k, k), ['app', 'team']) && !sets.intersects([object.metadata.namespace], ['kube-system'])",
      ),
    );
    const source = staticAdmissionPolicies(objects);
    const labelled = createDeployment(deployment('web', 'test', 1, { app: 'web', team: 'a' }));
    expect(evaluateValidatingPolicies(source, labelled, { namespace: testNamespace }).denial).toBeUndefined();
    const unlabelled = createDeployment(deployment('web', 'test', 1, { app: 'web' }));
    expect(evaluateValidatingPolicies(source, unlabelled, { namespace: testNamespace }).denial?.status.details?.causes?.[0]?.message).toMatch(
      /failed expression: sets.contains/,
    );
  });
});
