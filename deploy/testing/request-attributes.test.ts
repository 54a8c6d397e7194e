import { describe, expect, it } from 'vitest';
import { requestAttributes } from './request-attributes.ts';

describe('requestAttributes', () => {
  it('reads a namespaced object of a named group', () => {
    expect(requestAttributes('GET', '/apis/apps/v1/namespaces/ns/deployments/web')).toEqual({
      kind: 'resource',
      verb: 'get',
      group: 'apps',
      resource: 'deployments',
      namespace: 'ns',
      name: 'web',
    });
  });

  it('tells list from watch, and a cluster-wide list from a namespaced one', () => {
    expect(requestAttributes('GET', '/api/v1/secrets?resourceVersion=0')).toEqual({ kind: 'resource', verb: 'list', group: '', resource: 'secrets' });
    expect(requestAttributes('GET', '/api/v1/namespaces/ns/pods?watch=true&resourceVersion=5')).toMatchObject({
      verb: 'watch',
      resource: 'pods',
      namespace: 'ns',
    });
    expect(requestAttributes('GET', '/api/v1/watch/namespaces/ns/pods')).toMatchObject({ verb: 'watch', resource: 'pods', namespace: 'ns' });
  });

  it('maps write methods to verbs, and DELETE without a name to deletecollection', () => {
    const path = '/apis/core.jutsu.com/v1/namespaces/ns/dojos';
    expect(requestAttributes('POST', `${path}?dryRun=All`)).toMatchObject({ verb: 'create', resource: 'dojos' });
    expect(requestAttributes('PUT', `${path}/a`)).toMatchObject({ verb: 'update', name: 'a' });
    expect(requestAttributes('PATCH', `${path}/a`)).toMatchObject({ verb: 'patch', name: 'a' });
    expect(requestAttributes('DELETE', `${path}/a`)).toMatchObject({ verb: 'delete', name: 'a' });
    expect(requestAttributes('DELETE', path)).toMatchObject({ verb: 'deletecollection' });
  });

  it("reads subresources, including a namespace's own", () => {
    expect(requestAttributes('PUT', '/apis/core.jutsu.com/v1/namespaces/ns/dojos/a/status')).toMatchObject({
      resource: 'dojos',
      name: 'a',
      subresource: 'status',
      namespace: 'ns',
    });
    expect(requestAttributes('PATCH', '/apis/core.jutsu.com/v1/namespaces/ns/dojos/a/scale')).toMatchObject({ verb: 'patch', subresource: 'scale' });
    expect(requestAttributes('GET', '/api/v1/namespaces/ns')).toEqual({
      kind: 'resource',
      verb: 'get',
      group: '',
      resource: 'namespaces',
      namespace: 'ns',
      name: 'ns',
    });
    expect(requestAttributes('PUT', '/api/v1/namespaces/ns/finalize')).toMatchObject({ resource: 'namespaces', name: 'ns', subresource: 'finalize' });
  });

  it('authorizes a list narrowed by metadata.name for that name', () => {
    expect(requestAttributes('GET', '/apis/coordination.k8s.io/v1/namespaces/ns/leases?fieldSelector=metadata.name%3Dleader')).toMatchObject({
      verb: 'list',
      name: 'leader',
    });
  });

  it('treats discovery, OpenAPI and version as non-resource requests', () => {
    for (const path of ['/api', '/api/v1', '/apis', '/apis/apps', '/apis/apps/v1', '/openapi/v3/apis/apps/v1', '/version', '/healthz']) {
      expect(requestAttributes('GET', path)).toMatchObject({ kind: 'nonResource', verb: 'get' });
    }
  });
});
