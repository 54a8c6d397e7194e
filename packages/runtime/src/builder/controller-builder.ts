/**
 * controller-runtime's builder: say what a controller reconciles, what it owns and what else
 * it watches, and get a Controller wired to the host's shared informers.
 *
 *   ControllerBuilder.create(manager)
 *     .for(dojos, { predicates: [generationChangedPredicate] })
 *     .owns(builtinTypes.deployments)
 *     .watches(builtinTypes.secrets, (secret) => dojosUsing(secret))
 *     .withOptions({ maxConcurrentReconciles: 2 })
 *     .complete(new DojoReconciler(manager.client));
 *
 * Each watch's predicates are wrapped in a CountingPredicate, so the host can show how many
 * events each one dropped.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceType } from '../client/resource-type.ts';
import { Controller, type ControllerOptions } from '../controller/controller.ts';
import { identifierFor } from '../controller/object-identifier.ts';
import type { Reconciler } from '../controller/reconciler.ts';
import { CountingPredicate } from '../predicate/counting-predicate.ts';
import { and, predicateFuncs, type Predicate } from '../predicate/predicate.ts';
import type { ControllerHost, WatchSource } from './controller-host.ts';
import { controllerOwnerKey, enqueueHandler, mappedKeys, ownKey, type MapFunc, type Relation } from './enqueue-handlers.ts';

export interface SourceOptions<T extends KubeObject = KubeObject> {
  /** All must pass for an event to enqueue. */
  predicates?: Predicate<T>[];
}

/** Controller options the builder does not decide itself. */
export type BuilderControllerOptions = Partial<Omit<ControllerOptions, 'name' | 'reconciler' | 'journal' | 'clock' | 'metrics'>>;

interface PendingWatch {
  relation: Relation;
  type: ResourceType;
  predicates: Predicate[];
  keysFor: (object: KubeObject) => readonly string[];
}

export class ControllerBuilder {
  readonly #host: ControllerHost;
  #forType: ResourceType | undefined;
  #name: string | undefined;
  #options: BuilderControllerOptions = {};
  readonly #watches: PendingWatch[] = [];

  private constructor(host: ControllerHost) {
    this.#host = host;
  }

  static create(host: ControllerHost): ControllerBuilder {
    return new ControllerBuilder(host);
  }

  /** The kind this controller reconciles: its events enqueue the object's own key. */
  for<T extends KubeObject = KubeObject>(type: ResourceType, options: SourceOptions<T> = {}): this {
    if (this.#forType) throw new Error(`for() was already called with ${this.#forType.kind}`);
    this.#forType = type;
    this.#watches.unshift({ relation: 'for', type, predicates: (options.predicates ?? []) as Predicate[], keysFor: ownKey });
    return this;
  }

  /** A kind this controller creates: its events enqueue the controller owner of the For kind. */
  owns<T extends KubeObject = KubeObject>(type: ResourceType, options: SourceOptions<T> = {}): this {
    this.#watches.push({ relation: 'owns', type, predicates: (options.predicates ?? []) as Predicate[], keysFor: () => [] });
    return this;
  }

  /** Any other kind: `map` names the requests an object of it should cause. */
  watches<T extends KubeObject = KubeObject>(type: ResourceType, map: MapFunc<T>, options: SourceOptions<T> = {}): this {
    this.#watches.push({
      relation: 'watches',
      type,
      predicates: (options.predicates ?? []) as Predicate[],
      keysFor: mappedKeys(map as MapFunc),
    });
    return this;
  }

  /** Defaults to the For kind in lower case, as controller-runtime names controllers. */
  named(name: string): this {
    this.#name = name;
    return this;
  }

  withOptions(options: BuilderControllerOptions): this {
    this.#options = { ...this.#options, ...options };
    return this;
  }

  /** Builds the controller, hooks it to the shared informers and registers it with the host. */
  complete(reconciler: Reconciler): Controller {
    const forType = this.#forType;
    if (!forType) throw new Error('a controller needs for(type) before complete()');
    const host = this.#host;
    const controller = new Controller({
      ...this.#options,
      name: this.#name ?? forType.kind.toLowerCase(),
      reconciler,
      identify: identifierFor(forType, host.informers.informerFor(forType).store),
      journal: host.journal,
      clock: host.clock,
      ...(host.controllerMetrics ? { metrics: host.controllerMetrics } : {}),
    });
    const sources: WatchSource[] = this.#watches.map((watch) => {
      const predicate = new CountingPredicate(watch.predicates.length > 0 ? and(...watch.predicates) : predicateFuncs({}));
      const keysFor = watch.relation === 'owns' ? controllerOwnerKey(forType) : watch.keysFor;
      host.informers
        .informerFor(watch.type)
        .addEventHandler(enqueueHandler({ relation: watch.relation, kind: watch.type.kind, group: watch.type.group, target: controller, predicate, keysFor }));
      return { relation: watch.relation, kind: watch.type.kind, resource: watch.type.resource, counts: () => predicate.counts() };
    });
    host.add(controller, sources);
    return controller;
  }
}
