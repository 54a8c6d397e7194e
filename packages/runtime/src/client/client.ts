/**
 * What reconcilers program against (controller-runtime's `client.Reader` / `client.Writer`):
 * reads that may come from a cache, writes that always go to the API server. Every method
 * takes the `ResourceType` to address; objects stay plain JSON.
 */
import type { KubeList, KubeObject, LabelSelector, ObjectKey, Status } from '@dojo/kube-api';
import type { ResourceType } from './resource-type.ts';

export interface GetOptions {
  signal?: AbortSignal | undefined;
}

export interface ListOptions {
  /** Omit to list across all namespaces. */
  namespace?: string | undefined;
  labelSelector?: string | LabelSelector | undefined;
  fieldSelector?: string | undefined;
  limit?: number | undefined;
  continue?: string | undefined;
  /** "" or absent: the most recent state; "0": any state the server has cached. */
  resourceVersion?: string | undefined;
  resourceVersionMatch?: 'Exact' | 'NotOlderThan' | undefined;
  signal?: AbortSignal | undefined;
}

export interface WriteOptions {
  /** Defaults to the client's field manager. */
  fieldManager?: string | undefined;
  dryRun?: boolean | undefined;
  fieldValidation?: 'Strict' | 'Warn' | 'Ignore' | undefined;
  signal?: AbortSignal | undefined;
}

export type JsonPatchOperation =
  { op: 'add' | 'replace' | 'test'; path: string; value: unknown } | { op: 'remove'; path: string } | { op: 'move' | 'copy'; from: string; path: string };

/** The four patch types Kubernetes accepts; `apply` is server-side apply. */
export type Patch =
  | { type: 'merge'; body: Record<string, unknown> }
  | { type: 'strategic'; body: Record<string, unknown> }
  | { type: 'json'; operations: JsonPatchOperation[] }
  | { type: 'apply'; body: KubeObject };

export interface PatchOptions extends WriteOptions {
  /** Server-side apply only: take ownership of fields other managers own. */
  force?: boolean | undefined;
  subresource?: 'status' | undefined;
}

export interface DeleteOptions {
  /** The delete fails with 409 Conflict unless the object still has this uid / version. */
  preconditions?: { uid?: string | undefined; resourceVersion?: string | undefined } | undefined;
  propagationPolicy?: 'Foreground' | 'Background' | 'Orphan' | undefined;
  gracePeriodSeconds?: number | undefined;
  dryRun?: boolean | undefined;
  signal?: AbortSignal | undefined;
}

export interface WatchOptions {
  namespace?: string | undefined;
  /** Start after this version; absent or "0" starts with synthetic ADDED events for all. */
  resourceVersion?: string | undefined;
  allowWatchBookmarks?: boolean | undefined;
  timeoutSeconds?: number | undefined;
  labelSelector?: string | LabelSelector | undefined;
  fieldSelector?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface ObjectReader {
  /** Throws a NotFound StatusError when the object does not exist. */
  get<T extends KubeObject = KubeObject>(type: ResourceType, key: ObjectKey, options?: GetOptions): Promise<T>;
  list<T extends KubeObject = KubeObject>(type: ResourceType, options?: ListOptions): Promise<KubeList<T>>;
}

export interface ObjectWriter {
  // Writes resolve with what the server stored, typed as what was sent plus full metadata
  // (`T & KubeObject`), so that `(await create(type, {metadata: {name}})).metadata.uid` types.

  /** Creates in `object.metadata.namespace`, or the client's default namespace. */
  create<T extends KubeObject>(type: ResourceType, object: T, options?: WriteOptions): Promise<T & KubeObject>;
  /** Replaces the object; its resourceVersion makes it fail with 409 Conflict when stale. */
  update<T extends KubeObject>(type: ResourceType, object: T, options?: WriteOptions): Promise<T & KubeObject>;
  /** Replaces the status through the /status subresource (spec changes are ignored there). */
  updateStatus<T extends KubeObject>(type: ResourceType, object: T, options?: WriteOptions): Promise<T & KubeObject>;
  patch<T extends KubeObject = KubeObject>(type: ResourceType, key: ObjectKey, patch: Patch, options?: PatchOptions): Promise<T>;
  /** Resolves with the object (when finalizers keep it) or the server's Status. */
  delete(type: ResourceType, key: ObjectKey, options?: DeleteOptions): Promise<KubeObject | Status>;
}

/** A reader and a writer: the client a reconciler receives. */
export interface Client extends ObjectReader, ObjectWriter {}
