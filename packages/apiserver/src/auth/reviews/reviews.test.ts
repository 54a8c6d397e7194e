/**
 * authentication.k8s.io/v1 and authorization.k8s.io/v1 over real HTTPS: each review kind is
 * answered from the server's authenticator and authorizer, validated with kube's messages,
 * served create-only (discovery's one verb, 405 for anything else) and spoken in protobuf.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeObject, encodeObject } from '../../http/protobuf/envelope.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const authn = '/apis/authentication.k8s.io/v1';
const authz = '/apis/authorization.k8s.io/v1';
const pb = 'application/vnd.kubernetes.protobuf';

describe('TokenReview', () => {
  it('says who the admin token is, with the API audience', async () => {
    const res = await server.call('POST', `${authn}/tokenreviews`, {
      apiVersion: 'authentication.k8s.io/v1',
      kind: 'TokenReview',
      spec: { token: server.credentials.token },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toEqual({
      authenticated: true,
      user: { username: 'admin', uid: 'admin', groups: ['system:masters', 'system:authenticated'] },
      audiences: ['https://kubernetes.default.svc.cluster.local'],
    });
  });

  it('answers an unknown token as not authenticated, with the bearer-token authenticator’s error, not as a failed request', async () => {
    const res = await server.call('POST', `${authn}/tokenreviews`, { spec: { token: 'not-a-token' } });
    expect(res.status).toBe(201);
    expect(res.body.status).toEqual({ user: {}, error: 'invalid bearer token' });
  });

  it('does not authenticate the admin token for another audience', async () => {
    const res = await server.call('POST', `${authn}/tokenreviews`, { spec: { token: server.credentials.token, audiences: ['vault'] } });
    expect(res.body.status).toEqual({ user: {}, error: 'invalid bearer token' });
  });

  it('needs a token, in kube words', async () => {
    const res = await server.call('POST', `${authn}/tokenreviews`, { spec: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('token is required for TokenReview in authentication');
  });

  it('is create-only: a GET is 405 and discovery lists only create, without a storage hash', async () => {
    const get = await server.call('GET', `${authn}/tokenreviews`);
    expect(get.status).toBe(405);
    expect(get.body).toMatchObject({ reason: 'MethodNotAllowed', message: 'the server does not allow this method on the requested resource' });
    const discovery = (await server.call('GET', authn)).body;
    expect(discovery.resources).toEqual([
      { name: 'selfsubjectreviews', singularName: 'selfsubjectreview', namespaced: false, kind: 'SelfSubjectReview', verbs: ['create'] },
      { name: 'tokenreviews', singularName: 'tokenreview', namespaced: false, kind: 'TokenReview', verbs: ['create'] },
    ]);
  });
});

describe('SelfSubjectReview', () => {
  it('tells the requester who they are', async () => {
    const res = await server.call('POST', `${authn}/selfsubjectreviews`, { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' });
    expect(res.status).toBe(201);
    expect(res.body.status).toEqual({ userInfo: { username: 'admin', uid: 'admin', groups: ['system:masters', 'system:authenticated'] } });
  });
});

describe('SubjectAccessReview', () => {
  it('answers for the user and groups in the spec, with RBAC reason text', async () => {
    const res = await server.call('POST', `${authz}/subjectaccessreviews`, {
      spec: { user: 'carol', groups: ['system:authenticated'], nonResourceAttributes: { path: '/apis/apps', verb: 'get' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.status).toEqual({
      allowed: true,
      reason: 'RBAC: allowed by ClusterRoleBinding "system:discovery" of ClusterRole "system:discovery" to Group "system:authenticated"',
    });
  });

  it("answers with the poster's managedFields entry, as kube's create handler records every create", async () => {
    const res = await server.call('POST', `${authz}/subjectaccessreviews?fieldManager=reviewer`, {
      spec: { user: 'carol', resourceAttributes: { verb: 'get', resource: 'pods' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.metadata.managedFields).toEqual([
      {
        manager: 'reviewer',
        operation: 'Update',
        apiVersion: 'authorization.k8s.io/v1',
        time: expect.any(String),
        fieldsType: 'FieldsV1',
        fieldsV1: { 'f:spec': { 'f:resourceAttributes': { '.': {}, 'f:resource': {}, 'f:verb': {} }, 'f:user': {} } },
      },
    ]);
  });

  it('names the authorizer of a reason left without a decision, as the union authorizer does', async () => {
    await server.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', {
      metadata: { name: 'ghost-binding' },
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'ghost' },
      subjects: [{ kind: 'User', name: 'dave' }],
    });
    const res = await server.call('POST', `${authz}/subjectaccessreviews`, {
      spec: { user: 'dave', resourceAttributes: { verb: 'get', resource: 'pods', namespace: 'default' } },
    });
    expect(res.body.status).toEqual({ allowed: false, reason: 'rbac: RBAC: role.rbac.authorization.k8s.io "ghost" not found' });
  });

  it('says not allowed, with no reason, when nothing grants it', async () => {
    const res = await server.call('POST', `${authz}/subjectaccessreviews`, {
      spec: { user: 'carol', resourceAttributes: { verb: 'delete', resource: 'pods', namespace: 'default' } },
    });
    expect(res.body.status).toEqual({ allowed: false });
  });

  it('needs exactly one of resourceAttributes and nonResourceAttributes, and a user or group', async () => {
    const res = await server.call('POST', `${authz}/subjectaccessreviews`, { spec: {} });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      '.authorization.k8s.io "" is invalid: [spec: Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified, spec.user: Invalid value: "": at least one of user or group must be specified]',
    );
  });

  it('shows both attributes of a review that names both as the internal Go struct, with Go field names', async () => {
    const res = await server.call('POST', `${authz}/subjectaccessreviews`, {
      spec: { user: 'carol', resourceAttributes: { verb: 'get', resource: 'pods' }, nonResourceAttributes: { verb: 'get', path: '/x' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      '.authorization.k8s.io "" is invalid: spec: Invalid value: {"Path":"/x","Verb":"get"}: exactly one of nonResourceAttributes or resourceAttributes must be specified',
    );
    expect(res.body.details).toEqual({ group: 'authorization.k8s.io', causes: [expect.objectContaining({ field: 'spec' })] });
  });

  it('refuses a body of another review kind as kube fails to convert it (400)', async () => {
    const res = await server.call('POST', `${authz}/subjectaccessreviews`, {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectAccessReview',
      spec: { resourceAttributes: { verb: 'get', resource: 'pods' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'SelfSubjectAccessReview in version "v1" cannot be handled as a SubjectAccessReview: converting (v1.SelfSubjectAccessReview) to (authorization.SubjectAccessReview): unknown conversion',
    );
  });

  it('wants empty metadata', async () => {
    const res = await server.call('POST', `${authz}/subjectaccessreviews`, {
      metadata: { name: 'x' },
      spec: { user: 'carol', nonResourceAttributes: { path: '/', verb: 'get' } },
    });
    expect(res.status).toBe(422);
    expect(res.body.details.causes).toEqual([expect.objectContaining({ field: 'metadata', message: expect.stringContaining('must be empty') })]);
  });

  it('speaks protobuf both ways', async () => {
    const body = encodeObject({
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SubjectAccessReview',
      metadata: {},
      spec: { user: 'carol', groups: ['system:authenticated'], nonResourceAttributes: { path: '/version', verb: 'get' } },
    } as never);
    const res = await server.call('POST', `${authz}/subjectaccessreviews`, body, { 'content-type': pb, accept: pb });
    expect(res.status).toBe(201);
    expect(res.headers['content-type']).toBe(pb);
    expect(decodeObject(res.raw, { apiVersion: '', kind: '' }).status).toMatchObject({ allowed: true });
  });
});

describe('LocalSubjectAccessReview', () => {
  const lsar = `${authz}/namespaces/default/localsubjectaccessreviews`;

  it('answers in the URL namespace, filling metadata.namespace from it', async () => {
    const res = await server.call('POST', lsar, {
      spec: { user: 'admin', groups: ['system:masters'], resourceAttributes: { namespace: 'default', verb: 'list', resource: 'pods' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.metadata.namespace).toBe('default');
    expect(res.body.status).toEqual({ allowed: true });
  });

  it('refuses resourceAttributes of another namespace and non-resource attributes', async () => {
    const other = await server.call('POST', lsar, { spec: { user: 'u', resourceAttributes: { namespace: 'kube-system', verb: 'list', resource: 'pods' } } });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(
      '.authorization.k8s.io "" is invalid: spec.resourceAttributes.namespace: Invalid value: "kube-system": must match metadata.namespace',
    );
    const nonResource = await server.call('POST', lsar, { spec: { user: 'u', nonResourceAttributes: { path: '/', verb: 'get' } } });
    expect(nonResource.status).toBe(422);
    expect(nonResource.body.details.causes.map((c: { field: string }) => c.field)).toEqual(['spec.nonResourceAttributes']);
  });
});

describe('SelfSubjectAccessReview and SelfSubjectRulesReview', () => {
  it('refuses a selector given both raw and as requirements, or neither', async () => {
    const res = await server.call('POST', `${authz}/selfsubjectaccessreviews`, {
      spec: {
        resourceAttributes: {
          verb: 'list',
          resource: 'pods',
          fieldSelector: { rawSelector: 'a=b', requirements: [{ key: 'a', operator: 'In', values: ['b'] }] },
          labelSelector: {},
        },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      '.authorization.k8s.io "" is invalid: [spec.resourceAttributes.fieldSelector.rawSelector: Invalid value: "a=b": may not specified at the same time as requirements, spec.resourceAttributes.labelSelector.requirements: Required value: when spec.resourceAttributes.labelSelector is specified, requirements or rawSelector is required]',
    );
  });

  it('decodes as the Go type: an unknown field is refused under fieldValidation=Strict and warned about by default', async () => {
    const body = { spec: { resourceAttributes: { verb: 'get', resource: 'pods', colour: 'blue' } } };
    const strict = await server.call('POST', `${authz}/selfsubjectaccessreviews?fieldValidation=Strict`, body);
    expect(strict.status).toBe(400);
    expect(strict.body.message).toBe(
      'SelfSubjectAccessReview in version "v1" cannot be handled as a SelfSubjectAccessReview: strict decoding error: unknown field "spec.resourceAttributes.colour"',
    );
    const warned = await server.call('POST', `${authz}/selfsubjectaccessreviews`, body);
    expect(warned.status).toBe(201);
    expect(warned.headers.warning).toBe('299 - "unknown field \\"spec.resourceAttributes.colour\\""');
  });

  it('asks for the requester', async () => {
    const res = await server.call('POST', `${authz}/selfsubjectaccessreviews`, {
      spec: { resourceAttributes: { verb: 'create', resource: 'deployments', group: 'apps', namespace: 'x' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.status.allowed).toBe(true);
  });

  it('lists the requester rules in a namespace, as a new object', async () => {
    const res = await server.call('POST', `${authz}/selfsubjectrulesreviews`, { spec: { namespace: 'default' } });
    expect(res.status).toBe(201);
    expect(res.body.status.incomplete).toBe(false);
    expect(res.body.status.resourceRules).toContainEqual({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] });
    expect(res.body.status.nonResourceRules).toContainEqual({ verbs: ['*'], nonResourceURLs: ['*'] });
  });

  it('needs a namespace', async () => {
    const res = await server.call('POST', `${authz}/selfsubjectrulesreviews`, { spec: {} });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('no namespace on request');
  });
});
