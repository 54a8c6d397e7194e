/**
 * The status subresource, both sides of it: the resource itself ignores status
 * (`keepStoredStatus` in its strategy's prepareForUpdate), and `/status` is the same store with
 * `statusStrategy(base)`, which changes nothing but status (deployment/strategy.go's
 * deploymentStatusStrategy).
 */
import { deepCopy, type KubeObject } from '@dojo/kube-api';
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
 * The strategy for `/status`: only status may change; spec and metadata (except managedFields)
 * come from the stored object. Validation is the kind's update validation unless the kind
 * validates status writes on their own (custom resources name fields relative to status).
 */
export function statusStrategy(base: Strategy, validateUpdate: UpdateStrategy['validateUpdate'] = (obj, old) => base.validateUpdate(obj, old)): UpdateStrategy {
  return {
    ...(base.decode ? { decode: (obj: KubeObject) => base.decode!(obj) } : {}),
    prepareForUpdate(obj, old) {
      resetToStored(obj, old, (sent, result) => {
        if (sent.status === undefined) delete result.status;
        else result.status = sent.status;
      });
    },
    validateUpdate,
  };
}
