/**
 * Per-kind write policy, as in the Kubernetes apiserver's registry strategies: stateless
 * objects (`deploymentStrategy`, `namespaceStrategy`, `customResourceStrategy(...)`) that the
 * generic store calls in a fixed order for every write: decode -> prepare -> validate (object
 * metadata, then the kind's own rules) -> admission -> write.
 *
 * A subresource is the same store with another strategy: `/status` and `/finalize` swap the
 * update strategy (see status-strategy.ts and namespace-strategy.ts), so the store itself never
 * knows which endpoint it serves.
 */
import type { FieldError, KubeObject } from '@dojo/kube-api';
import type { ResetFields } from './field-tracker.ts';

export interface DecodeResult {
  /** Unknown fields dropped from the object, as ".spec.foo" paths (for fieldValidation). */
  unknownFields: string[];
}

/** How the object being decoded came to the store. */
export interface DecodeContext {
  /** A server-side apply's merged object (WriteOptions.serverSideApply). */
  readonly serverSideApply: boolean;
}

interface Decoding {
  /** Schema defaulting and pruning (custom resources); built-ins keep everything. */
  decode?(obj: KubeObject, context: DecodeContext): DecodeResult;
}

/** RESTCreateStrategy: what a create may contain. */
export interface CreateStrategy extends Decoding {
  /**
   * The kind's decode-time defaulting (kube's SetDefaults_*), when kept apart from
   * prepareForCreate. kube's field manager records a create after defaulting and before
   * PrepareForCreate, so what only prepareForCreate adds (a Job's generated selector, a
   * Namespace's `kubernetes` finalizer) is nobody's; the store keeps that order for kinds that
   * split the two, and records after prepareForCreate for the others.
   */
  applyDefaults?(obj: KubeObject): void;
  /** Clears what a client may not set (status, generation 1 for kinds that track it). */
  prepareForCreate(obj: KubeObject): void;
  validate(obj: KubeObject): FieldError[];
  /** kube's WarningsOnCreate: Warning headers for a create that is allowed but suspicious. */
  warningsOnCreate?(obj: KubeObject): string[];
}

/** RESTUpdateStrategy: what an update may change; the status and finalize strategies are these. */
export interface UpdateStrategy extends Decoding {
  /** Takes what this endpoint may not change from `old` (status, or everything but status). */
  prepareForUpdate(obj: KubeObject, old: KubeObject): void;
  validateUpdate(obj: KubeObject, old: KubeObject): FieldError[];
  /** kube's WarningsOnUpdate: Warning headers for an update that is allowed but suspicious. */
  warningsOnUpdate?(obj: KubeObject, old: KubeObject): string[];
  /**
   * kube's GetResetFields: what this endpoint sets itself, so no writer owns it in managedFields.
   * Unset: status on a resource with a status endpoint, spec on `/status` (generic-store.ts).
   */
  resetFields?: ResetFields;
}

/** Kinds with extra deletion rules (namespaces: spec.finalizers, Terminating phase). */
export interface DeleteStrategy {
  /** Called when deletion begins (deletionTimestamp is being set). */
  beginDeletion?(obj: KubeObject): void;
  /**
   * Finalizers the registry itself adds when deletion begins, so the object waits for its
   * cleanup (CRDs: customresourcecleanup, added by apiextensions' REST.Delete, not on create).
   */
  deletionFinalizers?: readonly string[];
  /** True while something other than metadata.finalizers still holds the object. */
  blocksRemoval?(obj: KubeObject): boolean;
  /**
   * DefaultGarbageCollectionPolicy OrphanDependents (batch/v1 Jobs, kept for compatibility): a
   * DELETE naming no propagationPolicy orphans the dependents, and is answered with `warning`
   * (job storage's Delete and DeleteCollection).
   */
  orphansByDefault?: { warning: string };
}

/** The strategy of a resource itself: create, update and delete. */
export interface Strategy extends CreateStrategy, UpdateStrategy, DeleteStrategy {}

export const noErrors = (): FieldError[] => [];

/**
 * Kinds with no rules of their own (ServiceAccount, Lease); kinds whose
 * only rules are validation spread it and add theirs.
 */
export const noRulesStrategy = {
  prepareForCreate: () => {},
  prepareForUpdate: () => {},
  validate: noErrors,
  validateUpdate: noErrors,
} satisfies Strategy;
