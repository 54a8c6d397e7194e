/**
 * What one client's journal records asked the authorizer for, as kube's authorization
 * attributes name it (k8s.io/apiserver's RequestInfoFactory): a request's verb (`list`, `watch`,
 * `deletecollection`...), API group, `resource/subresource`, namespace and name, or a
 * non-resource URL with the lower-case HTTP method. A watch is its `watch-open` record; a 403
 * carries the attributes it was refused with (its `forbidden`), so what the client was denied is
 * part of what it needs. A streaming list also implies a `list` (see `impliedByStreamingList`).
 */
import type { RequestJournalRecord, RequestRecord, WatchOpenRecord } from '@dojo/console-protocol';

export interface ResourceUse {
  readonly seq: number;
  readonly verb: string;
  readonly apiGroup: string;
  /** `resource` or `resource/subresource`, as RBAC rules name it. */
  readonly resource: string;
  /** '' for a cluster-scoped resource or a request across every namespace. */
  readonly namespace: string;
  /** '' when the request named no object (a create, a list, a watch of many). */
  readonly name: string;
  /**
   * The `list` a streaming list (client-go's WatchList) implies: kube authorizes it as a watch
   * alone, but client-go falls back to a LIST wherever WatchList is off.
   */
  readonly impliedByStreamingList?: boolean;
}

export interface UrlUse {
  readonly seq: number;
  readonly verb: string;
  readonly url: string;
}

export type PermissionUse = ResourceUse | UrlUse;

export const isUrlUse = (use: PermissionUse): use is UrlUse => 'url' in use;

/** The journal's verb names the HTTP method for non-resource requests; RBAC wants the method itself. */
const methodOfVerb: Record<string, string> = { get: 'get', create: 'post', update: 'put', patch: 'patch', delete: 'delete' };

function resourceOf(resource: string, subresource: string | undefined): string {
  return subresource ? `${resource}/${subresource}` : resource;
}

function requestUse(record: RequestRecord): PermissionUse | undefined {
  if (record.forbidden) {
    const { verb, rule, namespace } = record.forbidden;
    const url = rule.nonResourceURLs?.[0];
    if (url !== undefined) return { seq: record.seq, verb, url };
    return {
      seq: record.seq,
      verb,
      apiGroup: rule.apiGroups?.[0] ?? '',
      resource: rule.resources?.[0] ?? '',
      namespace: namespace ?? '',
      name: record.name ?? '',
    };
  }
  if (record.resource === undefined)
    return record.path === undefined ? undefined : { seq: record.seq, verb: methodOfVerb[record.verb] ?? record.verb, url: record.path };
  // The journal names a created object, but a create is authorized before it has a name (only a
  // subresource's create, like serviceaccounts/token, is for a named object).
  const named = record.verb === 'create' && !record.subresource ? '' : (record.name ?? '');
  // kube's RequestInfo: a request for a namespace object is in that namespace.
  const namespace = record.resource === 'namespaces' && (record.group ?? '') === '' && record.name ? record.name : (record.namespace ?? '');
  return {
    seq: record.seq,
    verb: record.verb,
    apiGroup: record.group ?? '',
    resource: resourceOf(record.resource, record.subresource),
    namespace,
    name: named,
  };
}

function watchUses(record: WatchOpenRecord): ResourceUse[] {
  const watch = {
    seq: record.seq,
    verb: 'watch',
    apiGroup: record.group,
    resource: record.resource,
    namespace: record.namespace ?? '',
    name: record.name ?? '',
  };
  return record.streamingList ? [watch, { ...watch, verb: 'list', impliedByStreamingList: true }] : [watch];
}

/** The uses of the records made by `client` (its requests and watches; watch events carry none). */
export function permissionUsesOf(records: Iterable<RequestJournalRecord>, client: string): PermissionUse[] {
  const uses: PermissionUse[] = [];
  for (const record of records) {
    if (record.type === 'request' && record.user === client) {
      const use = requestUse(record);
      if (use) uses.push(use);
    } else if (record.type === 'watch-open' && record.user === client) uses.push(...watchUses(record));
  }
  return uses;
}
