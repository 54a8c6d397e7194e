/**
 * Discovery as clients read it: aggregated discovery (kubectl and client-go ask for
 * apidiscovery.k8s.io v2, older ones v2beta1), legacy discovery per group version, `/version`
 * and the OpenAPI v3 index. Build facts (gitVersion, commit, build date, Go version) are the
 * servers' own; the OpenAPI index's per-path hashes too.
 */
import { custom, http, httpObservation, type Step } from './differential.ts';
import type { CallResult } from '../testing/https-call.ts';
import { createNormalizer } from './normalize.ts';
import { droppedLine, openApiPathsWithoutUnserved, withoutUnserved } from './unserved-api.ts';

const aggregated = (version: 'v2' | 'v2beta1') => `application/json;g=apidiscovery.k8s.io;v=${version};as=APIGroupDiscoveryList,application/json`;

const groupVersions = [
  '/api/v1',
  '/apis/apps/v1',
  '/apis/batch/v1',
  '/apis/autoscaling/v1',
  '/apis/autoscaling/v2',
  '/apis/policy/v1',
  '/apis/networking.k8s.io/v1',
  '/apis/discovery.k8s.io/v1',
  '/apis/storage.k8s.io/v1',
  '/apis/scheduling.k8s.io/v1',
  '/apis/rbac.authorization.k8s.io/v1',
  '/apis/coordination.k8s.io/v1',
  '/apis/events.k8s.io/v1',
  '/apis/authentication.k8s.io/v1',
  '/apis/authorization.k8s.io/v1',
  '/apis/apiextensions.k8s.io/v1',
];

/** `/version` with the build's own facts replaced by their shape. */
const version = custom('discovery: /version (build facts normalized)', async (target) => {
  const result = await target.call('GET', '/version');
  const body = { ...result.body };
  for (const key of [
    'gitVersion',
    'gitCommit',
    'gitTreeState',
    'buildDate',
    'goVersion',
    'compiler',
    'platform',
    'emulationMajor',
    'emulationMinor',
    'minCompatibilityMajor',
    'minCompatibilityMinor',
  ]) {
    if (key in body) body[key] = `<${key}>`;
  }
  return `status ${result.status}\n${createNormalizer().json(body)}`;
});

/** The OpenAPI v3 index: which group versions have a document (the hashes in the URLs are not compared). */
const openApiIndex = custom('discovery: OpenAPI v3 index paths', async (target) => {
  const result = await target.call('GET', '/openapi/v3');
  const { body: paths, dropped } = openApiPathsWithoutUnserved(Object.keys(result.body?.paths ?? {}).sort());
  return `status ${result.status}\n${(paths as string[]).join('\n')}\n${droppedLine(dropped)}`;
});

/**
 * A discovery document, as `http` observes it, without the API only kube serves (unserved-api.ts),
 * then the list of what was dropped.
 */
const discoveryDocument = (name: string, path: string, headers?: Record<string, string>) =>
  custom(name, async (target) => {
    const result = await target.call('GET', path, undefined, headers);
    const { body, dropped } = withoutUnserved(result.body);
    return `GET ${path}\n${httpObservation({ ...result, body }, [])}\n${droppedLine(dropped)}`;
  });

/** A v2 aggregated document's groups and per version resources, without the response's ordering noise. */
const aggregatedShape = (name: string, path: string) =>
  custom(name, async (target) => {
    const result = await target.call('GET', path, undefined, { accept: aggregated('v2') });
    const { body, dropped } = withoutUnserved(result.body);
    const document: CallResult['body'] = body;
    const lines = [`status ${result.status}`, `content-type ${String(result.headers['content-type'])}`];
    for (const group of document?.items ?? []) {
      for (const version of group.versions ?? []) {
        for (const resource of version.resources ?? []) {
          const sub = (resource.subresources ?? []).map((s: { subresource: string }) => s.subresource).join(',');
          lines.push(
            `${group.metadata?.name ?? ''}/${version.version} ${resource.resource} ${resource.scope} ${resource.responseKind?.kind} [${(resource.verbs ?? []).join(',')}] short=[${(resource.shortNames ?? []).join(',')}] cat=[${(resource.categories ?? []).join(',')}] sub=[${sub}]`,
          );
        }
      }
    }
    return [...lines, droppedLine(dropped)].join('\n');
  });

export const discoverySteps: Step[] = [
  version,
  custom('discovery: /api (legacy)', async (target) => {
    // serverAddressByClientCIDRs names the server's own listening port.
    const result = await target.call('GET', '/api');
    return httpObservation(result, []).replace(/127\.0\.0\.1:\d+/g, '127.0.0.1:<port>');
  }),
  discoveryDocument('discovery: /apis (legacy APIGroupList)', '/apis'),
  discoveryDocument('discovery: /apis aggregated v2', '/apis', { accept: aggregated('v2') }),
  discoveryDocument('discovery: /api aggregated v2', '/api', { accept: aggregated('v2') }),
  discoveryDocument('discovery: /apis aggregated v2beta1', '/apis', { accept: aggregated('v2beta1') }),
  aggregatedShape('discovery: /apis aggregated v2, resources by group version', '/apis'),
  aggregatedShape('discovery: /api aggregated v2, resources', '/api'),
  discoveryDocument('discovery: aggregated with only the aggregated type acceptable', '/apis', {
    accept: 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList',
  }),
  discoveryDocument('discovery: aggregated v1 (not served): falls back to APIGroupList', '/apis', {
    accept: 'application/json;g=apidiscovery.k8s.io;v=v1;as=APIGroupDiscoveryList,application/json',
  }),
  http('discovery: /apis/apps (one group)', { method: 'GET', path: '/apis/apps' }),
  http('discovery: a missing group: 404', { method: 'GET', path: '/apis/no.such.group' }),
  http('discovery: a missing group version: 404', { method: 'GET', path: '/apis/apps/v9' }),
  ...groupVersions.map((gv) => discoveryDocument(`discovery: ${gv} (APIResourceList)`, gv)),
  openApiIndex,
  http('discovery: OpenAPI v3 of a missing group version: 404', { method: 'GET', path: '/openapi/v3/apis/no.such/v1' }),
  http('discovery: /healthz', { method: 'GET', path: '/healthz' }),
  http('discovery: /readyz', { method: 'GET', path: '/readyz' }),
  http('discovery: /livez', { method: 'GET', path: '/livez' }),
];
