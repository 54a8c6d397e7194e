/**
 * The status subresource, both sides of it: the resource itself ignores status
 * (`keepStoredStatus` in its strategy's prepareForUpdate), and `/status` is the same store with
 * `statusStrategy(base)`, which keeps the stored spec (deployment/strategy.go's
 * deploymentStatusStrategy).
 */
import { deepCopy, type KubeObject } from '@dojo/kube-api';
import type { DecodeContext, Strategy, UpdateStrategy } from './strategy.ts';

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

/** ObjectMeta a kube status strategy leaves as the request sent it (none calls ResetObjectMetaForStatus). */
const statusWritableMetadata = ['labels', 'annotations', 'finalizers', 'ownerReferences'] as const;
export type StatusWritableMetadata = (typeof statusWritableMetadata)[number];

export interface StatusStrategyOptions {
  /** Validation of the write; the kind's update validation unless it validates status on its own. */
  validateUpdate?: UpdateStrategy['validateUpdate'];
  /**
   * Metadata this kind's status endpoint keeps as stored (a Deployment's labels, a Pod's
   * ownerReferences), or 'all' (custom resources: status writes change nothing but status).
   */
  storedMetadata?: readonly StatusWritableMetadata[] | 'all';
}

/**
 * The strategy for `/status`: spec comes from the stored object, status from the request. The
 * request's labels, annotations, finalizers and ownerReferences are kept, as kube's built-in
 * status strategies keep them, unless `storedMetadata` names them; the rest of metadata is
 * the stored one. Its reset fields (never owned by the writer): spec and the metadata kept.
 */
export function statusStrategy(base: Strategy, options: StatusStrategyOptions = {}): UpdateStrategy {
  const stored = options.storedMetadata ?? [];
  const writable = stored === 'all' ? [] : statusWritableMetadata.filter((name) => !stored.includes(name));
  const validateUpdate = options.validateUpdate ?? ((obj, old) => base.validateUpdate(obj, old));
  return {
    ...(base.decode ? { decode: (obj: KubeObject, context: DecodeContext) => base.decode!(obj, context) } : {}),
    prepareForUpdate(obj, old) {
      resetToStored(obj, old, (sent, result) => {
        if (sent.status === undefined) delete result.status;
        else result.status = sent.status;
        for (const name of writable) {
          if (sent.metadata[name] === undefined) delete result.metadata[name];
          else (result.metadata as Record<string, unknown>)[name] = deepCopy(sent.metadata[name]);
        }
      });
    },
    validateUpdate,
    resetFields: [['spec'], ...(stored === 'all' ? [] : stored.map((name) => ['metadata', name]))],
  };
}
