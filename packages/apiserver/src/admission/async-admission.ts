/**
 * The asynchronous admission step of the generic store: admission that makes network calls
 * (webhooks) and so cannot run inside the store's synchronous read-check-write section.
 *
 * The store asks `handles` first, synchronously; only when it says yes does a write take the
 * awaiting path (registry/generic-store.ts), so a server with no webhook configured writes
 * exactly as before, without one await more. On the awaiting path the store follows
 * kube-apiserver's order: for CREATE, mutating admission runs before the strategy prepares the
 * object (kube's create handler admits before rest.BeforeCreate) and validating admission after
 * validation; for UPDATE both run inside the update's try (kube's GuaranteedUpdate tryUpdate),
 * and a write that finds the stored object changed when the calls come back starts again from
 * the new state, as etcd's compare-and-swap retry does; for DELETE both run with the stored
 * object as oldObject.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { AdmissionAttributes, AdmissionTarget } from './admission-attributes.ts';

export interface MutatingOutcome {
  /** The object after every mutation (the same object when nothing changed); absent for DELETE. */
  object: KubeObject | undefined;
  /** True when some webhook patched the object (the store defaults it again, as kube does). */
  changed: boolean;
  /** Warnings the webhooks returned, for the client's Warning headers. */
  warnings: string[];
}

export interface AsyncAdmission {
  /** Could anything configured be called for this request? Cheap and synchronous. */
  handles(target: AdmissionTarget): boolean;
  /** Mutating admission; throws kube's StatusError (carrying warnings) when the write is refused. */
  admit(attributes: AdmissionAttributes): Promise<MutatingOutcome>;
  /** Validating admission, all at once; resolves with warnings, throws as `admit` does. */
  validate(attributes: AdmissionAttributes): Promise<{ warnings: string[] }>;
}
