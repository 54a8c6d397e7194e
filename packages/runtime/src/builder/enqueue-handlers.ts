/**
 * From informer events to queue keys (controller-runtime's `handler` package), each filtered
 * by a counting predicate and each add carrying a trigger that says why:
 *
 * - for:     the object's own key            (reason "watch")
 * - owns:    the key of its controller owner (reason "owned"), when that owner is of the For kind
 * - watches: whatever keys a map function names (reason "mapped")
 *
 * The trigger names the source object (its identity, event, resourceVersion, generation, and
 * whether its spec changed), so the console can show that a Dojo was reconciled because its
 * Deployment's status changed at version 812, or because someone edited the Dojo itself.
 */
import { formatObjectKey, identityOf, jsonEqual, objectKeyOf, parseApiVersion, type KubeObject, type WatchEventType } from '@dojo/kube-api';
import type { ResourceType } from '../client/resource-type.ts';
import type { Request } from '../controller/reconciler.ts';
import type { ResourceEventHandler } from '../informer/shared-informer.ts';
import type { Predicate } from '../predicate/predicate.ts';
import type { Trigger } from '../workqueue/trigger.ts';

/** Where keys go: a Controller. */
export interface EnqueueTarget {
  enqueue(key: string, trigger: Trigger): unknown;
}

/** Maps a watched object to the requests it should cause. */
export type MapFunc<T extends KubeObject = KubeObject> = (object: T) => readonly Request[];

export type Relation = 'for' | 'owns' | 'watches';

const reasons: Record<Relation, Trigger['reason']> = { for: 'watch', owns: 'owned', watches: 'mapped' };

export interface EnqueueHandlerSpec<T extends KubeObject = KubeObject> {
  readonly relation: Relation;
  /** The watched kind, for triggers. */
  readonly kind: string;
  readonly group: string;
  readonly target: EnqueueTarget;
  readonly predicate: Predicate<T>;
  /** The keys an object version maps to. */
  readonly keysFor: (object: T) => readonly string[];
}

export function enqueueHandler<T extends KubeObject>(spec: EnqueueHandlerSpec<T>): ResourceEventHandler<T> {
  const send = (keys: Iterable<string>, event: WatchEventType, object: T, extra: Record<string, boolean> = {}, old?: T): void => {
    const generation = object.metadata.generation;
    const trigger: Trigger = {
      reason: reasons[spec.relation],
      event,
      kind: spec.kind,
      key: objectKeyOf(object),
      object: identityOf(object, spec),
      ...(object.metadata.resourceVersion ? { resourceVersion: object.metadata.resourceVersion } : {}),
      ...(generation === undefined ? {} : { generation }),
      ...(event === 'DELETED' ? {} : { specChanged: specChanged(event, old, object) }),
      ...extra,
    };
    for (const key of keys) spec.target.enqueue(key, trigger);
  };
  return {
    onAdd(object) {
      if (spec.predicate.create({ object })) send(spec.keysFor(object), 'ADDED', object);
    },
    onUpdate(old, object, { resync }) {
      if (!spec.predicate.update({ old, new: object })) return;
      // An owner or mapping can change with the object: both the old and the new target hear it.
      const keys = new Set([...spec.keysFor(old), ...spec.keysFor(object)]);
      send(keys, 'MODIFIED', object, resync ? { resync } : {}, old);
    },
    onDelete(object, { stateUnknown }) {
      if (spec.predicate.delete({ object, ...(stateUnknown ? { deleteStateUnknown: true } : {}) })) {
        send(spec.keysFor(object), 'DELETED', object, stateUnknown ? { deleteStateUnknown: true } : {});
      }
    },
  };
}

/**
 * The API server bumps metadata.generation only when the spec changes (status and metadata churn
 * keep it). Kinds without a generation (Secret, ConfigMap) changed their "spec" when anything
 * outside metadata and status differs.
 */
function specChanged(event: WatchEventType, old: KubeObject | undefined, object: KubeObject): boolean {
  if (event === 'ADDED' || !old) return true;
  if (object.metadata.generation !== undefined || old.metadata.generation !== undefined) return old.metadata.generation !== object.metadata.generation;
  // An informer hands the same (old, new) pair to every controller that watches the kind (a Pod
  // to the ReplicaSet, kubelet, Endpoints ... controllers): compare the two versions once.
  const compared = specComparisons.get(object);
  if (compared?.old === old) return compared.changed;
  const { metadata: _m1, status: _s1, ...before } = old;
  const { metadata: _m2, status: _s2, ...after } = object;
  const changed = !jsonEqual(before, after);
  specComparisons.set(object, { old, changed });
  return changed;
}

/** The last comparison of each cached version with the one it replaced; dropped with the version. */
const specComparisons = new WeakMap<KubeObject, { readonly old: KubeObject; readonly changed: boolean }>();

export const ownKey = (object: KubeObject): readonly string[] => [objectKeyOf(object)];

/**
 * The key of the object's controller owner (the ownerReference with `controller: true`) when
 * that owner is of `ownerType`'s group and kind; the owner lives in the object's namespace, or
 * is cluster-scoped.
 */
export function controllerOwnerKey(ownerType: ResourceType): (object: KubeObject) => readonly string[] {
  return (object) => {
    const ref = object.metadata.ownerReferences?.find((r) => r.controller === true);
    if (!ref || ref.kind !== ownerType.kind || parseApiVersion(ref.apiVersion).group !== ownerType.group) return [];
    return [formatObjectKey({ namespace: ownerType.namespaced ? object.metadata.namespace : undefined, name: ref.name })];
  };
}

export function mappedKeys<T extends KubeObject>(map: MapFunc<T>): (object: T) => readonly string[] {
  return (object) => map(object).map((request) => formatObjectKey(request));
}
