/**
 * Where the request path meets the fault rules: after authentication, the in-flight bound and
 * authorization (a faulted request was allowed; a 403 fault is the only refusal it could not
 * otherwise get), before anything is read or written, so a faulted write never happens.
 * The decision is noted for the journal: a request's record, or a watch's open and close
 * records, say which rule fired.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { RequestNote } from '../journal/request-note.ts';
import type { ResourceAttributes } from '../rbac/request-attributes.ts';
import type { ResourceRegistry } from '../registry/resource-registry.ts';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import { faultStatusError } from './request-faults-answers.ts';
import type { RequestFaults } from './request-faults.ts';
import type { FaultRequest } from './request-faults-rule.ts';

export interface RequestFaultDeps {
  faults: RequestFaults;
  registry: ResourceRegistry;
  revisioned: RevisionedStore;
  /** Waits out an added latency (a test may make it instant). */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** kube's watch resume: a resourceVersion to continue after, not a fresh start nor a streaming list. */
function resumesWatch(verb: string, query: URLSearchParams): boolean {
  if (verb !== 'watch') return false;
  const rv = query.get('resourceVersion');
  return rv !== null && rv !== '' && rv !== '0' && query.get('sendInitialEvents') !== 'true';
}

/**
 * Applies the fault the client's rules choose (by the name the journal gives it, `note.client.user`) for this request, if any: waits out its
 * latency, then throws its Status, or leaves a watch fault on `note.fault` for the watch to act
 * on. The caller has already found that the client has rules (`RequestFaults.rulesOf`), so a
 * client without any never reaches here.
 */
export async function injectRequestFault(deps: RequestFaultDeps, attributes: ResourceAttributes, query: URLSearchParams, note: RequestNote): Promise<void> {
  const client = note.client.user;
  const info = deps.registry.lookup(attributes.apiGroup, attributes.apiVersion, attributes.resource);
  const request: FaultRequest = {
    verb: attributes.verb,
    group: attributes.apiGroup,
    resource: attributes.resource,
    subresource: attributes.subresource,
    namespace: attributes.namespace,
    name: attributes.name,
    resumesWatch: resumesWatch(attributes.verb, query),
    labels: () => {
      if (!info || !attributes.name) return undefined;
      const stored = deps.revisioned.get(info.bucket, info.namespaced ? `${attributes.namespace}/${attributes.name}` : attributes.name);
      return stored && ((JSON.parse(stored.json) as KubeObject).metadata.labels ?? {});
    },
  };
  const decision = deps.faults.decide(client, request);
  if (!decision) return;
  note.fault = decision.fault;
  // The record's verb as the resource handler would have set it (a watch keeps "get": its fault says "watch").
  if (attributes.verb === 'list' || attributes.verb === 'deletecollection') note.verb = attributes.verb;
  if (info)
    note.addresses(info, info.namespaced ? attributes.namespace || undefined : undefined, attributes.name || undefined, attributes.subresource || undefined);
  const { latencyMs, status } = decision.fault;
  // Served after the wait even if the client gave up meanwhile, as a request already accepted is.
  if (latencyMs !== undefined) await (deps.sleep ?? realSleep)(latencyMs);
  if (status !== undefined) throw faultStatusError(status, attributes, decision.fault.rule, decision.retryAfterSeconds);
}
