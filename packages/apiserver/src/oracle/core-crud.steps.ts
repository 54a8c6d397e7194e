/** ConfigMap and Secret CRUD over raw HTTP, with the Status errors a client sees on the way. */
import { http, type Step } from './differential.ts';

export const ns = 'oracle-diff';
const cms = `/api/v1/namespaces/${ns}/configmaps`;
const secrets = `/api/v1/namespaces/${ns}/secrets`;

const configMap = (name: string, data: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, labels: { app: 'oracle' }, ...extra },
  data,
});

export const coreCrudSteps: Step[] = [
  http('create the namespace', { method: 'POST', path: '/api/v1/namespaces', body: { apiVersion: 'v1', kind: 'Namespace', metadata: { name: ns } } }),
  http('create a ConfigMap', { method: 'POST', path: cms, body: configMap('cm-a', { k: 'v' }) }),
  http('get the ConfigMap', { method: 'GET', path: `${cms}/cm-a` }),
  http('create it again: 409 AlreadyExists', { method: 'POST', path: cms, body: configMap('cm-a', { k: 'v' }) }),
  http('get a missing ConfigMap: 404 NotFound', { method: 'GET', path: `${cms}/missing` }),
  http('get in a missing namespace: 404', { method: 'GET', path: '/api/v1/namespaces/no-such-ns/configmaps/x' }),
  http('update with a stale resourceVersion: 409 Conflict', {
    method: 'PUT',
    path: `${cms}/cm-a`,
    body: configMap('cm-a', { k: 'v2' }, { resourceVersion: '1' }),
  }),
  http('update without a resourceVersion (unconditional)', { method: 'PUT', path: `${cms}/cm-a`, body: configMap('cm-a', { k: 'v2' }) }),
  http('update with a body name that differs from the URL: 400', { method: 'PUT', path: `${cms}/cm-a`, body: configMap('cm-other', { k: 'v' }) }),
  http('merge-patch a key', {
    method: 'PATCH',
    path: `${cms}/cm-a`,
    body: { data: { added: 'yes' } },
    headers: { 'content-type': 'application/merge-patch+json' },
  }),
  http('json-patch a key', {
    method: 'PATCH',
    path: `${cms}/cm-a`,
    body: [{ op: 'replace', path: '/data/k', value: 'v3' }],
    headers: { 'content-type': 'application/json-patch+json' },
  }),
  http('json-patch with a failing test op: 422', {
    method: 'PATCH',
    path: `${cms}/cm-a`,
    body: [{ op: 'test', path: '/data/k', value: 'nope' }],
    headers: { 'content-type': 'application/json-patch+json' },
  }),
  http('patch with a malformed body: 400', {
    method: 'PATCH',
    path: `${cms}/cm-a`,
    body: '{"data": ',
    headers: { 'content-type': 'application/merge-patch+json' },
  }),
  http('patch with an unsupported content type: 415', {
    method: 'PATCH',
    path: `${cms}/cm-a`,
    body: { data: {} },
    headers: { 'content-type': 'text/plain' },
  }),
  http('create with an invalid name and data key: 422 with causes', {
    method: 'POST',
    path: cms,
    body: configMap('Bad_Name', { 'bad key!': 'v' }),
  }),
  http('create with generateName', {
    method: 'POST',
    path: cms,
    body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'gen-', labels: { app: 'generated' } } },
    generatedPrefixes: ['gen-'],
  }),
  http('create with neither name nor generateName: 422', { method: 'POST', path: cms, body: { apiVersion: 'v1', kind: 'ConfigMap', metadata: {} } }),
  http('list by label selector', { method: 'GET', path: `${cms}?labelSelector=app%3Doracle` }),
  http('list with limit 1 (a continue token)', { method: 'GET', path: `${cms}?limit=1` }),
  http('list with a bad label selector: 400', { method: 'GET', path: `${cms}?labelSelector=app%3D%3D%3Dx` }),
  http('create a Secret with stringData', {
    method: 'POST',
    path: secrets,
    body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'secret-a' }, type: 'Opaque', stringData: { password: 's3cret' }, data: { user: 'YWRtaW4=' } },
  }),
  http('create a Secret with non-base64 data: 400', {
    method: 'POST',
    path: secrets,
    body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'secret-b' }, data: { user: 'not base64!' } },
  }),
  http('create an immutable Secret', {
    method: 'POST',
    path: secrets,
    body: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'secret-immutable' }, immutable: true, data: { a: 'YQ==' } },
  }),
  http('… then change its data: 422 Forbidden field', {
    method: 'PATCH',
    path: `${secrets}/secret-immutable`,
    body: { data: { a: 'Yg==' } },
    headers: { 'content-type': 'application/merge-patch+json' },
  }),
  http('delete the ConfigMap', { method: 'DELETE', path: `${cms}/cm-a` }),
  http('delete it again: 404', { method: 'DELETE', path: `${cms}/cm-a` }),
  http('delete with a mismatched uid precondition: 409', {
    method: 'DELETE',
    path: `${secrets}/secret-a`,
    body: { kind: 'DeleteOptions', apiVersion: 'v1', preconditions: { uid: '00000000-0000-0000-0000-000000000000' } },
  }),
];
