/**
 * The REST storage of each served resource, as kube-apiserver's per-kind storage packages build
 * it (deployment/storage: Deployment, Status, Scale): the main store with the kind's strategy;
 * `/status` and `/finalize` the same store with their update strategy swapped in; `/scale` a
 * view over the main store. The HTTP layer routes each request to one of these.
 */
import { GenericStore, type GenericStoreDeps } from './generic-store.ts';
import type { ResourceInfo } from './resource-info.ts';
import { ScaleStorage } from './scale.ts';

export interface ResourceStorage {
  readonly main: GenericStore;
  readonly status?: GenericStore;
  readonly finalize?: GenericStore;
  readonly scale?: ScaleStorage;
}

export class ResourceStorages {
  // Keyed by the ResourceInfo itself: a CRD update serves new infos, and so new stores.
  private readonly built = new WeakMap<ResourceInfo, ResourceStorage>();

  constructor(private readonly deps: GenericStoreDeps) {}

  of(info: ResourceInfo): ResourceStorage {
    let storage = this.built.get(info);
    if (!storage) {
      storage = this.build(info);
      this.built.set(info, storage);
    }
    return storage;
  }

  private build(info: ResourceInfo): ResourceStorage {
    const { status, finalize, scale } = info.subresources;
    const main = new GenericStore(this.deps, info);
    return {
      main,
      ...(status ? { status: main.withUpdateStrategy(status, 'status') } : {}),
      ...(finalize ? { finalize: main.withUpdateStrategy(finalize, 'finalize') } : {}),
      // A scale write is an update of the object itself, recorded as kube's ScaleHandler does.
      ...(scale ? { scale: new ScaleStorage(main.withUpdateStrategy(info.strategy, 'scale'), scale) } : {}),
    };
  }
}
