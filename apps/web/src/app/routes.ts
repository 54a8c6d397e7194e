/**
 * The console's URL scheme, parsed and built in one place. Resource URLs carry the API group
 * ("core" for the core group), version and plural resource; a cluster-scoped object uses "_"
 * as its namespace segment ("_" is never a valid namespace name).
 */
import type { GroupVersionResource } from '@dojo/kube-api';
import { groupFromUrl, urlGroup } from '../lib/kube-paths.ts';

export type DetailTab = 'overview' | 'yaml' | 'versions' | 'events' | 'reconciles';
export const detailTabs: readonly DetailTab[] = ['overview', 'yaml', 'versions', 'events', 'reconciles'];

export type Route =
  | { name: 'overview' }
  | { name: 'resources' }
  | { name: 'resource-list'; gvr: GroupVersionResource }
  | { name: 'resource-create'; gvr: GroupVersionResource }
  | { name: 'resource-detail'; gvr: GroupVersionResource; namespace?: string; objectName: string; tab: DetailTab }
  | { name: 'resource-edit'; gvr: GroupVersionResource; namespace?: string; objectName: string }
  | { name: 'workqueue'; controller?: string }
  | { name: 'timeline' }
  | { name: 'conflicts' }
  | { name: 'debug'; controller?: string }
  | { name: 'discord' }
  | { name: 'not-found' };

const clusterScoped = '_';

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function parseRoute(pathname: string, search: URLSearchParams = new URLSearchParams()): Route {
  const parts = pathname.split('/').filter(Boolean).map(decode);
  const [first, ...rest] = parts;
  switch (first) {
    case undefined:
      return { name: 'overview' };
    case 'resources': {
      if (rest.length === 0) return { name: 'resources' };
      const [group, version, resource, fourth, fifth, sixth] = rest;
      if (!group || !version || !resource) return { name: 'not-found' };
      const gvr = { group: groupFromUrl(group), version, resource };
      if (fourth === undefined) return { name: 'resource-list', gvr };
      if (fourth === 'new' && fifth === undefined) return { name: 'resource-create', gvr };
      if (fifth === undefined || rest.length > 6) return { name: 'not-found' };
      const namespace = fourth === clusterScoped ? undefined : fourth;
      const at = namespace === undefined ? {} : { namespace };
      if (sixth === 'edit') return { name: 'resource-edit', gvr, ...at, objectName: fifth };
      if (sixth !== undefined) return { name: 'not-found' };
      const tab = search.get('tab');
      return { name: 'resource-detail', gvr, ...at, objectName: fifth, tab: detailTabs.find((t) => t === tab) ?? 'overview' };
    }
    case 'workqueue':
      if (rest.length > 1) return { name: 'not-found' };
      return rest[0] ? { name: 'workqueue', controller: rest[0] } : { name: 'workqueue' };
    case 'debug':
      if (rest.length > 1) return { name: 'not-found' };
      return rest[0] ? { name: 'debug', controller: rest[0] } : { name: 'debug' };
    case 'timeline':
    case 'conflicts':
    case 'discord':
      return rest.length === 0 ? { name: first } : { name: 'not-found' };
    default:
      return { name: 'not-found' };
  }
}

const enc = encodeURIComponent;

export const paths = {
  overview: () => '/',
  resources: () => '/resources',
  resourceList: (gvr: GroupVersionResource) => `/resources/${enc(urlGroup(gvr.group))}/${enc(gvr.version)}/${enc(gvr.resource)}`,
  resourceCreate: (gvr: GroupVersionResource) => `${paths.resourceList(gvr)}/new`,
  resourceDetail: (gvr: GroupVersionResource, namespace: string | undefined, name: string, tab?: DetailTab) =>
    `${paths.resourceList(gvr)}/${enc(namespace || clusterScoped)}/${enc(name)}${tab && tab !== 'overview' ? `?tab=${tab}` : ''}`,
  resourceEdit: (gvr: GroupVersionResource, namespace: string | undefined, name: string) =>
    `${paths.resourceList(gvr)}/${enc(namespace || clusterScoped)}/${enc(name)}/edit`,
  workqueue: (controller?: string) => (controller ? `/workqueue/${enc(controller)}` : '/workqueue'),
  timeline: (filter: { controller?: string; object?: string } = {}) => {
    const search = new URLSearchParams();
    if (filter.controller) search.set('controller', filter.controller);
    if (filter.object) search.set('object', filter.object);
    const text = search.toString();
    return text ? `/timeline?${text}` : '/timeline';
  },
  conflicts: () => '/conflicts',
  debug: (controller?: string) => (controller ? `/debug/${enc(controller)}` : '/debug'),
  discord: () => '/discord',
};
