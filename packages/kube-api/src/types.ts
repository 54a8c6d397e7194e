/** Wire types shared by the API server, the controller runtime and the UI. */

export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

export interface ManagedFieldsEntry {
  manager?: string;
  operation?: 'Apply' | 'Update';
  apiVersion?: string;
  time?: string;
  fieldsType?: 'FieldsV1';
  fieldsV1?: Record<string, unknown>;
  subresource?: string | undefined;
}

export interface ObjectMeta {
  name?: string | undefined;
  generateName?: string | undefined;
  namespace?: string | undefined;
  uid?: string | undefined;
  resourceVersion?: string | undefined;
  generation?: number | undefined;
  creationTimestamp?: string | undefined;
  deletionTimestamp?: string | undefined;
  deletionGracePeriodSeconds?: number | undefined;
  labels?: Record<string, string> | undefined;
  annotations?: Record<string, string> | undefined;
  ownerReferences?: OwnerReference[] | undefined;
  finalizers?: string[] | undefined;
  managedFields?: ManagedFieldsEntry[] | undefined;
}

export interface ListMeta {
  resourceVersion?: string | undefined;
  continue?: string | undefined;
  remainingItemCount?: number | undefined;
}

/** Any Kubernetes object. `spec`/`status` stay loose: kinds refine them. */
export interface KubeObject {
  apiVersion?: string;
  kind?: string;
  metadata: ObjectMeta;
  spec?: unknown;
  status?: unknown;
  [field: string]: unknown;
}

export interface KubeList<T extends KubeObject = KubeObject> {
  apiVersion: string;
  kind: string;
  metadata: ListMeta;
  items: T[];
}

/** One column of a meta.k8s.io Table: what `kubectl get` prints under its header. */
export interface TableColumnDefinition {
  name: string;
  /** An OpenAPI type: string, integer, number, boolean, date. */
  type: string;
  format: string;
  description: string;
  /** 0 for the default output; higher only in `-o wide`. */
  priority: number;
}

/** `Accept: application/json;as=Table;v=v1;g=meta.k8s.io`: objects as rows of printed cells. */
export interface Table<T = unknown> {
  kind: 'Table';
  apiVersion: string;
  metadata: ListMeta;
  /** Empty when the request said `includeObject` rows only (watch events after the first). */
  columnDefinitions: TableColumnDefinition[];
  /** `object` is the object, its PartialObjectMetadata, or absent, as `includeObject` asked. */
  rows: { cells: unknown[]; object?: T }[];
}

export type WatchEventType = 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';

export interface WatchEvent<T extends KubeObject = KubeObject> {
  type: WatchEventType;
  object: T;
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

/** `apiVersion` as written in objects: "v1" for the core group, "group/version" otherwise. */
export function apiVersionOf(gv: { group: string; version: string }): string {
  return gv.group === '' ? gv.version : `${gv.group}/${gv.version}`;
}

export function parseApiVersion(apiVersion: string): { group: string; version: string } {
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? { group: '', version: apiVersion } : { group: apiVersion.slice(0, slash), version: apiVersion.slice(slash + 1) };
}
