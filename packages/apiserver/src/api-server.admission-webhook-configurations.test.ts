/**
 * admissionregistration.k8s.io/v1 webhook configurations as kube-apiserver 1.37 serves them:
 * the group in discovery, defaulting, validation with kube's messages (each expected text below
 * was read from the real kube-apiserver 1.37.2 for the same request), generation, strategic
 * merge patch, Table columns and protobuf. They are stored only; nothing calls the webhooks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeObject, encodeObject } from './http/protobuf/envelope.ts';
import { apiVersion, causesOf, cellsOf, columnsOf, group, merge, mwcs, protobuf, podRule, vwcs, webhook } from './testing/admission-requests.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

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

describe('tables and protobuf', () => {
  it("shows kube's Webhooks column", async () => {
    expect(await columnsOf(server, vwcs)).toEqual(['Name', 'Webhooks', 'Age']);
    expect(await columnsOf(server, mwcs)).toEqual(['Name', 'Webhooks', 'Age']);
    expect(await cellsOf(server, `${vwcs}/gen`)).toEqual([['gen', 1]]);
  });

  it('accepts and answers webhook configurations in protobuf', async () => {
    const body = encodeObject({
      apiVersion,
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'from-protobuf' },
      webhooks: [webhook('pb.example.com')],
    } as never);
    const created = await server.call('POST', vwcs, body, { 'content-type': protobuf, accept: protobuf });
    expect(created.status).toBe(201);
    expect(decodeObject(created.raw, { apiVersion: '', kind: '' })).toMatchObject({
      kind: 'ValidatingWebhookConfiguration',
      webhooks: [{ name: 'pb.example.com', clientConfig: { url: 'https://127.0.0.1:9443/validate' }, timeoutSeconds: 10 }],
    });
    for (const path of [vwcs, mwcs]) {
      const json = (await server.call('GET', path)).body;
      const decoded = decodeObject((await server.call('GET', path, undefined, { accept: protobuf })).raw, { apiVersion: '', kind: '' }) as any;
      expect(decoded.items.map((i: any) => i.webhooks)).toEqual(json.items.map((i: any) => i.webhooks));
    }
  });
});
