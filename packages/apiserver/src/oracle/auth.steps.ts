/**
 * The review APIs clients and operators call to ask who they are and what they may do:
 * SelfSubjectReview, (Self|Local)SubjectAccessReview allowed and denied (RBAC's reason text),
 * SelfSubjectRulesReview, TokenReview of a token nobody issued, and review bodies that
 * validation rejects.
 */
import { custom, http, httpObservation, type Step } from './differential.ts';
import { kindsNs } from './kinds.steps.ts';

const authz = '/apis/authorization.k8s.io/v1';
const authn = '/apis/authentication.k8s.io/v1';
const rbac = `/apis/rbac.authorization.k8s.io/v1/namespaces/${kindsNs}`;
const readConfigMaps = { namespace: kindsNs, verb: 'get', resource: 'configmaps' };

/** JSON with the object's keys sorted, so that two servers' member orders do not matter. */
const sortedJson = (value: object) => JSON.stringify(value, Object.keys(value).sort());

const sar = (spec: Record<string, unknown>) => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', spec });
const ssar = (spec: Record<string, unknown>) => ({ apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectAccessReview', spec });

export const authSteps: Step[] = [
  http('auth: SelfSubjectReview', {
    method: 'POST',
    path: `${authn}/selfsubjectreviews`,
    body: { apiVersion: 'authentication.k8s.io/v1', kind: 'SelfSubjectReview' },
  }),
  http('auth: a Role that reads ConfigMaps', {
    method: 'POST',
    path: `${rbac}/roles`,
    body: {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'Role',
      metadata: { name: 'reader' },
      rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list'] }],
    },
  }),
  http('auth: bound to user jane', {
    method: 'POST',
    path: `${rbac}/rolebindings`,
    body: {
      apiVersion: 'rbac.authorization.k8s.io/v1',
      kind: 'RoleBinding',
      metadata: { name: 'reader' },
      subjects: [{ kind: 'User', apiGroup: 'rbac.authorization.k8s.io', name: 'jane' }],
      roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' },
    },
  }),
  http('auth: SubjectAccessReview, allowed by the RoleBinding', {
    method: 'POST',
    path: `${authz}/subjectaccessreviews`,
    body: sar({ user: 'jane', resourceAttributes: readConfigMaps }),
  }),
  http('auth: SubjectAccessReview, denied (another verb)', {
    method: 'POST',
    path: `${authz}/subjectaccessreviews`,
    body: sar({ user: 'jane', resourceAttributes: { ...readConfigMaps, verb: 'delete' } }),
  }),
  http('auth: SubjectAccessReview, denied (another namespace)', {
    method: 'POST',
    path: `${authz}/subjectaccessreviews`,
    body: sar({ user: 'jane', resourceAttributes: { ...readConfigMaps, namespace: 'default' } }),
  }),
  http('auth: SubjectAccessReview, allowed for system:masters', {
    method: 'POST',
    path: `${authz}/subjectaccessreviews`,
    body: sar({ user: 'root', groups: ['system:masters'], resourceAttributes: { verb: 'delete', resource: 'nodes' } }),
  }),
  http('auth: SubjectAccessReview of a non-resource URL, allowed by system:discovery', {
    method: 'POST',
    path: `${authz}/subjectaccessreviews`,
    body: sar({ user: 'jane', groups: ['system:authenticated'], nonResourceAttributes: { path: '/apis', verb: 'get' } }),
  }),
  http('auth: SubjectAccessReview of a non-resource URL, denied', {
    method: 'POST',
    path: `${authz}/subjectaccessreviews`,
    body: sar({ user: 'jane', nonResourceAttributes: { path: '/metrics', verb: 'get' } }),
  }),
  http('auth: LocalSubjectAccessReview, allowed', {
    method: 'POST',
    path: `${authz}/namespaces/${kindsNs}/localsubjectaccessreviews`,
    body: {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'LocalSubjectAccessReview',
      metadata: { namespace: kindsNs },
      spec: { user: 'jane', resourceAttributes: readConfigMaps },
    },
  }),
  http('auth: LocalSubjectAccessReview whose namespace differs from the URL: 400', {
    method: 'POST',
    path: `${authz}/namespaces/${kindsNs}/localsubjectaccessreviews`,
    body: {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'LocalSubjectAccessReview',
      metadata: { namespace: kindsNs },
      spec: { user: 'jane', resourceAttributes: { ...readConfigMaps, namespace: 'default' } },
    },
  }),
  http('auth: SelfSubjectAccessReview, allowed', {
    method: 'POST',
    path: `${authz}/selfsubjectaccessreviews`,
    body: ssar({ resourceAttributes: { verb: 'list', resource: 'pods' } }),
  }),
  http('auth: SelfSubjectAccessReview of a subresource', {
    method: 'POST',
    path: `${authz}/selfsubjectaccessreviews`,
    body: ssar({ resourceAttributes: { verb: 'update', group: 'apps', resource: 'deployments', subresource: 'scale', namespace: kindsNs } }),
  }),
  http('auth: SelfSubjectAccessReview, non-resource', {
    method: 'POST',
    path: `${authz}/selfsubjectaccessreviews`,
    body: ssar({ nonResourceAttributes: { path: '/healthz', verb: 'get' } }),
  }),
  custom('auth: SelfSubjectRulesReview', async (target) => {
    const result = await target.call('POST', `${authz}/selfsubjectrulesreviews`, {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SelfSubjectRulesReview',
      spec: { namespace: kindsNs },
    });
    // kube-apiserver gathers rules from its bindings in Go map order: the rules are a set, compared sorted.
    const status = result.body?.status ?? {};
    for (const key of ['resourceRules', 'nonResourceRules']) {
      if (Array.isArray(status[key])) status[key] = [...status[key]].sort((a, b) => sortedJson(a).localeCompare(sortedJson(b)));
    }
    return httpObservation(result, []);
  }),
  http('auth: SelfSubjectRulesReview without a namespace: 422', {
    method: 'POST',
    path: `${authz}/selfsubjectrulesreviews`,
    body: { apiVersion: 'authorization.k8s.io/v1', kind: 'SelfSubjectRulesReview', spec: {} },
  }),
  http('auth: TokenReview of a token nobody issued', {
    method: 'POST',
    path: `${authn}/tokenreviews`,
    body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: 'not-a-real-token' } },
  }),
  http('auth: TokenReview without a token: 422', {
    method: 'POST',
    path: `${authn}/tokenreviews`,
    body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: {} },
  }),
  http('auth: SubjectAccessReview with no attributes: 422', { method: 'POST', path: `${authz}/subjectaccessreviews`, body: sar({ user: 'jane' }) }),
  http('auth: SubjectAccessReview with both kinds of attributes: 422', {
    method: 'POST',
    path: `${authz}/subjectaccessreviews`,
    body: sar({ user: 'jane', resourceAttributes: readConfigMaps, nonResourceAttributes: { path: '/x', verb: 'get' } }),
  }),
  http('auth: SubjectAccessReview with no subject: 422', {
    method: 'POST',
    path: `${authz}/subjectaccessreviews`,
    body: sar({ resourceAttributes: readConfigMaps }),
  }),
  http('auth: SelfSubjectAccessReview with no attributes: 422', { method: 'POST', path: `${authz}/selfsubjectaccessreviews`, body: ssar({}) }),
  http('auth: a review body of the wrong kind: 400', {
    method: 'POST',
    path: `${authz}/subjectaccessreviews`,
    body: ssar({ resourceAttributes: readConfigMaps }),
  }),
  http('auth: GET on a review resource: 405', { method: 'GET', path: `${authz}/subjectaccessreviews` }),
];
