/** NamespaceLifecycle admission: no new objects in missing or terminating namespaces. */
import { newNotFound, newStatusError, type KubeObject } from '@dojo/kube-api';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import type { Admission } from './generic-store.ts';
import type { ResourceInfo } from './resource-info.ts';
import { namespaces } from './builtin/core-kinds.ts';

export const immortalNamespaces = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

export function namespaceLifecycle(store: RevisionedStore): Admission {
  return {
    admitCreate(info: ResourceInfo, obj: KubeObject): void {
      if (!info.namespaced) return;
      const name = obj.metadata.namespace!;
      const stored = store.getLatest(namespaces.bucket, name);
      if (!stored) throw newNotFound({ group: '', resource: 'namespaces' }, name);
      const ns = JSON.parse(stored.json) as KubeObject;
      if (ns.metadata.deletionTimestamp || (ns.status as { phase?: string } | undefined)?.phase === 'Terminating') {
        throw newStatusError(403, 'Forbidden', `${info.resource}${info.group ? `.${info.group}` : ''} "${obj.metadata.name ?? ''}" is forbidden: unable to create new content in namespace ${name} because it is being terminated`, {
          name: obj.metadata.name ?? '',
          group: info.group,
          kind: info.resource,
          causes: [{ reason: 'NamespaceTerminating', message: `namespace ${name} is being terminated`, field: 'metadata.namespace' }],
        });
      }
    },
  };
}
