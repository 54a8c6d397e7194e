/**
 * OpenAPI v3 documents: one per group-version, listed at /openapi/v3 with a content hash, as
 * kube-apiserver serves them. They carry each kind's schema (for `kubectl explain`) and, per
 * resource, PATCH operations tagged with x-kubernetes-group-version-kind and the
 * fieldValidation/dryRun parameters (kubectl checks these to know the server validates fields).
 * PATCH operations declare no request bodies, so kubectl computes patches for built-in kinds
 * from its compiled-in types and uses merge patches for custom resources, as with a real
 * cluster whose OpenAPI it cannot use for strategic merge.
 */
import { createHash } from 'node:crypto';
import { newStatusError } from '@dojo/kube-api';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { ResourceRegistry } from '../registry/resource-registry.ts';
import type { RecordedDocument } from './openapi-builtin.ts';
import { openApiVersion } from './version.ts';

const objectMetaRef = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

const objectMetaSchema = {
  description: 'ObjectMeta is metadata that all persisted resources must have, which includes all objects users must create.',
  type: 'object',
  properties: {
    name: { description: 'Name must be unique within a namespace.', type: 'string' },
    generateName: {
      description: 'GenerateName is an optional prefix, used by the server, to generate a unique name ONLY IF the Name field has not been provided.',
      type: 'string',
    },
    namespace: { description: 'Namespace defines the space within which each name must be unique.', type: 'string' },
    labels: {
      description: 'Map of string keys and values that can be used to organize and categorize (scope and select) objects.',
      type: 'object',
      additionalProperties: { type: 'string', default: '' },
    },
    annotations: {
      description: 'Annotations is an unstructured key value map stored with a resource.',
      type: 'object',
      additionalProperties: { type: 'string', default: '' },
    },
    uid: { description: 'UID is the unique in time and space value for this object.', type: 'string' },
    resourceVersion: { description: 'An opaque value that represents the internal version of this object.', type: 'string' },
    generation: { description: 'A sequence number representing a specific generation of the desired state.', type: 'integer', format: 'int64' },
    creationTimestamp: {
      description: 'CreationTimestamp is a timestamp representing the server time when this object was created.',
      type: 'string',
      format: 'date-time',
    },
    deletionTimestamp: {
      description: 'DeletionTimestamp is RFC 3339 date and time at which this resource will be deleted.',
      type: 'string',
      format: 'date-time',
    },
    finalizers: {
      description: 'Must be empty before the object is deleted from the registry.',
      type: 'array',
      items: { type: 'string', default: '' },
      'x-kubernetes-list-type': 'set',
    },
    ownerReferences: { description: 'List of objects depended by this object.', type: 'array', items: { type: 'object' } },
  },
};

/** kube-openapi's definition name: reversed group + version + kind (com.jutsu.core.v1.Dojo). */
export function definitionName(info: Pick<ResourceInfo, 'group' | 'version' | 'kind'>): string {
  if (info.group === '') return `io.k8s.api.core.${info.version}.${info.kind}`;
  if (!info.group.includes('.')) return `io.k8s.api.${info.group}.${info.version}.${info.kind}`;
  if (info.group.endsWith('.k8s.io')) return `io.k8s.api.${info.group.replace(/\.k8s\.io$/, '').replace(/\./g, '')}.${info.version}.${info.kind}`;
  return `${info.group.split('.').reverse().join('.')}.${info.version}.${info.kind}`;
}

function kindSchema(info: ResourceInfo): Record<string, unknown> {
  const base = info.schema ? structuredClone(info.schema) : { type: 'object', 'x-kubernetes-preserve-unknown-fields': true };
  const properties = ((base as { properties?: Record<string, unknown> }).properties ??= {});
  properties.apiVersion = {
    description: 'APIVersion defines the versioned schema of this representation of an object.',
    type: 'string',
  };
  properties.kind = { description: 'Kind is a string value representing the REST resource this object represents.', type: 'string' };
  properties.metadata = { description: "Standard object's metadata.", allOf: [{ $ref: `#/components/schemas/${objectMetaRef}` }] };
  return { ...base, 'x-kubernetes-group-version-kind': [{ group: info.group, version: info.version, kind: info.kind }] };
}

const queryParam = (name: string, description: string) => ({ name, in: 'query', description, schema: { type: 'string', uniqueItems: true } });

const writeParams = [
  queryParam('dryRun', 'When present, indicates that modifications should not be persisted.'),
  queryParam('fieldManager', 'fieldManager is a name associated with the actor or entity that is making these changes.'),
  queryParam('fieldValidation', 'fieldValidation instructs the server on how to handle objects in the request containing unknown or duplicate fields.'),
];

function paths(info: ResourceInfo): Record<string, unknown> {
  const prefix = info.group ? `/apis/${info.group}/${info.version}` : `/api/${info.version}`;
  const scope = info.namespaced ? `${prefix}/namespaces/{namespace}/${info.resource}` : `${prefix}/${info.resource}`;
  const gvk = { group: info.group, version: info.version, kind: info.kind };
  const ref = { $ref: `#/components/schemas/${definitionName(info)}` };
  const ok = { '200': { description: 'OK', content: { 'application/json': { schema: ref } } } };
  const op = (action: string, extra: Record<string, unknown> = {}) => ({
    description: `${action} ${info.kind}`,
    operationId: `${action}${info.kind}`,
    responses: ok,
    'x-kubernetes-action': action,
    'x-kubernetes-group-version-kind': gvk,
    ...extra,
  });
  // The review kinds are only ever created: kube documents their POST alone.
  if (info.createOnly) return { [scope]: { post: op('post', { parameters: writeParams }) } };
  const out: Record<string, unknown> = {
    [scope]: { get: op('list'), post: op('post', { parameters: writeParams }) },
    [`${scope}/{name}`]: {
      get: op('get'),
      put: op('put', { parameters: writeParams }),
      patch: op('patch', { parameters: [...writeParams, queryParam('force', 'Force is going to "force" Apply requests.')] }),
      delete: op('delete', { parameters: [queryParam('dryRun', 'When present, indicates that modifications should not be persisted.')] }),
    },
  };
  if (info.subresources.status)
    out[`${scope}/{name}/status`] = { get: op('get'), put: op('put', { parameters: writeParams }), patch: op('patch', { parameters: writeParams }) };
  return out;
}

export function groupVersionDocument(registry: ResourceRegistry, group: string, version: string): Record<string, unknown> {
  const infos = registry.resourcesFor(group, version);
  if (infos.length === 0) throw newStatusError(404, 'NotFound', 'the server could not find the requested resource', {});
  const schemas: Record<string, unknown> = { [objectMetaRef]: objectMetaSchema };
  let allPaths: Record<string, unknown> = {};
  for (const info of infos) {
    schemas[definitionName(info)] = kindSchema(info);
    allPaths = { ...allPaths, ...paths(info) };
  }
  return {
    openapi: '3.0.0',
    info: { title: 'Kubernetes', version: openApiVersion },
    paths: allPaths,
    components: { schemas },
  };
}

const isGroupVersionPath = (key: string): boolean => /^(api\/[^/]+|apis\/[^/]+\/[^/]+)$/.test(key);

/** The index key of a group version's document: `api/v1`, `apis/apps/v1`. */
export const openApiPathOf = (group: string, version: string): string => (group ? `apis/${group}/${version}` : `api/${version}`);

/** kube-openapi's ETag, which the index puts in each document's URL: SHA-512, upper-case hex. */
export const openApiHash = (json: string | Buffer): string => createHash('sha512').update(json).digest('hex').toUpperCase();

/**
 * The index: kube's recorded documents outside the group versions (api, apis, each group,
 * version, the issuer's), then every served group version's, built-in (recorded) or
 * CRD-defined (generated, hashed here), sorted as kube sorts them.
 */
export function openApiV3Root(
  registry: ResourceRegistry,
  recorded: ReadonlyMap<string, RecordedDocument>,
  generated: (group: string, version: string) => string,
): Record<string, unknown> {
  const paths: Record<string, { serverRelativeURL: string }> = {};
  const list = (key: string, hash: string) => {
    paths[key] = { serverRelativeURL: `/openapi/v3/${key}?hash=${hash}` };
  };
  for (const g of registry.groups()) {
    for (const v of g.versions) {
      const key = openApiPathOf(g.group, v);
      list(key, recorded.get(key)?.hash ?? openApiHash(generated(g.group, v)));
    }
  }
  for (const [key, document] of recorded) {
    if (!isGroupVersionPath(key)) list(key, document.hash);
  }
  return { paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : 1))) };
}
