import type { KubeObject } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { matchCriteria } from './match-criteria.ts';

const configMap = (labels: Record<string, string>): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'cm', namespace: 'team', labels },
});
const request = (more: Partial<AdmissionAttributes> = {}) => ({
  operation: 'CREATE' as const,
  resource: { group: '', version: 'v1', resource: 'configmaps' },
  subresource: '',
  namespace: 'team',
  object: configMap({ app: 'web' }),
  oldObject: undefined,
  ...more,
});
const labels = { team: { environment: 'test' } } as Record<string, Record<string, string>>;
const namespaceLabels = (name: string) => labels[name];
const rulesMatch = () => 'matched';
const rulesMiss = () => undefined;

describe('matching a request to a webhook or policy', () => {
  it("selects by the namespace's labels, then by the new or the old object's labels", () => {
    expect(matchCriteria({ namespaceSelector: { matchLabels: { environment: 'test' } } }, request(), namespaceLabels, rulesMatch)).toEqual({
      matches: true,
      matched: 'matched',
    });
    expect(matchCriteria({ namespaceSelector: { matchLabels: { environment: 'prod' } } }, request(), namespaceLabels, rulesMatch)).toEqual({ matches: false });
    const relabel = request({ operation: 'UPDATE', object: configMap({ app: 'new' }), oldObject: configMap({ app: 'web' }) });
    expect(matchCriteria({ objectSelector: { matchLabels: { app: 'web' } } }, relabel, namespaceLabels, rulesMatch).matches).toBe(true);
    expect(matchCriteria({ objectSelector: { matchLabels: { app: 'db' } } }, relabel, namespaceLabels, rulesMatch).matches).toBe(false);
  });

  it("judges a namespace's own create by the labels it is given, and never excludes other cluster-scoped requests by namespace", () => {
    const namespace = { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'fresh', labels: { environment: 'test' } } };
    const createNamespace = request({ resource: { group: '', version: 'v1', resource: 'namespaces' }, namespace: 'fresh', object: namespace });
    const selector = { namespaceSelector: { matchLabels: { environment: 'test' } } };
    expect(matchCriteria(selector, createNamespace, namespaceLabels, rulesMatch).matches).toBe(true);
    const clusterScoped = request({ resource: { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterroles' }, namespace: '' });
    expect(matchCriteria({ namespaceSelector: { matchLabels: { environment: 'prod' } } }, clusterScoped, namespaceLabels, rulesMatch).matches).toBe(true);
  });

  it('reports a namespace that does not exist as NotFound, only when the rules match', () => {
    const elsewhere = request({ namespace: 'gone' });
    const selector = { namespaceSelector: { matchLabels: { environment: 'test' } } };
    expect(matchCriteria(selector, elsewhere, namespaceLabels, rulesMiss)).toEqual({ matches: false });
    const failed = matchCriteria(selector, elsewhere, namespaceLabels, rulesMatch);
    expect(failed).toMatchObject({ matches: false, error: { code: 404, message: 'namespaces "gone" not found' } });
  });

  it('does not ask the rules when a selector excludes the request', () => {
    let asked = false;
    matchCriteria({ objectSelector: { matchLabels: { app: 'db' } } }, request(), namespaceLabels, () => (asked = true));
    expect(asked).toBe(false);
  });
});
