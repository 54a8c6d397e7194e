/**
 * What admission is told about a write: kube-apiserver's admission.Attributes, one value built
 * by the generic store per write (`store-admission.ts`) and read by policies and webhooks alike.
 * The fields are kube's (GetOperation, GetResource, GetSubresource, GetKind, GetName,
 * GetNamespace, GetObject, GetOldObject, IsDryRun, GetOperationOptions, GetUserInfo); `info` and
 * `observer` are this server's additions: how the resource is served, and who is told.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { UserInfo } from '../auth/user-info.ts';
import type { WriteObserver } from '../registry/request-options.ts';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { AdmissionOperation } from './admission-operation.ts';

export type { AdmissionOperation } from './admission-operation.ts';

export interface GroupVersionResource {
  group: string;
  version: string;
  resource: string;
}

export interface GroupVersionKind {
  group: string;
  version: string;
  kind: string;
}

export interface AdmissionAttributes {
  operation: AdmissionOperation;
  /** The requested group/version/resource (apps/v1 deployments, also for `/scale`). */
  resource: GroupVersionResource;
  /** '' for the resource itself, else `status`, `scale`, ... */
  subresource: string;
  /** The objects' kind: the resource's, or a subresource's own (autoscaling/v1 Scale for `/scale`). */
  kind: GroupVersionKind;
  /** The object's name; '' on a create that only has generateName (kube names it after admission). */
  name: string;
  /** '' for a cluster-scoped resource; a namespace's own name for requests about a namespace. */
  namespace: string;
  /** The object being written; undefined on DELETE. */
  object?: KubeObject | undefined;
  /** The stored object; undefined on CREATE. */
  oldObject?: KubeObject | undefined;
  dryRun: boolean;
  /** CreateOptions, UpdateOptions or DeleteOptions (meta.k8s.io/v1), as kube sends them in `request.options`. */
  options?: Record<string, unknown> | undefined;
  /** The requesting user; the server's own writes are its loopback user's (system:apiserver). */
  userInfo: UserInfo;
  /** How `resource` is served here: conversion to other versions, patch metadata. */
  info: ResourceInfo;
  /** Told each admission decision (the request journal). */
  observer?: WriteObserver | undefined;
}

/** What is known of a request before its objects are: enough for the rules (`AsyncAdmission.handles`). */
export type AdmissionTarget = Pick<AdmissionAttributes, 'info' | 'resource' | 'subresource' | 'operation' | 'namespace'>;

/** A subresource served as another kind (`/scale` as autoscaling/v1 Scale): what admission is shown instead of the object. */
export interface AdmissionView {
  kind: GroupVersionKind;
  /** The stored object as this kind. */
  toView(obj: KubeObject): KubeObject;
  /** The object with an admitted view applied to it. */
  fromView(obj: KubeObject, view: KubeObject): KubeObject;
}

export function resourceOf(info: Pick<ResourceInfo, 'group' | 'version' | 'resource'>): GroupVersionResource {
  return { group: info.group, version: info.version, resource: info.resource };
}

export function kindOf(info: Pick<ResourceInfo, 'group' | 'version' | 'kind'>): GroupVersionKind {
  return { group: info.group, version: info.version, kind: info.kind };
}

/** The objects are a view of another kind (a Scale): they are never converted between versions. */
export function isViewed(attributes: Pick<AdmissionAttributes, 'kind' | 'info'>): boolean {
  const { kind, info } = attributes;
  return kind.kind !== info.kind || kind.group !== info.group || kind.version !== info.version;
}
