/** Options decoded from a write request's query string, shared by every verb. */
import type { KubeObject } from '@dojo/kube-api';
import type { UserInfo } from '../auth/user-info.ts';

/** Told what an update changes (the request journal names the changed fields from it). */
export interface WriteObserver {
  /** The stored version and the one about to replace it; not called when nothing changed. */
  changed(before: KubeObject, after: KubeObject): void;
}

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export interface WriteOptions {
  dryRun: boolean;
  fieldManager?: string;
  fieldValidation: FieldValidation;
  /** The client's User-Agent, for the default field manager name. */
  userAgent?: string;
  /** Who writes, for admission that depends on the requester (RBAC escalation); absent for the server's own writes. */
  user?: UserInfo;
  observer?: WriteObserver;
}

export type PropagationPolicy = 'Orphan' | 'Background' | 'Foreground';

export interface DeleteOptions extends WriteOptions {
  preconditions?: { uid?: string; resourceVersion?: string };
  propagationPolicy?: PropagationPolicy;
  gracePeriodSeconds?: number;
}

export interface ListOptions {
  labelSelector?: string;
  fieldSelector?: string;
  limit?: number;
  continue?: string;
  resourceVersion?: string;
  resourceVersionMatch?: 'Exact' | 'NotOlderThan';
}

export interface WriteResult<T> {
  object: T;
  /** 201 for creates, 200 otherwise. */
  code: number;
  /** The stored JSON when it is also this version's wire form (saves re-serializing). */
  json?: string;
  warnings: string[];
  /** A delete that removed the object now (not one that only marked it, waiting on finalizers). */
  deleted?: boolean;
}
