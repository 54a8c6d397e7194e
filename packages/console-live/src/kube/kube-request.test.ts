import { describe, expect, it } from 'vitest';
import { isSecretRequest, parseKubeRequest } from './kube-request.ts';

const verbOf = (method: string, url: string) => {
  const request = parseKubeRequest(method, url);
  return request.kind === 'resource' ? request.verb : request.kind;
};

describe('parseKubeRequest', () => {
  it('reads the verb from the parsed query and path, however the URL spells it', () => {
    for (const url of [
      '/api/v1/secrets?watch=1',
      '/api/v1/secrets?%77atch=1',
      '/api/v1/secrets?watch=%31',
      '/api/v1/secrets?watch=',
      '/api/v1/secrets?watch=True',
      '/api/v1/watch/secrets',
      '/api/v1/watch/namespaces/default/secrets/db',
      '/api/v1/%77atch/secrets',
    ]) {
      expect(verbOf('GET', url), url).toBe('watch');
    }
    expect(verbOf('GET', '/api/v1/secrets?watch=0')).toBe('list');
    expect(verbOf('GET', '/api/v1/secrets?watch=FALSE')).toBe('list');
    expect(verbOf('GET', '/api/v1/namespaces/default/secrets/db')).toBe('get');
    expect(verbOf('DELETE', '/api/v1/namespaces/default/secrets')).toBe('deletecollection');
    expect(verbOf('GET', '/apis/apps/v1')).toBe('document');
  });

  it('forwards a path rebuilt from its parts, so the upstream reads what the console read', () => {
    expect(parseKubeRequest('GET', '/api/v1/namespaces/default/%73ecrets/').path).toBe('/api/v1/namespaces/default/secrets');
    expect(parseKubeRequest('GET', '/api/v1/namespaces/default/configmaps?%6Cimit=5&labelSelector=a%3Db').path).toBe(
      '/api/v1/namespaces/default/configmaps?limit=5&labelSelector=a%3Db',
    );
  });

  it('refuses dot segments, encoded slashes and paths outside the Kubernetes API with 400', () => {
    for (const url of [
      '/api/../../healthz',
      '/api/%2e%2e/healthz',
      '/api/v1/namespaces/a%2Fb/secrets',
      '/healthz',
      '/livez',
      '/api//v1/secrets',
      '/api/v1/namespaces/%E0%A4%A/secrets',
      'api/v1/secrets',
      '/metrics',
    ]) {
      expect(() => parseKubeRequest('GET', url), url).toThrowError(expect.objectContaining({ code: 400 }));
    }
  });

  it('knows a request about Secrets by its resource, in every namespace and by name', () => {
    expect(isSecretRequest(parseKubeRequest('GET', '/api/v1/secrets'))).toBe(true);
    expect(isSecretRequest(parseKubeRequest('PATCH', '/api/v1/namespaces/x/secrets/db'))).toBe(true);
    expect(isSecretRequest(parseKubeRequest('GET', '/api/v1/namespaces/x/configmaps/secrets'))).toBe(false);
    expect(isSecretRequest(parseKubeRequest('GET', '/apis/example.com/v1/secrets'))).toBe(false);
  });
});
