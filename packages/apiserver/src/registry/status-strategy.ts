/**
 * The status subresource, both sides of it: the resource itself ignores status
 * (`keepStoredStatus` in its strategy's prepareForUpdate), and `/status` is the same store with
 * `statusStrategy(base)`, which keeps the stored spec (deployment/strategy.go's
 * deploymentStatusStrategy).
 */
import { deepCopy, type KubeObject, type ObjectMeta } from '@dojo/kube-api';
import type { Strategy, UpdateStrategy } from './strategy.ts';

/** For kinds with a status subresource: status changes only through `/status`. */
export function keepStoredStatus(obj: KubeObject, old: KubeObject): void {
  if (old.status === undefined) delete obj.status;
  else obj.status = old.status;
}

/**
 * Replaces everything in `obj` with the stored object except what `carryOver` copies from the
 * request. managedFields stay the request's: they record this write.
 */
export function resetToStored(obj: KubeObject, old: KubeObject, carryOver: (sent: KubeObject, result: KubeObject) => void): void {
  const sent = { ...obj };
  const managedFields = obj.metadata.managedFields;
  for (const key of Object.keys(obj)) delete obj[key];
  // The stored managedFields are replaced anyway: copying them was half of a Deployment's copy
  // (a structuredClone of the whole object here was 2% of the convergence benchmark's CPU).
  const { managedFields: _stored, ...metadata } = old.metadata;
  Object.assign(obj, deepCopy({ ...old, metadata }));
  obj.metadata.managedFields = managedFields;
  carryOver(sent, obj);
}

/**
 * What a `/status` write takes from the stored object besides spec (kube's status strategies'
 * PrepareForUpdate). Most built-in kinds copy only spec: labels, annotations, finalizers and
 * ownerReferences sent to `/status` are written (statefulset, job, ingress... strategy.go).
 */
export interface StatusWriteRules {
  /**
   * Metadata fields kept as stored: Deployment's status strategy resets `labels`, Pod's
   * `ownerReferences`; `'all'` keeps everything but status, as custom resources' status strategy
   * copies the whole stored object.
   */
  storedMetadata?: 'all' | readonly (keyof ObjectMeta)[];
  /** The kind's update validation unless the kind validates status writes on their own. */
  validateUpdate?: UpdateStrategy['validateUpdate'];
}

/** The strategy for `/status`: status changes, spec comes from the stored object (see StatusWriteRules). */
export function statusStrategy(base: Strategy, rules: StatusWriteRules = {}): UpdateStrategy {
  const { storedMetadata = [], validateUpdate = (obj, old) => base.validateUpdate(obj, old) } = rules;
  return {
    ...(base.decode ? { decode: (obj: KubeObject) => base.decode!(obj) } : {}),
    prepareForUpdate(obj, old) {
      if (storedMetadata === 'all') {
        resetToStored(obj, old, (sent, result) => {
          if (sent.status === undefined) delete result.status;
          else result.status = sent.status;
        });
        return;
      }
      if (old.spec === undefined) delete obj.spec;
      else obj.spec = deepCopy(old.spec);
      for (const key of storedMetadata) {
        if (old.metadata[key] === undefined) delete obj.metadata[key];
        else (obj.metadata as Record<string, unknown>)[key] = deepCopy(old.metadata[key]);
      }
    },
    validateUpdate,
  };
}
