import type { KubeObject } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { builtinPatchMeta } from '../../patch/builtin-patch-meta.ts';
import { evaluateMutatingPolicies } from './mutating-policy.ts';
import { MutatingPolicyReinvocation } from './mutating-reinvocation.ts';
import { createDeployment, createOf, deployment, namespaceObject, objectsFromYaml } from './policy-test-fixtures.ts';
import { staticAdmissionPolicies } from './static-policies.ts';

function mutatingPolicies(yaml: string) {
  const objects = objectsFromYaml(yaml);
  return staticAdmissionPolicies({
    mutatingPolicies: objects.filter((o) => o.kind === 'MutatingAdmissionPolicy'),
    mutatingBindings: objects.filter((o) => o.kind === 'MutatingAdmissionPolicyBinding'),
  });
}

function binding(name: string, policyName: string): string {
  return `
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: ${name}}
spec: {policyName: ${policyName}}
`;
}

const podRules = `
  matchConstraints:
    resourceRules:
    - {apiGroups: [''], apiVersions: [v1], operations: [CREATE], resources: [pods]}`;

function pod(initContainers?: unknown[]): KubeObject {
  const spec: Record<string, unknown> = { containers: [{ name: 'app', image: 'app:1' }] };
  if (initContainers) spec.initContainers = initContainers;
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'web', namespace: 'test', labels: { app: 'web' } }, spec };
}

const createPod = (object: KubeObject) => createOf(object, { group: '', version: 'v1', resource: 'pods' });
const context = { namespace: namespaceObject('test', { environment: 'test' }) };
const podMeta = { patchMeta: builtinPatchMeta('v1', 'Pod') };

// The Kubernetes documentation's MutatingAdmissionPolicy examples, written as our own YAML.
const sidecarByApplyConfiguration = `
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: sidecar-policy.example.com}
spec:
  failurePolicy: Fail
  reinvocationPolicy: IfNeeded
${podRules}
  matchConditions:
  - name: does-not-already-have-sidecar
    expression: "!has(object.spec.initContainers) || !object.spec.initContainers.exists(ic, ic.name == 'mesh-proxy')"
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration:
      expression: >
        Object{
          spec: Object.spec{
            initContainers: [
              Object.spec.initContainers{
                name: "mesh-proxy",
                image: "mesh/proxy:v1.0.0",
                restartPolicy: "Always"
              }
            ]
          }
        }
---
${binding('sidecar-binding', 'sidecar-policy.example.com')}
`;

const sidecar = { name: 'mesh-proxy', image: 'mesh/proxy:v1.0.0', restartPolicy: 'Always' };

describe('MutatingAdmissionPolicy with ApplyConfiguration', () => {
  it('adds the sidecar init container, merging with the ones the pod has by name', () => {
    const result = evaluateMutatingPolicies(
      mutatingPolicies(sidecarByApplyConfiguration),
      createPod(pod([{ name: 'setup', image: 'setup:1' }])),
      context,
      podMeta,
    );
    expect(result.denial).toBeUndefined();
    expect((result.object?.spec as { initContainers: unknown[] }).initContainers).toEqual([{ name: 'setup', image: 'setup:1' }, sidecar]);
    expect(result.records).toMatchObject([
      {
        kind: 'MutatingAdmissionPolicy',
        name: 'sidecar-policy.example.com',
        configuration: 'sidecar-binding',
        phase: 'mutating',
        verdict: 'mutated',
        round: 0,
      },
    ]);
    expect(result.records[0]?.patch).toEqual([{ op: 'add', path: '/spec/initContainers/1', value: sidecar }]);
  });

  it('leaves a pod that already has the sidecar alone, as its matchCondition says', () => {
    const already = pod([sidecar]);
    const result = evaluateMutatingPolicies(mutatingPolicies(sidecarByApplyConfiguration), createPod(already), context, podMeta);
    expect(result.object).toEqual(already);
    // A policy its matchConditions leave out was not evaluated: the console shows no call.
    expect(result.records).toEqual([]);
  });

  it('adds a label to a deployment', () => {
    const labelPolicy = `
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: add-environment-label}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration:
      expression: 'Object{metadata: Object.metadata{labels: {"environment": namespaceObject.metadata.labels["environment"]}}}'
---
${binding('add-environment-label', 'add-environment-label')}
`;
    const result = evaluateMutatingPolicies(mutatingPolicies(labelPolicy), createDeployment(deployment('web', 'test', 1, { app: 'web' })), context, {
      patchMeta: builtinPatchMeta('apps/v1', 'Deployment'),
    });
    expect(result.object?.metadata.labels).toEqual({ app: 'web', environment: 'test' });
  });

  it('refuses a type name that does not follow the field path, and an atomic struct', () => {
    const policy = (expression: string) => `
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: bad}
spec:
  matchConstraints:
    resourceRules:
    - {apiGroups: [apps], apiVersions: [v1], operations: [CREATE], resources: [deployments]}
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration: {expression: '${expression}'}
---
${binding('bad-binding', 'bad')}
`;
    const options = { patchMeta: builtinPatchMeta('apps/v1', 'Deployment') };
    const typo = evaluateMutatingPolicies(
      mutatingPolicies(policy('Object{spec: Object.spc{replicas: 2}}')),
      createDeployment(deployment('web', 'test', 1)),
      context,
      options,
    );
    expect(typo.denial?.status).toEqual({
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Failure',
      message: `policy 'bad' with binding 'bad-binding' denied request: type mismatch: unexpected type name "Object.spc", expected "Object.spec", which matches field name path from root Object type`,
      reason: 'Invalid',
      code: 403,
      details: {
        name: 'web',
        group: 'apps',
        kind: 'deployments',
        causes: [
          {
            message: `policy 'bad' with binding 'bad-binding' denied request: type mismatch: unexpected type name "Object.spc", expected "Object.spec", which matches field name path from root Object type`,
          },
        ],
      },
    });
    const atomic = evaluateMutatingPolicies(
      mutatingPolicies(policy('Object{spec: Object.spec{selector: Object.spec.selector{matchLabels: {"app": "other"}}}}')),
      createDeployment(deployment('web', 'test', 1)),
      context,
      options,
    );
    expect(atomic.denial?.message).toBe(
      "policy 'bad' with binding 'bad-binding' denied request: error applying patch: invalid ApplyConfiguration: may not mutate atomic arrays, maps or structs: .spec.selector",
    );
  });
});

const sidecarByJsonPatch = `
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: sidecar-jsonpatch.example.com}
spec:
${podRules}
  mutations:
  - patchType: JSONPatch
    jsonPatch:
      expression: >
        [
          JSONPatch{op: "test", path: "/metadata/labels/app", value: "web"},
          JSONPatch{
            op: "add", path: "/spec/initContainers",
            value: [Object.spec.initContainers{name: "mesh-proxy", image: "mesh-proxy/v1.0.0", restartPolicy: "Always"}]
          },
          JSONPatch{op: "add", path: "/metadata/labels/" + jsonpatch.escapeKey("mesh.example.com/injected"), value: "true"}
        ]
---
${binding('sidecar-jsonpatch-binding', 'sidecar-jsonpatch.example.com')}
`;

describe('MutatingAdmissionPolicy with JSONPatch', () => {
  it('adds the sidecar and a label whose key jsonpatch.escapeKey escaped', () => {
    const result = evaluateMutatingPolicies(mutatingPolicies(sidecarByJsonPatch), createPod(pod()), context);
    expect(result.denial).toBeUndefined();
    expect(result.object?.metadata.labels).toEqual({ app: 'web', 'mesh.example.com/injected': 'true' });
    expect((result.object?.spec as { initContainers: unknown }).initContainers).toEqual([
      { name: 'mesh-proxy', image: 'mesh-proxy/v1.0.0', restartPolicy: 'Always' },
    ]);
  });

  it('leaves the object as it was when a test operation fails', () => {
    const other = { ...pod(), metadata: { name: 'web', namespace: 'test', labels: { app: 'db' } } };
    const result = evaluateMutatingPolicies(mutatingPolicies(sidecarByJsonPatch), createPod(other), context);
    expect(result.object).toEqual(other);
    expect(result.records[0]?.verdict).toBe('allowed');
  });

  it('denies with the patch error under Fail, and lets the object through under Ignore', () => {
    const broken = sidecarByJsonPatch.replace('op: "add", path: "/spec/initContainers"', 'op: "replace", path: "/spec/nothing/here"');
    const failed = evaluateMutatingPolicies(mutatingPolicies(broken), createPod(pod()), context);
    expect(failed.denial?.message).toMatch(/^policy 'sidecar-jsonpatch.example.com' with binding 'sidecar-jsonpatch-binding' denied request: JSON Patch: /);
    expect(failed.denial?.code).toBe(403);
    const ignored = evaluateMutatingPolicies(mutatingPolicies(broken.replace('spec:\n', 'spec:\n  failurePolicy: Ignore\n')), createPod(pod()), context);
    expect(ignored.denial).toBeUndefined();
    expect(failed.records[0]).toMatchObject({ verdict: 'error', failurePolicy: 'Fail', code: 403, message: failed.denial?.message });
    expect(failed.records[0]?.ignored).toBeUndefined();
    expect(ignored.records[0]).toMatchObject({ verdict: 'error', failurePolicy: 'Ignore', ignored: true, message: expect.stringMatching(/^JSON Patch: /) });
  });

  it("reports an expression that errors with kube's text", () => {
    const erroring = sidecarByJsonPatch.replace('"/metadata/labels/" + jsonpatch', 'object.spec.missing + jsonpatch');
    const result = evaluateMutatingPolicies(mutatingPolicies(erroring), createPod(pod()), context);
    expect(result.denial?.message).toMatch(
      /^policy 'sidecar-jsonpatch.example.com' with binding 'sidecar-jsonpatch-binding' denied request: expression '.*' resulted in error: no such key: missing$/s,
    );
  });
});

describe('reinvocationPolicy', () => {
  const labelFromImage = `
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: a-label-image}
spec:
  reinvocationPolicy: IfNeeded
${podRules}
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration:
      expression: 'Object{metadata: Object.metadata{labels: {"image": object.spec.containers[0].image.replace(":", "-")}}}'
---
${binding('a-label-image', 'a-label-image')}
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: b-pin-image}
spec:
${podRules}
  mutations:
  - patchType: JSONPatch
    jsonPatch:
      expression: '[JSONPatch{op: "replace", path: "/spec/containers/0/image", value: "app:2"}]'
---
${binding('b-pin-image', 'b-pin-image')}
`;

  it('runs an IfNeeded policy again in the second pass when a later policy changed the object', () => {
    const source = mutatingPolicies(labelFromImage);
    const reinvocation = new MutatingPolicyReinvocation();
    const first = evaluateMutatingPolicies(source, createPod(pod()), context, { ...podMeta, reinvocation });
    expect(first.object?.metadata.labels).toEqual({ app: 'web', image: 'app-1' });
    expect(reinvocation.shouldReinvokeOthers).toBe(true);
    const second = evaluateMutatingPolicies(source, { ...createPod(pod()), object: first.object }, context, { ...podMeta, reinvocation, isReinvoke: true });
    expect(second.object?.metadata.labels).toEqual({ app: 'web', image: 'app-2' });
    expect(second.records.map((r) => [r.name, r.round])).toEqual([['a-label-image', 1]]);
  });

  it('does not run a Never policy again', () => {
    const source = mutatingPolicies(labelFromImage.replace('reinvocationPolicy: IfNeeded', 'reinvocationPolicy: Never'));
    const reinvocation = new MutatingPolicyReinvocation();
    const first = evaluateMutatingPolicies(source, createPod(pod()), context, { ...podMeta, reinvocation });
    const second = evaluateMutatingPolicies(source, { ...createPod(pod()), object: first.object }, context, { ...podMeta, reinvocation, isReinvoke: true });
    expect(second.records).toEqual([]);
    expect(second.object?.metadata.labels).toEqual({ app: 'web', image: 'app-1' });
  });
});

describe('mutating policies with params', () => {
  const sidecarFromParams = (notFound: 'Allow' | 'Deny') => `
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: sidecar-from-params}
spec:
  paramKind: {apiVersion: mutations.example.com/v1, kind: Sidecar}
${podRules}
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration:
      expression: 'Object{spec: Object.spec{initContainers: [Object.spec.initContainers{name: params.name, image: params.image, restartPolicy: "Always"}]}}'
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicyBinding
metadata: {name: sidecar-from-params}
spec:
  policyName: sidecar-from-params
  paramRef: {name: mesh, namespace: mesh-system, parameterNotFoundAction: ${notFound}}
`;
  const sidecarParam = {
    apiVersion: 'mutations.example.com/v1',
    kind: 'Sidecar',
    metadata: { name: 'mesh', namespace: 'mesh-system' },
    name: 'mesh-proxy',
    image: 'mesh/proxy:v2',
  };
  const withParams = (yaml: string, objects: (typeof sidecarParam)[]) => {
    const parsed = objectsFromYaml(yaml);
    return staticAdmissionPolicies({
      mutatingPolicies: parsed.filter((o) => o.kind === 'MutatingAdmissionPolicy'),
      mutatingBindings: parsed.filter((o) => o.kind === 'MutatingAdmissionPolicyBinding'),
      paramKinds: [{ apiVersion: 'mutations.example.com/v1', kind: 'Sidecar', namespaced: true, objects }],
    });
  };

  it('builds the sidecar from the param object', () => {
    const result = evaluateMutatingPolicies(withParams(sidecarFromParams('Deny'), [sidecarParam]), createPod(pod()), context, podMeta);
    expect((result.object?.spec as { initContainers: unknown }).initContainers).toEqual([
      { name: 'mesh-proxy', image: 'mesh/proxy:v2', restartPolicy: 'Always' },
    ]);
    expect(result.records[0]).toMatchObject({ param: 'mesh-system/mesh', verdict: 'mutated' });
  });

  it('refuses the request when the param is missing under Deny, and changes nothing under Allow', () => {
    const denied = evaluateMutatingPolicies(withParams(sidecarFromParams('Deny'), []), createPod(pod()), context, podMeta);
    expect([denied.denial?.message, denied.denial?.reason, denied.denial?.code]).toEqual([
      "policy 'sidecar-from-params' with binding 'sidecar-from-params' denied request: failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction",
      'Forbidden',
      403,
    ]);
    const allowed = evaluateMutatingPolicies(withParams(sidecarFromParams('Allow'), []), createPod(pod()), context, podMeta);
    expect([allowed.denial, allowed.object]).toEqual([undefined, pod()]);
    expect(allowed.records).toEqual([]);
  });
});

describe('errors of several mutating policies', () => {
  it('lists configuration errors before mutation errors, as the generic dispatcher does', () => {
    const yaml = `
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: a-broken}
spec:
${podRules}
  mutations:
  - patchType: JSONPatch
    jsonPatch: {expression: '[JSONPatch{op: "remove", path: "/spec/nothing"}]'}
---
${binding('a-broken', 'a-broken')}
---
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingAdmissionPolicy
metadata: {name: b-unknown-params}
spec:
  paramKind: {apiVersion: example.com/v1, kind: Unknown}
${podRules}
  mutations:
  - patchType: ApplyConfiguration
    applyConfiguration: {expression: 'Object{}'}
---
${binding('b-unknown-params', 'b-unknown-params')}
`;
    const result = evaluateMutatingPolicies(mutatingPolicies(yaml), createPod(pod()), context);
    expect(result.denial?.status.details?.causes?.map((c) => (c.message ?? '').replace(/: JSON Patch: .*/, ': JSON Patch: …'))).toEqual([
      `policy "b-unknown-params" denied request: failed to configure policy: failed to find resource referenced by paramKind: 'example.com/v1, Kind=Unknown'`,
      "policy 'a-broken' with binding 'a-broken' denied request: JSON Patch: …",
    ]);
    expect(result.denial?.reason).toBe('Forbidden');
  });
});
