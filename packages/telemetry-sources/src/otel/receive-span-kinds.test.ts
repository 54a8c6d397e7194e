import { describe, expect, it } from 'vitest';
import { apiCallOf, kubeRsTrigger, parseObjectRef, reconcileOf } from './receive-span-kinds.ts';
import type { Attributes, ReceivedSpan } from './receive-spans.ts';

const spanOf = (name: string, attributes: Attributes, kind = 1): ReceivedSpan => ({
  traceId: 'ab'.repeat(16),
  spanId: 'cd'.repeat(8),
  name,
  kind,
  startMs: 1,
  endMs: 2,
  attributes,
  status: { code: 0 },
  resource: { 'service.name': 'my-operator' },
});

describe('parseObjectRef', () => {
  it("reads kube-runtime's ObjectRef Display for namespaced, core and cluster-scoped objects", () => {
    expect(parseObjectRef('Dojo.v1.core.jutsu.com/web.default')).toEqual({ group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' });
    expect(parseObjectRef('Pod.v1./my-pod.my-namespace')).toEqual({ group: '', kind: 'Pod', namespace: 'my-namespace', name: 'my-pod' });
    expect(parseObjectRef('Node.v1./node-1')).toEqual({ group: '', kind: 'Node', name: 'node-1' });
    expect(parseObjectRef('Deployment.v1.apps/web.v2.prod')).toEqual({ group: 'apps', kind: 'Deployment', namespace: 'prod', name: 'web.v2' });
  });

  it('refuses what is no ObjectRef', () => {
    expect(parseObjectRef('web')).toBeUndefined();
    expect(parseObjectRef('Dojo/web')).toBeUndefined();
  });
});

describe('kubeRsTrigger', () => {
  const web = { group: 'g', kind: 'Dojo', namespace: 'ns', name: 'web' };

  it('maps every ReconcileReason kube-runtime displays, keeping its words', () => {
    expect(kubeRsTrigger('reconciler requested retry', web)).toEqual({ reason: 'requeueAfter', otelReason: 'reconciler requested retry' });
    expect(kubeRsTrigger('bulk reconcile requested', web)).toEqual({ reason: 'resync', otelReason: 'bulk reconcile requested' });
    expect(kubeRsTrigger('unknown', web)).toEqual({ reason: 'unknown', otelReason: 'unknown' });
    expect(kubeRsTrigger('nightly audit', web)).toEqual({ reason: 'nightly audit', otelReason: 'nightly audit' });
  });
});

describe('reconcileOf', () => {
  it('reads a controller-runtime Reconcile span named with k8s.* semantic conventions', () => {
    expect(
      reconcileOf(
        spanOf('DojoReconciler.Reconcile', { 'k8s.namespace.name': 'team-a', 'controller.kind': 'Dojo', 'k8s.dojo.name': 'web', 'controller.name': 'dojo' }),
      ),
    ).toEqual({
      controller: 'dojo',
      object: { group: '', kind: 'Dojo', namespace: 'team-a', name: 'web' },
      trigger: { reason: 'unknown' },
    });
  });

  it("falls back to the sender's service.name for the controller, and ignores spans that name no object", () => {
    expect(reconcileOf(spanOf('reconcile', { name: 'web', namespace: 'ns', controllerKind: 'Dojo', reconcileID: 'r-1' }))).toMatchObject({
      controller: 'my-operator',
      reconcileId: 'r-1',
    });
    expect(reconcileOf(spanOf('Reconcile', { controller: 'dojo' }))).toBeUndefined();
    expect(reconcileOf(spanOf('reconciling object', { 'object.ref': 'nonsense' }))).toBeUndefined();
    expect(reconcileOf(spanOf('reconciler loop', { name: 'web' }))).toBeUndefined();
  });
});

describe('apiCallOf', () => {
  const call = (method: string, url: string) =>
    apiCallOf(spanOf(`HTTP ${method}`, { 'http.request.method': method, 'url.full': url, 'http.response.status_code': 200 }, 3));

  it('names the verb as the API server would', () => {
    expect(call('GET', 'https://k/apis/apps/v1/namespaces/a/deployments')).toMatchObject({ verb: 'list', resource: 'deployments', namespace: 'a' });
    expect(call('GET', 'https://k/api/v1/pods?watch=1')).toMatchObject({ verb: 'watch', resource: 'pods' });
    expect(call('DELETE', 'https://k/api/v1/namespaces/a/pods')).toMatchObject({ verb: 'deletecollection' });
    expect(call('DELETE', 'https://k/api/v1/namespaces/a/pods/p')).toMatchObject({ verb: 'delete', name: 'p' });
    expect(call('POST', 'https://k/api/v1/namespaces/a/pods/p/eviction')).toMatchObject({ verb: 'create', resource: 'pods/eviction', name: 'p' });
  });

  it('ignores server spans and requests that are not to the Kubernetes API', () => {
    expect(call('GET', 'https://discord.com/api/v10/guilds/1')).toBeUndefined();
    expect(apiCallOf(spanOf('GET', { 'http.request.method': 'GET', 'url.full': 'https://k/api/v1/pods' }, 2))).toBeUndefined();
  });
});
