/**
 * What the server knows about one served resource (one group/version/resource): names for
 * discovery, scope, the strategies that govern writes to it and to its subresources, and how it
 * renders as a table. Built-in kinds and CRD-defined kinds produce the same structure, so one
 * generic store serves them all.
 */
import type { GroupResource, KubeObject, TableColumn } from '@dojo/kube-api';
import type { NameValidation } from './object-meta.ts';
import type { DecodeResult, Strategy, UpdateStrategy } from './strategy.ts';

export interface ScaleSubresource {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

export interface Subresources {
  /** `/status`: only status may change. */
  status?: UpdateStrategy;
  /** `/finalize` (namespaces): only spec.finalizers may change. */
  finalize?: UpdateStrategy;
  /** `/scale`: an autoscaling/v1 Scale read from and written to these paths. */
  scale?: ScaleSubresource;
  /** `/token` (serviceaccounts): a TokenRequest, created and never stored (http/create-only.ts). */
  token?: boolean;
  /** `/log` (pods): the containers' output as text/plain (logs/pod-log-handler.ts). */
  log?: boolean;
}

export interface ResourceInfo {
  group: string;
  version: string;
  resource: string;
  kind: string;
  listKind: string;
  singular: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  verbs: string[];
  /** Storage bucket shared by every version (and alias group) of the resource. */
  bucket: string;
  /** Served for a CustomResourceDefinition (discovery names CRD kinds with their group version). */
  customResource?: true;
  /** The write rules of the resource itself. */
  strategy: Strategy;
  /** The subresources served: each is the same store with another strategy, or (scale) a view of it. */
  subresources: Subresources;
  /** Sent as a Warning on every request to this version (a CRD version marked deprecated). */
  deprecationWarning?: string;
  /** Object names are DNS-1123 subdomains, or labels for namespaces and services. */
  nameValidation?: NameValidation;
  columns: TableColumn[];
  /** OpenAPI v3 schema of the object, for /openapi and `kubectl explain`. */
  schema?: Record<string, unknown>;
  /**
   * Built-in kinds: decoding into the kind's Go type (builtin/typed-decode.ts). Throws a 400
   * for a value of the wrong type, drops unknown fields and names them for fieldValidation.
   */
  typedDecode?(obj: KubeObject): DecodeResult;
  /** Strategic merge patch works only for built-in kinds. */
  strategicMergePatch: boolean;
  /** Converts a stored object to this version's wire form (apiVersion, renamed fields). */
  fromStorage(obj: KubeObject): KubeObject;
  /** Converts this version's wire form to the stored form. */
  toStorage(obj: KubeObject): KubeObject;
  /** False when this version's wire form differs from storage beyond apiVersion (fast paths off). */
  wireEqualsStorage?: boolean;
  /** Extra fields usable in fieldSelector beyond metadata.name/namespace. */
  selectableFields?(obj: KubeObject): Record<string, string>;
  /** True for the version written to storage (CRDs: spec.versions[].storage). */
  storageVersion: string;
  /**
   * The group version kube-apiserver encodes the kind in, when neither the served one nor
   * `storageVersion` of the same group (events.k8s.io Events are core v1 Events; CRDs are
   * still stored as apiextensions.k8s.io/v1beta1): discovery's storageVersionHash names it.
   */
  kubeStorage?: { group: string; version: string };
  /**
   * A DELETE that removes the object answers with the object itself (kube's
   * ReturnDeletedObject: pods, services, service accounts, namespaces); otherwise a Success Status.
   */
  returnsDeletedObject?: boolean;
  /**
   * The group and kind a 422 names when kube validates another group's internal type:
   * events.k8s.io Events are core Events inside, so their errors say `Event "x" is invalid`.
   */
  invalidAs?: { group: string; kind: string };
  /** Never stored, only created (the review kinds): served by a CreateOnlyEndpoint, 404 without one. */
  createOnly?: boolean;
}

export function groupResourceOf(info: Pick<ResourceInfo, 'group' | 'resource'>): GroupResource {
  return { group: info.group, resource: info.resource };
}

/** What a 422 Invalid names: the internal type's group and kind (see ResourceInfo.invalidAs). */
export function invalidGroupKindOf(info: Pick<ResourceInfo, 'group' | 'kind' | 'invalidAs'>): { group: string; kind: string } {
  return info.invalidAs ?? { group: info.group, kind: info.kind };
}

/** True when an object's stored JSON is already its wire form in this version: the stored bytes can be sent as they are. */
export function servesStoredJson(info: Pick<ResourceInfo, 'version' | 'storageVersion' | 'wireEqualsStorage'>): boolean {
  return info.version === info.storageVersion && info.wireEqualsStorage !== false;
}

export function apiVersionOfInfo(info: Pick<ResourceInfo, 'group' | 'version'>): string {
  return info.group ? `${info.group}/${info.version}` : info.version;
}

/** Version conversion for kinds whose versions differ only in apiVersion (CRD strategy None). */
export function sameShapeConversion(info: Pick<ResourceInfo, 'group' | 'version' | 'storageVersion'>): Pick<ResourceInfo, 'fromStorage' | 'toStorage'> {
  const served = info.group ? `${info.group}/${info.version}` : info.version;
  const stored = info.group ? `${info.group}/${info.storageVersion}` : info.storageVersion;
  return {
    fromStorage: (obj) => (obj.apiVersion === served ? obj : { ...obj, apiVersion: served }),
    toStorage: (obj) => (obj.apiVersion === stored ? obj : { ...obj, apiVersion: stored }),
  };
}
