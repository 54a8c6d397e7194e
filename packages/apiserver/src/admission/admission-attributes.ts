/**
 * What admission is told about a request: kube-apiserver's admission.Attributes. The generic
 * store builds these; webhooks (and, later, policies) read them.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { UserInfo } from '../auth/user-info.ts';
import type { WriteObserver } from '../registry/request-options.ts';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { AdmissionOperation } from './admission-operation.ts';

export type { AdmissionOperation } from './admission-operation.ts';

/** The request as a rule sees it: operation, resource (with its subresource) and namespace. */
export interface AdmissionTarget {
  info: ResourceInfo;
  /** '' for the resource itself, else `status`, `scale`, ... */
  subresource: string;
  operation: AdmissionOperation;
  /** '' for a cluster-scoped resource. */
  namespace: string;
}

/** A subresource served as another kind (`/scale` as autoscaling/v1 Scale): what webhooks are sent instead of the object. */
export interface AdmissionView {
  kind: { group: string; version: string; kind: string };
  /** The stored object as this kind. */
  toView(obj: KubeObject): KubeObject;
  /** The object with an admitted view applied to it. */
  fromView(obj: KubeObject, view: KubeObject): KubeObject;
}

export interface AdmissionAttributes extends AdmissionTarget {
  /** The object's name; '' on a create that only has generateName (kube names it after admission). */
  name: string;
  /** The object being written; absent for DELETE. */
  object: KubeObject | undefined;
  /** The stored object; absent for CREATE. */
  oldObject: KubeObject | undefined;
  dryRun: boolean;
  user: UserInfo | undefined;
  /** CreateOptions, UpdateOptions or DeleteOptions (meta.k8s.io/v1), as kube sends them in `request.options`. */
  operationOptions: Record<string, unknown>;
  /** The objects' kind when it is not the resource's (a Scale); they are then never converted. */
  kind?: AdmissionView['kind'];
  /** Told each admission decision (the request journal). */
  observer: WriteObserver | undefined;
}
