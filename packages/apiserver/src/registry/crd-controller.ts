/**
 * The API server's own CRD controller: serves every stored CRD, keeps its status
 * (NamesAccepted, Established, acceptedNames, storedVersions) current, and on deletion removes
 * all instances before letting the CRD go (the customresourcecleanup finalizer).
 */
import { jsonEqual, type KubeObject } from '@dojo/kube-api';
import type { CustomResourceDefinition } from '../crd/schema-types.ts';
import type { ChangeEvent, RevisionedStore } from '../storage/revisioned-store.ts';
import { customResourceDefinitions } from './builtin/crd-kind.ts';
import { crdCleanupFinalizer } from './builtin/crd-strategy.ts';
import { resourcesForCrd } from './custom-resources.ts';
import { nowTimestamp } from './object-meta.ts';
import type { ResourceRegistry } from './resource-registry.ts';
import type { ResourceStorages } from './resource-storage.ts';

const manager = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'kube-apiserver' };

export class CrdController {
  private unsubscribe: () => void = () => {};
  private stopped = false;

  constructor(
    private readonly registry: ResourceRegistry,
    private readonly storage: ResourceStorages,
    private readonly revisioned: RevisionedStore,
  ) {}

  start(): void {
    for (const stored of this.revisioned.list(customResourceDefinitions.bucket)) this.sync(JSON.parse(stored.json) as CustomResourceDefinition);
    this.unsubscribe = this.revisioned.onChange((events) => this.onChange(events));
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe();
  }

  private onChange(events: readonly ChangeEvent[]): void {
    for (const e of events) {
      if (e.bucket !== customResourceDefinitions.bucket) continue;
      const crd = JSON.parse(e.json) as CustomResourceDefinition;
      if (e.type === 'DELETED') this.registry.replaceResource(crd.spec.group, crd.spec.names.plural, []);
      else this.sync(crd);
    }
  }

  private sync(crd: CustomResourceDefinition): void {
    if (crd.metadata.deletionTimestamp) {
      void this.cleanUp(crd);
      return;
    }
    this.registry.replaceResource(crd.spec.group, crd.spec.names.plural, resourcesForCrd(crd));
    if (!this.statusIsCurrent(crd)) void this.writeStatus(crd);
  }

  private statusIsCurrent(crd: CustomResourceDefinition): boolean {
    const status = crd.status;
    const established = status?.conditions?.find((c) => c.type === 'Established');
    const storage = crd.spec.versions.find((v) => v.storage)?.name;
    return (
      established?.status === 'True' &&
      jsonEqual(status?.acceptedNames, crd.spec.names) &&
      (storage === undefined || (status?.storedVersions ?? []).includes(storage))
    );
  }

  private async writeStatus(crd: CustomResourceDefinition): Promise<void> {
    const now = nowTimestamp();
    const storage = crd.spec.versions.find((v) => v.storage)?.name;
    try {
      await this.storage.of(customResourceDefinitions).status!.update(
        undefined,
        crd.metadata.name!,
        (latest) => {
          const stored = new Set<string>((latest.status as { storedVersions?: string[] } | undefined)?.storedVersions ?? []);
          if (storage) stored.add(storage);
          latest.status = {
            conditions: [
              { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found', lastTransitionTime: now },
              { type: 'Established', status: 'True', reason: 'InitialNamesAccepted', message: 'the initial names have been accepted', lastTransitionTime: now },
            ],
            acceptedNames: (latest.spec as CustomResourceDefinition['spec']).names,
            storedVersions: [...stored],
          };
          return latest;
        },
        manager,
      );
    } catch {
      // The CRD changed or went away meanwhile; the next change event brings another pass.
    }
  }

  /** Deletes every instance, then drops the cleanup finalizer so the CRD itself goes. */
  private async cleanUp(crd: CustomResourceDefinition): Promise<void> {
    if (this.stopped) return;
    const infos = resourcesForCrd(crd);
    const info = infos[0];
    if (info) {
      for (const stored of this.revisioned.list(info.bucket)) {
        const obj = JSON.parse(stored.json) as KubeObject;
        try {
          const store = this.storage.of(info).main;
          await store.update(
            obj.metadata.namespace,
            obj.metadata.name!,
            (latest) => ({ ...latest, metadata: { ...latest.metadata, finalizers: [] } }),
            manager,
          );
          await store.delete(obj.metadata.namespace, obj.metadata.name!, manager);
        } catch {
          // Already gone.
        }
      }
    }
    this.registry.replaceResource(crd.spec.group, crd.spec.names.plural, []);
    try {
      await this.storage.of(customResourceDefinitions).main.update(
        undefined,
        crd.metadata.name!,
        (latest) => ({
          ...latest,
          metadata: { ...latest.metadata, finalizers: (latest.metadata.finalizers ?? []).filter((f) => f !== crdCleanupFinalizer) },
        }),
        manager,
      );
    } catch {
      // Already gone.
    }
  }
}
