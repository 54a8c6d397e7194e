/**
 * Per-kind write policy, as in the Kubernetes apiserver's registry strategies: stateless
 * objects the generic store calls in a fixed order (prepare -> validate -> metadata checks ->
 * canonicalize). The status subresource is the same store with `statusStrategy(strategy)`.
 */
import type { FieldError, KubeObject } from '@dojo/kube-api';

export interface DecodeResult {
  /** Unknown fields dropped from the object, as ".spec.foo" paths (for fieldValidation). */
  unknownFields: string[];
}

export interface Strategy extends DeletionHooks {
  /** Does `metadata.generation` track spec changes for this kind? */
  readonly tracksGeneration: boolean;
  /** May a PUT without metadata.resourceVersion overwrite the object? */
  readonly allowUnconditionalUpdate: boolean;
  /** Does the main resource ignore status (a status subresource exists)? */
  readonly statusSubresource: boolean;
  /** Schema defaulting and pruning (custom resources); built-ins keep everything. */
  decode?(obj: KubeObject): DecodeResult;
  prepareForCreate(obj: KubeObject): void;
  prepareForUpdate(obj: KubeObject, old: KubeObject): void;
  validate(obj: KubeObject): FieldError[];
  validateUpdate(obj: KubeObject, old: KubeObject): FieldError[];
  /** Validation of a /status write (custom resources name fields relative to status). */
  validateStatusUpdate?(obj: KubeObject, old: KubeObject): FieldError[];
  /**
   * Warnings for the Warning header of every create and update, the strategies'
   * WarningsOnCreate/WarningsOnUpdate (e.g. a deprecated CRD version).
   */
  warnings?(obj: KubeObject): string[];
}

/** The fields other than metadata and status: what "spec changed" means for generation. */
export function specOf(obj: KubeObject): Record<string, unknown> {
  const { metadata: _m, status: _s, apiVersion: _a, kind: _k, ...rest } = obj;
  return rest;
}

/**
 * The strategy for `/status`: only status may change; spec and metadata (except
 * managedFields, which track the status write) come from the stored object.
 */
export function statusStrategy(base: Strategy): Strategy {
  return {
    tracksGeneration: base.tracksGeneration,
    allowUnconditionalUpdate: base.allowUnconditionalUpdate,
    statusSubresource: true,
    decode: base.decode?.bind(base),
    blocksRemoval: base.blocksRemoval?.bind(base),
    // A /status write to a deprecated version is still a request to that version.
    ...(base.warnings ? { warnings: base.warnings.bind(base) } : {}),
    prepareForCreate: () => {},
    prepareForUpdate(obj, old) {
      const status = obj.status;
      const managedFields = obj.metadata.managedFields;
      for (const key of Object.keys(obj)) delete obj[key];
      Object.assign(obj, structuredClone(old));
      obj.metadata.managedFields = managedFields;
      if (status === undefined) delete obj.status;
      else obj.status = status;
    },
    validate: (obj) => base.validate(obj),
    validateUpdate: (obj, old) => (base.validateStatusUpdate ?? base.validateUpdate).call(base, obj, old),
  };
}

/** Kinds with extra deletion rules (namespaces: spec.finalizers, Terminating phase). */
export interface DeletionHooks {
  /** Called when deletion begins (deletionTimestamp is being set). */
  beginDeletion?(obj: KubeObject): void;
  /** True while something other than metadata.finalizers still holds the object. */
  blocksRemoval?(obj: KubeObject): boolean;
}

/** The strategy for a namespace's `/finalize`: only spec.finalizers may change. */
export function finalizeStrategy(base: Strategy): Strategy {
  return {
    ...statusStrategy(base),
    statusSubresource: base.statusSubresource,
    prepareForUpdate(obj, old) {
      const finalizers = (obj.spec as { finalizers?: unknown } | undefined)?.finalizers;
      const managedFields = obj.metadata.managedFields;
      for (const key of Object.keys(obj)) delete obj[key];
      Object.assign(obj, structuredClone(old));
      obj.metadata.managedFields = managedFields;
      obj.spec = { ...(old.spec as Record<string, unknown> | undefined), finalizers: Array.isArray(finalizers) ? finalizers : [] };
    },
  };
}
