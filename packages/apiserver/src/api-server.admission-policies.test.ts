/**
 * admissionregistration.k8s.io/v1 admission policies and their bindings as kube-apiserver 1.37
 * serves them: defaulting, validation with kube's messages (each expected text below was read
 * from the real kube-apiserver 1.37.2 for the same request), generation, a
 * ValidatingAdmissionPolicy's status subresource, Table columns and protobuf. They are stored
 * only; nothing evaluates the policies.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeObject } from './http/protobuf/envelope.ts';
import { apiVersion, causesOf, cellsOf, columnsOf, mapbs, maps, merge, podRule, policy, protobuf, vapbs, vaps } from './testing/admission-requests.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('admission policies and bindings', () => {
  it('defaults failurePolicy and match resources, and starts a ValidatingAdmissionPolicy with an empty status whatever was sent', async () => {
    const created = await server.call('POST', vaps, { ...policy('p1'), status: { observedGeneration: 7 } });
    expect(created.status).toBe(201);
    expect(created.body.spec).toMatchObject({
      failurePolicy: 'Fail',
      matchConstraints: { matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {}, resourceRules: [{ ...podRule, scope: '*' }] },
    });
    expect(created.body.status).toEqual({});
  });

  it('writes status only through /status, which keeps the spec and metadata, and counts generations on spec changes only', async () => {
    const viaMain = await server.call('PATCH', `${vaps}/p1`, { spec: { failurePolicy: 'Ignore' }, status: { observedGeneration: 3 } }, merge);
    expect(viaMain.body.metadata.generation).toBe(2);
    expect(viaMain.body.status).toEqual({});
    const viaStatus = await server.call(
      'PATCH',
      `${vaps}/p1/status`,
      { metadata: { labels: { x: 'y' } }, spec: { failurePolicy: 'Fail' }, status: { observedGeneration: 2 } },
      merge,
    );
    expect(viaStatus.status).toBe(200);
    expect(viaStatus.body.status).toEqual({ observedGeneration: 2 });
    expect(viaStatus.body.spec.failurePolicy).toBe('Ignore');
    expect(viaStatus.body.metadata.labels).toBeUndefined();
    expect(viaStatus.body.metadata.generation).toBe(2);
    const warnings = await causesOf(
      server.call('PATCH', `${vaps}/p1/status`, { status: { typeChecking: { expressionWarnings: [{ fieldRef: '', warning: '' }] } } }, merge),
    );
    expect(warnings).toEqual([
      'status.typeChecking.expressionWarnings[0].warning: Required value',
      'status.typeChecking.expressionWarnings[0].fieldRef: Required value',
    ]);
    const conditions = await causesOf(
      server.call(
        'PATCH',
        `${vaps}/p1/status`,
        { status: { conditions: [{ type: 'Ready', status: 'Maybe', reason: 'Not ready', lastTransitionTime: '2024-01-01T00:00:00Z' }] } },
        merge,
      ),
    );
    expect(conditions).toEqual([
      'status.conditions[0].status: Unsupported value: "Maybe": supported values: "False", "True", "Unknown"',
      `status.conditions[0].reason: Invalid value: "Not ready": a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName',  or 'ReasonA,ReasonB',  or 'ReasonA:ReasonB', regex used for validation is '[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?')`,
    ]);
  });

  it("refuses a policy's bad CEL, params kind, rules and audit annotations with kube's messages", async () => {
    const causes = await causesOf(
      server.call(
        'POST',
        vaps,
        policy('bad-policy', {
          failurePolicy: 'Sometimes',
          paramKind: { apiVersion: 'a/b/c', kind: 'ConfigMap' },
          variables: [{ name: 'in', expression: '1' }],
          validations: [{ expression: "'str'", messageExpression: '1', message: 'two\nlines', reason: 'Teapot' }],
          auditAnnotations: [{ key: 'k!', valueExpression: '1' }],
        }),
      ),
    );
    expect(causes).toEqual([
      'spec.failurePolicy: Unsupported value: "Sometimes": supported values: "Fail", "Ignore"',
      'spec.paramKind.apiVersion: Invalid value: "a/b/c": unexpected GroupVersion string: a/b/c',
      'spec.variables[0].name: Invalid value: "in": must be a valid CEL identifier',
      `spec.validations[0].expression: Invalid value: "'str'": must evaluate to bool but got string`,
      'spec.validations[0].messageExpression: Invalid value: "1": must evaluate to string but got int',
      'spec.validations[0].message: Invalid value: "two\\nlines": must not contain line breaks',
      'spec.validations[0].reason: Unsupported value: "Teapot": supported values: "Forbidden", "Invalid", "RequestEntityTooLarge"',
      `spec.auditAnnotations[0].key: Invalid value: "bad-policy/k!": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')`,
      'spec.auditAnnotations[0].valueExpression: Invalid value: "1": must evaluate to one of [string null_type] but got int',
    ]);
  });

  it('requires matchConstraints and validations of an empty policy', async () => {
    const causes = await causesOf(server.call('POST', vaps, { apiVersion, kind: 'ValidatingAdmissionPolicy', metadata: { name: 'empty' }, spec: {} }));
    expect(causes).toEqual([
      'spec.matchConstraints: Required value',
      'spec.validations: Required value: validations or auditAnnotations must contain at least one item',
      'spec.auditAnnotations: Required value: validations or auditAnnotations must contain at least one item',
    ]);
  });

  it("puts a binding's declaratively required policyName and validationActions last, as kube 1.37 does", async () => {
    const causes = await causesOf(
      server.call('POST', vapbs, { apiVersion, kind: 'ValidatingAdmissionPolicyBinding', metadata: { name: 'empty' }, spec: { paramRef: {} } }),
    );
    expect(causes).toEqual([
      'spec.paramRef: Required value: one of name or selector must be specified',
      'spec.paramRef.parameterNotFoundAction: Required value',
      'spec.policyName: Required value',
      'spec.validationActions: Required value',
    ]);
  });

  it('refuses a mutating policy that matches DELETE or mixes its patch types', async () => {
    const { body } = await server.call('POST', maps, {
      apiVersion,
      kind: 'MutatingAdmissionPolicy',
      metadata: { name: 'bad-map' },
      spec: {
        reinvocationPolicy: 'Always',
        matchConstraints: { resourceRules: [{ ...podRule, operations: ['DELETE', 'CREATE'] }] },
        mutations: [{ patchType: 'JSONPatch', applyConfiguration: { expression: 'x' } }, { patchType: 'Merge' }],
      },
    });
    expect(body.message).toBe(
      'MutatingAdmissionPolicy.admissionregistration.k8s.io "bad-map" is invalid: [spec.matchConstraints.resourceRules.operations: Unsupported value: "DELETE": supported values: "*", "CONNECT", "CREATE", "UPDATE", spec.mutations[0].jsonPatch: Required value: must be specified when patchType is JSONPatch, spec.mutations[0].applyConfiguration: Invalid value: "{applyConfiguration}": must not be specified when patchType is JSONPatch, spec.mutations[1].patchType: Unsupported value: "Merge": supported values: "ApplyConfiguration", "JSONPatch", spec.reinvocationPolicy: Unsupported value: "Always": supported values: "IfNeeded", "Never"]',
    );
  });

  it('stores a mutating policy and bindings as sent plus defaults', async () => {
    const mutating = await server.call('POST', maps, {
      apiVersion,
      kind: 'MutatingAdmissionPolicy',
      metadata: { name: 'sidecar' },
      spec: {
        reinvocationPolicy: 'Never',
        matchConstraints: { resourceRules: [podRule] },
        mutations: [{ patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"a": "b"}}}' } }],
      },
    });
    expect(mutating.status).toBe(201);
    expect(mutating.body.spec.failurePolicy).toBe('Fail');
    expect(mutating.body.status).toBeUndefined();
    const binding = await server.call('POST', mapbs, {
      apiVersion,
      kind: 'MutatingAdmissionPolicyBinding',
      metadata: { name: 'sidecar' },
      spec: { policyName: 'sidecar' },
    });
    expect(binding.status).toBe(201);
    expect(binding.body.spec).toEqual({ policyName: 'sidecar' });
    const validating = await server.call('POST', vapbs, {
      apiVersion,
      kind: 'ValidatingAdmissionPolicyBinding',
      metadata: { name: 'p1' },
      spec: {
        policyName: 'p1',
        validationActions: ['Deny'],
        paramRef: { name: 'limits', namespace: 'default', parameterNotFoundAction: 'Deny' },
        matchResources: {},
      },
    });
    expect(validating.status).toBe(201);
    expect(validating.body.spec.matchResources).toEqual({ matchPolicy: 'Equivalent', namespaceSelector: {}, objectSelector: {} });
  });
});

describe('tables and protobuf', () => {
  it("shows kube's columns: Validations or Mutations and ParamKind; PolicyName and ParamRef", async () => {
    expect(await columnsOf(server, vaps)).toEqual(['Name', 'Validations', 'ParamKind', 'Age']);
    expect(await cellsOf(server, `${vaps}/p1`)).toEqual([['p1', 1, '<unset>']]);
    expect(await columnsOf(server, maps)).toEqual(['Name', 'Mutations', 'ParamKind', 'Age']);
    expect(await columnsOf(server, vapbs)).toEqual(['Name', 'PolicyName', 'ParamRef', 'Age']);
    expect(await cellsOf(server, `${vapbs}/p1`)).toEqual([['p1', 'p1', 'default/limits']]);
    expect(await cellsOf(server, `${mapbs}/sidecar`)).toEqual([['sidecar', 'sidecar', '<unset>']]);
  });

  it('prints a selecting paramRef as Go prints a LabelSelector', async () => {
    await server.call('POST', mapbs, {
      apiVersion,
      kind: 'MutatingAdmissionPolicyBinding',
      metadata: { name: 'selecting' },
      spec: {
        policyName: 'sidecar',
        paramRef: {
          selector: { matchLabels: { a: 'b' }, matchExpressions: [{ key: 'k', operator: 'In', values: ['x', 'y'] }] },
          parameterNotFoundAction: 'Allow',
        },
      },
    });
    expect(await cellsOf(server, `${mapbs}/selecting`)).toEqual([
      [
        'selecting',
        'sidecar',
        '&LabelSelector{MatchLabels:map[string]string{a: b,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:k,Operator:In,Values:[x y],},},}',
      ],
    ]);
  });

  it('answers policies and bindings in protobuf', async () => {
    for (const path of [vaps, vapbs, maps, mapbs]) {
      const json = (await server.call('GET', path)).body;
      const decoded = decodeObject((await server.call('GET', path, undefined, { accept: protobuf })).raw, { apiVersion: '', kind: '' }) as any;
      expect(decoded.items.map((i: any) => i.spec)).toEqual(json.items.map((i: any) => i.spec));
    }
  });
});
