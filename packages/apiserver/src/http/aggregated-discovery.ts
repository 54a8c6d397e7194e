/**
 * Aggregated discovery (apidiscovery.k8s.io/v2 APIGroupDiscoveryList): every group, version and
 * resource in one document, `/api` for the core group and `/apis` for the others, as
 * kube-apiserver 1.37 serves them to a client whose Accept header asks for it (client-go,
 * kubectl). The legacy documents (discovery.ts) answer everyone else.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { ResourceRegistry } from '../registry/resource-registry.ts';
import { compareGroups, compareVersions } from './api-group-priorities.ts';
import { servedSubresources } from './discovery.ts';
import type { Media } from './negotiation.ts';
import { protobufMediaType } from './protobuf/envelope.ts';
import { writeJson, writeObject } from './responses.ts';

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface APISubresourceDiscovery {
  subresource: string;
  responseKind: GroupVersionKind;
  verbs: string[];
}

export interface APIResourceDiscovery {
  resource: string;
  responseKind: GroupVersionKind;
  scope: 'Cluster' | 'Namespaced';
  singularResource: string;
  verbs: string[];
  shortNames?: string[];
  categories?: string[];
  subresources?: APISubresourceDiscovery[];
}

export interface APIVersionDiscovery {
  version: string;
  resources: APIResourceDiscovery[];
  freshness: 'Current' | 'Stale';
}

export interface APIGroupDiscovery {
  metadata: { name?: string };
  versions: APIVersionDiscovery[];
}

export interface APIGroupDiscoveryList {
  kind: 'APIGroupDiscoveryList';
  apiVersion: 'apidiscovery.k8s.io/v2';
  metadata: Record<string, never>;
  items: APIGroupDiscovery[];
}

/** `/api` (the core group) or `/apis` (every named group). */
export type DiscoveryRoot = 'api' | 'apis';

/** The media type parameters that name the document, in the order kube writes them. */
const documentParams = ';g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

/**
 * Built-in kinds name only their kind: their APIResource carries no group and version
 * (installer.go's ConvertGroupVersionIntoToDiscovery copies the empty ones). CRDs name their own
 * group version (apiextensions-apiserver's discovery controller).
 */
function resourceDiscovery(info: ResourceInfo): APIResourceDiscovery {
  const own = (kind: string): GroupVersionKind => (info.customResource ? { group: info.group, version: info.version, kind } : { group: '', version: '', kind });
  const subresources = servedSubresources(info).map((sub): APISubresourceDiscovery => ({
    subresource: sub.name,
    responseKind: sub.group !== undefined && sub.version !== undefined ? { group: sub.group, version: sub.version, kind: sub.kind } : own(sub.kind),
    verbs: sub.verbs,
  }));
  // A built-in group version lists its resource paths sorted; the CRD controller lists status, then scale.
  if (!info.customResource) subresources.sort((a, b) => (a.subresource < b.subresource ? -1 : 1));
  const entry: APIResourceDiscovery = {
    resource: info.resource,
    responseKind: own(info.kind),
    scope: info.namespaced ? 'Namespaced' : 'Cluster',
    singularResource: info.singular,
    verbs: info.verbs,
  };
  if (info.shortNames.length) entry.shortNames = info.shortNames;
  if (info.categories.length) entry.categories = info.categories;
  if (subresources.length) entry.subresources = subresources;
  return entry;
}

export function aggregatedDiscovery(registry: ResourceRegistry, root: DiscoveryRoot): APIGroupDiscoveryList {
  const byGroup = new Map<string, Map<string, ResourceInfo[]>>();
  for (const info of registry.all()) {
    if ((info.group === '') !== (root === 'api')) continue;
    let versions = byGroup.get(info.group);
    if (!versions) byGroup.set(info.group, (versions = new Map()));
    versions.set(info.version, [...(versions.get(info.version) ?? []), info]);
  }
  const items = [...byGroup.keys()].sort(compareGroups).map((group): APIGroupDiscovery => {
    const versions = byGroup.get(group)!;
    return {
      // The core group's name is empty, and an empty name is omitted.
      metadata: group ? { name: group } : {},
      versions: [...versions.keys()]
        .sort((a, b) => compareVersions(group, a, b))
        .map((version) => ({
          version,
          resources: versions
            .get(version)!
            .sort((a, b) => (a.resource < b.resource ? -1 : a.resource > b.resource ? 1 : 0))
            .map(resourceDiscovery),
          freshness: 'Current',
        })),
    };
  });
  return { kind: 'APIGroupDiscoveryList', apiVersion: 'apidiscovery.k8s.io/v2', metadata: {}, items };
}

interface CachedDocument {
  registryVersion: number;
  document: APIGroupDiscoveryList;
  /** Quoted, as the header carries it: the upper-case hex SHA-512 of the JSON document (aggregated/etag.go). */
  etag: string;
}

/** Both documents, rebuilt only when the served resources change (a CRD established or deleted). */
export class AggregatedDiscoveryDocuments {
  private readonly cached = new Map<DiscoveryRoot, CachedDocument>();

  constructor(private readonly registry: ResourceRegistry) {}

  current(root: DiscoveryRoot): CachedDocument {
    const hit = this.cached.get(root);
    if (hit && hit.registryVersion === this.registry.version) return hit;
    const document = aggregatedDiscovery(this.registry, root);
    const etag = `"${createHash('sha512').update(JSON.stringify(document)).digest('hex').toUpperCase()}"`;
    const fresh = { registryVersion: this.registry.version, document, etag };
    this.cached.set(root, fresh);
    return fresh;
  }
}

/**
 * The document in the negotiated media, with kube's caching headers (aggregated/etag.go): an
 * ETag, `Vary: Accept` and `Cache-Control: public`; an If-None-Match naming the current ETag is
 * answered 304 without a body.
 */
export function serveAggregatedDiscovery(
  req: IncomingMessage,
  res: ServerResponse,
  documents: AggregatedDiscoveryDocuments,
  root: DiscoveryRoot,
  media: Media,
): void {
  const { document, etag } = documents.current(root);
  res.setHeader('ETag', etag);
  res.setHeader('Vary', 'Accept');
  res.setHeader('Cache-Control', 'public');
  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  if (media === 'protobuf') writeObject(res, 200, document, 'protobuf', `${protobufMediaType}${documentParams}`);
  else writeJson(res, 200, document, `application/json${documentParams}`);
}
