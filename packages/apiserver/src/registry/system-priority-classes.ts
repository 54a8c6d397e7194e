/**
 * kube-apiserver's scheduling post-start hook (pkg/registry/scheduling/rest): the system
 * PriorityClasses exist from the start, created once and left alone afterwards.
 */
import { deepCopy, isAlreadyExists } from '@dojo/kube-api';
import { systemPriorityClasses } from './builtin/priority-class-strategy.ts';
import type { ResourceRegistry } from './resource-registry.ts';
import type { ResourceStorages } from './resource-storage.ts';

export async function ensureSystemPriorityClasses(storage: ResourceStorages, registry: ResourceRegistry): Promise<void> {
  const store = storage.of(registry.lookup('scheduling.k8s.io', 'v1', 'priorityclasses')!).main;
  for (const pc of systemPriorityClasses) {
    if (store.getLatest(undefined, pc.metadata.name!)) continue;
    try {
      await store.create(undefined, deepCopy(pc), { dryRun: false, fieldValidation: 'Ignore', fieldManager: 'kube-apiserver' });
    } catch (err) {
      if (!isAlreadyExists(err)) throw err;
    }
  }
}
