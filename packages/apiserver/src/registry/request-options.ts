/** Options decoded from a write request's query string, shared by every verb. */
import type { KubeObject } from '@dojo/kube-api';
import type { UserInfo } from '../auth/user-info.ts';
import type { AdmissionRecord } from '@dojo/console-protocol';

/** Told what a write does (the request journal names the changed fields and the new version's writer from it). */
export interface WriteObserver {
  /** The stored version and the one about to replace it; not called when nothing changed. */
  changed(before: KubeObject, after: KubeObject): void;
  /**
   * The write has its resourceVersion and is visible to the next write, though not yet durable:
   * a concurrent writer can lose to it (409) before this write's own answer has left, so who
   * wrote it must be known from here on.
   */
  stored?(obj: KubeObject): void;
  /**
   * An admission webhook was called or a policy evaluated for this write: the journal carries
   * each record on the write's own (`RequestRecord.admission`). `objectName` is the name
   * admission saw ('' for a create with only generateName): a refused create has no other.
   */
  admitted?(record: AdmissionRecord, objectName: string): void;
}

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export interface WriteOptions {
  dryRun: boolean;
  fieldManager?: string | undefined;
  fieldValidation: FieldValidation;
  /** The client's User-Agent, for the default field manager name. */
  userAgent?: string;
  /** Who writes, for admission that depends on the requester (RBAC escalation); absent for the server's own writes. */
  user?: UserInfo;
  observer?: WriteObserver;
  /**
   * The write is a server-side apply's merged object, not a request body: kube's field manager
   * hands it to the store without decoding it again, so a custom resource keeps its nulls.
   */
  serverSideApply?: boolean;
}

export type PropagationPolicy = 'Orphan' | 'Background' | 'Foreground';

export interface DeleteOptions extends WriteOptions {
  preconditions?: { uid?: string; resourceVersion?: string };
  propagationPolicy?: PropagationPolicy;
  gracePeriodSeconds?: number;
}

export interface ListOptions {
  labelSelector?: string | undefined;
  fieldSelector?: string | undefined;
  limit?: number | undefined;
  continue?: string | undefined;
  resourceVersion?: string | undefined;
  resourceVersionMatch?: 'Exact' | 'NotOlderThan' | undefined;
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
