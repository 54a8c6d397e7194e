/**
 * Event filters between a watch and a controller's queue (controller-runtime's `predicate`
 * package). A predicate answers "should this event enqueue a reconcile?" per event type;
 * dropping an event is safe only because reconciles are level-based: a later event, or a
 * resync, still brings the object's current state.
 */
import type { KubeObject } from '@dojo/kube-api';

export interface CreateEvent<T extends KubeObject = KubeObject> {
  readonly object: T;
}

export interface UpdateEvent<T extends KubeObject = KubeObject> {
  readonly old: T;
  readonly new: T;
}

export interface DeleteEvent<T extends KubeObject = KubeObject> {
  readonly object: T;
  /** The delete was inferred from a relist, so `object` may be stale. */
  readonly deleteStateUnknown?: boolean;
}

export interface GenericEvent<T extends KubeObject = KubeObject> {
  readonly object: T;
}

export interface Predicate<T extends KubeObject = KubeObject> {
  create(event: CreateEvent<T>): boolean;
  update(event: UpdateEvent<T>): boolean;
  delete(event: DeleteEvent<T>): boolean;
  generic(event: GenericEvent<T>): boolean;
}

export type PredicateEventType = keyof Predicate;

/** controller-runtime's `predicate.Funcs`: events without a function pass. */
export function predicateFuncs<T extends KubeObject = KubeObject>(funcs: Partial<Predicate<T>>): Predicate<T> {
  return {
    create: funcs.create ?? (() => true),
    update: funcs.update ?? (() => true),
    delete: funcs.delete ?? (() => true),
    generic: funcs.generic ?? (() => true),
  };
}

/** Passes an event only if every predicate passes it. */
export function and<T extends KubeObject>(...predicates: Predicate<T>[]): Predicate<T> {
  return {
    create: (e) => predicates.every((p) => p.create(e)),
    update: (e) => predicates.every((p) => p.update(e)),
    delete: (e) => predicates.every((p) => p.delete(e)),
    generic: (e) => predicates.every((p) => p.generic(e)),
  };
}

/** Passes an event if any predicate passes it. */
export function or<T extends KubeObject>(...predicates: Predicate<T>[]): Predicate<T> {
  return {
    create: (e) => predicates.some((p) => p.create(e)),
    update: (e) => predicates.some((p) => p.update(e)),
    delete: (e) => predicates.some((p) => p.delete(e)),
    generic: (e) => predicates.some((p) => p.generic(e)),
  };
}

export function not<T extends KubeObject>(predicate: Predicate<T>): Predicate<T> {
  return {
    create: (e) => !predicate.create(e),
    update: (e) => !predicate.update(e),
    delete: (e) => !predicate.delete(e),
    generic: (e) => !predicate.generic(e),
  };
}
