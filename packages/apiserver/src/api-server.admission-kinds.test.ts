/**
 * admissionregistration.k8s.io/v1 as kube-apiserver 1.37 serves it: the six kinds in discovery,
 * defaulting, validation with kube's messages (each expected text below was read from the real
 * kube-apiserver 1.37.2 for the same request), generation, a ValidatingAdmissionPolicy's status
 * subresource, Table columns and protobuf. The objects are stored only; nothing calls webhooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeObject, encodeObject } from './http/protobuf/envelope.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const group = '/apis/admissionregistration.k8s.io/v1';
const vwcs = `${group}/validatingwebhookconfigurations`;
const mwcs = `${group}/mutatingwebhookconfigurations`;
const vaps = `${group}/validatingadmissionpolicies`;
const vapbs = `${group}/validatingadmissionpolicybindings`;
const maps = `${group}/mutatingadmissionpolicies`;
const mapbs = `${group}/mutatingadmissionpolicybindings`;
const merge = { 'content-type': 'application/merge-patch+json' };
const table = { accept: 'application/json;as=Table;v=v1;g=meta.k8s.io' };
const pb = 'application/vnd.kubernetes.protobuf';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const apiVersion = 'admissionregistration.k8s.io/v1';
const webhook = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  sideEffects: 'None',
  admissionReviewVersions: ['v1'],
  clientConfig: { url: 'https://127.0.0.1:9443/validate' },
  ...extra,
});
const podRule = { operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods'] };
const policy = (name: string, spec: Record<string, unknown> = {}) => ({
  apiVersion,
  kind: 'ValidatingAdmissionPolicy',
  metadata: { name },
  spec: { matchConstraints: { resourceRules: [podRule] }, validations: [{ expression: 'object.metadata.name != "forbidden"' }], ...spec },
});

/** The 422's causes as "field: message". */
async function causesOf(res: Promise<{ status: number; body: any }>): Promise<string[]> {
  const { status, body } = await res;
  expect(status, JSON.stringify(body)).toBe(422);
  return body.details.causes.map((c: { field: string; message: string }) => `${c.field}: ${c.message}`);
}

describe('discovery', () => {
  it('lists the six kinds, cluster-scoped, in the api-extensions category, without short names', async () => {
    const { body } = await server.call('GET', group);
    const resources = body.resources.map((r: any) => [r.name, r.kind, r.namespaced, r.categories, r.shortNames]);
    expect(resources).toEqual([
      ['mutatingadmissionpolicies', 'MutatingAdmissionPolicy', false, ['api-extensions'], undefined],
      ['mutatingadmissionpolicybindings', 'MutatingAdmissionPolicyBinding', false, ['api-extensions'], undefined],
      ['mutatingwebhookconfigurations', 'MutatingWebhookConfiguration', false, ['api-extensions'], undefined],
      ['validatingadmissionpolicies', 'ValidatingAdmissionPolicy', false, ['api-extensions'], undefined],
      ['validatingadmissionpolicies/status', 'ValidatingAdmissionPolicy', false, undefined, undefined],
      ['validatingadmissionpolicybindings', 'ValidatingAdmissionPolicyBinding', false, ['api-extensions'], undefined],
      ['validatingwebhookconfigurations', 'ValidatingWebhookConfiguration', false, ['api-extensions'], undefined],
    ]);
  });
});

describe('webhook configurations', () => {
  it('fills in what kube defaults: failurePolicy, matchPolicy, selectors, timeout, reinvocation, scope and service port', async () => {
    const created = await server.call('POST', mwcs, {
      apiVersion,
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: 'defaults' },
      webhooks: [webhook('m.example.com', { clientConfig: { service: { name: 'svc', namespace: 'default', path: '/mutate' } }, rules: [podRule] })],
    });
    expect(created.status).toBe(201);
    expect(created.body.metadata.generation).toBe(1);
    expect(created.body.webhooks[0]).toEqual({
      name: 'm.example.com',
      sideEffects: 'None',
      admissionReviewVersions: ['v1'],
      clientConfig: { service: { name: 'svc', namespace: 'default', path: '/mutate', port: 443 } },
      rules: [{ ...podRule, scope: '*' }],
      failurePolicy: 'Fail',
      matchPolicy: 'Equivalent',
      namespaceSelector: {},
      objectSelector: {},
      timeoutSeconds: 10,
      reinvocationPolicy: 'Never',
    });
  });

  it("refuses a webhook without sideEffects or review versions, with both url and service, and kube's rule and CEL errors", async () => {
    const causes = await causesOf(
      server.call('POST', vwcs, {
        apiVersion,
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: 'bad' },
        webhooks: [
          {
            name: 'a.example.com',
            admissionReviewVersions: [],
            clientConfig: { url: 'https://h.example.com', service: { name: 's', namespace: 'n' } },
            rules: [{ operations: ['CREATE', '*'], apiGroups: [''], apiVersions: ['v1'], resources: ['*/*', 'pods'], scope: 'Everywhere' }],
            timeoutSeconds: 31,
            matchConditions: [
              { name: 'x', expression: "'s'" },
              { name: 'x', expression: 'params.x == 1' },
            ],
          },
          webhook('a.example.com', { sideEffects: 'Some', admissionReviewVersions: ['v3', 'v3'] }),
          webhook('short'),
        ],
      }),
    );
    expect(causes).toEqual([
      `webhooks[0].rules[0].operations: Invalid value: ["CREATE","*"]: if '*' is present, must not specify other operations`,
      `webhooks[0].rules[0].resources: Invalid value: ["*/*","pods"]: if '*/*' is present, must not specify other resources`,
      'webhooks[0].rules[0].scope: Unsupported value: "Everywhere": supported values: "*", "Cluster", "Namespaced"',
      'webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun',
      'webhooks[0].timeoutSeconds: Invalid value: 31: the timeout value must be between 1 and 30 seconds',
      'webhooks[0].clientConfig: Required value: exactly one of url or service is required',
      `webhooks[0].matchConditions[0].expression: Invalid value: "'s'": must evaluate to bool but got string`,
      "webhooks[0].matchConditions[1].expression: Invalid value: \"params.x == 1\": compilation failed: ERROR: <input>:1:1: undeclared reference to 'params' (in container '')\n | params.x == 1\n | ^",
      'webhooks[0].matchConditions[1].name: Duplicate value: "x"',
      'webhooks[0].admissionReviewVersions: Required value: must specify one of v1, v1beta1',
      'webhooks[1].sideEffects: Unsupported value: "Some": supported values: "None", "NoneOnDryRun"',
      'webhooks[1].admissionReviewVersions[1]: Invalid value: "v3": duplicate version',
      'webhooks[1].admissionReviewVersions: Invalid value: ["v3","v3"]: must include at least one of v1, v1beta1',
      'webhooks[1].name: Duplicate value: "a.example.com"',
      'webhooks[2].name: Invalid value: "short": should be a domain with at least three segments separated by dots',
    ]);
  });

  it('takes only https URLs with a host, and no user, query or fragment', async () => {
    const causes = await causesOf(
      server.call('POST', vwcs, {
        apiVersion,
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: 'bad-url' },
        webhooks: [
          webhook('a.example.com', { clientConfig: { url: 'http://user:pw@host:8080/p?q=1#frag' } }),
          webhook('b.example.com', { clientConfig: { url: 'example.com/validate' } }),
          webhook('c.example.com', { clientConfig: { service: { name: 's', namespace: 'n', port: 70000, path: '/a//b_' } } }),
        ],
      }),
    );
    expect(causes).toEqual([
      `webhooks[0].clientConfig.url: Invalid value: "http": 'https' is the only allowed URL scheme; desired format: https://host[/path]`,
      'webhooks[0].clientConfig.url: Invalid value: "user:pw": user information is not permitted in the URL',
      'webhooks[0].clientConfig.url: Invalid value: "frag": fragments are not permitted in the URL',
      'webhooks[0].clientConfig.url: Invalid value: "q=1": query parameters are not permitted in the URL',
      `webhooks[1].clientConfig.url: Invalid value: "": 'https' is the only allowed URL scheme; desired format: https://host[/path]`,
      'webhooks[1].clientConfig.url: Invalid value: "": host must be specified; desired format: https://host[/path]',
      'webhooks[2].clientConfig.service.port: Invalid value: 70000: port is not valid: must be between 1 and 65535, inclusive',
      'webhooks[2].clientConfig.service.path: Invalid value: "/a//b_": segment[1] may not be empty',
      `webhooks[2].clientConfig.service.path: Invalid value: "/a//b_": segment[2]: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
    ]);
  });

  it('counts a generation when the webhooks change, not when a label does', async () => {
    const created = await server.call('POST', vwcs, {
      apiVersion,
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'gen' },
      webhooks: [webhook('a.example.com')],
    });
    expect(created.body.metadata.generation).toBe(1);
    const labelled = await server.call('PATCH', `${vwcs}/gen`, { metadata: { labels: { a: 'b' } } }, merge);
    expect(labelled.body.metadata.generation).toBe(1);
    const changed = await server.call('PATCH', `${vwcs}/gen`, { webhooks: [webhook('a.example.com', { timeoutSeconds: 5 })] }, merge);
    expect(changed.body.metadata.generation).toBe(2);
    expect(changed.body.webhooks[0].timeoutSeconds).toBe(5);
  });

  it('merges webhooks by name in a strategic merge patch', async () => {
    const patched = await server.call(
      'PATCH',
      `${vwcs}/gen`,
      { webhooks: [{ name: 'a.example.com', timeoutSeconds: 7 }] },
      { 'content-type': 'application/strategic-merge-patch+json' },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.webhooks[0]).toMatchObject({ name: 'a.example.com', timeoutSeconds: 7, sideEffects: 'None' });
  });

  it('refuses names kept for manifest-based configuration', async () => {
    const { body } = await server.call('POST', vwcs, {
      apiVersion,
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'x.static.k8s.io' },
      webhooks: [],
    });
    expect(body.message).toBe(
      'ValidatingWebhookConfiguration.admissionregistration.k8s.io "x.static.k8s.io" is invalid: metadata.name: Invalid value: "x.static.k8s.io": names ending with ".static.k8s.io" are reserved for static manifest-based configurations and cannot be managed via the API',
    );
  });
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
  const cellsOf = async (path: string) => (await server.call('GET', path, undefined, table)).body.rows.map((r: any) => r.cells.slice(0, -1));
  const columnsOf = async (path: string) => (await server.call('GET', path, undefined, table)).body.columnDefinitions.map((c: any) => c.name);

  it("shows kube's columns: Webhooks; Validations and ParamKind; PolicyName and ParamRef", async () => {
    expect(await columnsOf(vwcs)).toEqual(['Name', 'Webhooks', 'Age']);
    expect(await cellsOf(`${vwcs}/gen`)).toEqual([['gen', 1]]);
    expect(await columnsOf(vaps)).toEqual(['Name', 'Validations', 'ParamKind', 'Age']);
    expect(await cellsOf(`${vaps}/p1`)).toEqual([['p1', 1, '<unset>']]);
    expect(await columnsOf(maps)).toEqual(['Name', 'Mutations', 'ParamKind', 'Age']);
    expect(await columnsOf(vapbs)).toEqual(['Name', 'PolicyName', 'ParamRef', 'Age']);
    expect(await cellsOf(`${vapbs}/p1`)).toEqual([['p1', 'p1', 'default/limits']]);
    expect(await cellsOf(`${mapbs}/sidecar`)).toEqual([['sidecar', 'sidecar', '<unset>']]);
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
    expect(await cellsOf(`${mapbs}/selecting`)).toEqual([
      [
        'selecting',
        'sidecar',
        '&LabelSelector{MatchLabels:map[string]string{a: b,},MatchExpressions:[]LabelSelectorRequirement{LabelSelectorRequirement{Key:k,Operator:In,Values:[x y],},},}',
      ],
    ]);
  });

  it('accepts and answers every kind in protobuf', async () => {
    const body = encodeObject({
      apiVersion,
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'from-protobuf' },
      webhooks: [webhook('pb.example.com')],
    } as never);
    const created = await server.call('POST', vwcs, body, { 'content-type': pb, accept: pb });
    expect(created.status).toBe(201);
    expect(decodeObject(created.raw, { apiVersion: '', kind: '' })).toMatchObject({
      kind: 'ValidatingWebhookConfiguration',
      webhooks: [{ name: 'pb.example.com', clientConfig: { url: 'https://127.0.0.1:9443/validate' }, timeoutSeconds: 10 }],
    });
    for (const path of [vwcs, mwcs, vaps, vapbs, maps, mapbs]) {
      const json = (await server.call('GET', path)).body;
      const decoded = decodeObject((await server.call('GET', path, undefined, { accept: pb })).raw, { apiVersion: '', kind: '' }) as any;
      expect(decoded.items.map((i: any) => i.spec ?? i.webhooks)).toEqual(json.items.map((i: any) => i.spec ?? i.webhooks));
    }
  });
});
