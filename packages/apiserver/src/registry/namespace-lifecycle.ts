/** NamespaceLifecycle admission: no new objects in missing or terminating namespaces. */
import { newNotFound, newStatusError, type KubeObject } from '@dojo/kube-api';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import type { Admission } from './admission.ts';
import type { ResourceInfo } from './resource-info.ts';
import { namespaces } from './builtin/core-kinds.ts';

export const immortalNamespaces = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

export function namespaceLifecycle(store: RevisionedStore): Admission {
  // Parsing the namespace on every create is measurable under load; its revision tells when
  // the cached answer is stale.
  const terminating = new Map<string, { rev: number; terminating: boolean }>();
  const isTerminating = (name: string, rev: number, json: string): boolean => {
    const cached = terminating.get(name);
    if (cached?.rev === rev) return cached.terminating;
    const ns = JSON.parse(json) as KubeObject;
    const value = Boolean(ns.metadata.deletionTimestamp) || (ns.status as { phase?: string } | undefined)?.phase === 'Terminating';
    terminating.set(name, { rev, terminating: value });
    return value;
  };
  return {
    admitCreate(info: ResourceInfo, obj: KubeObject): void {
      if (!info.namespaced) return;
      const name = obj.metadata.namespace!;
      const stored = store.getLatest(namespaces.bucket, name);
      if (!stored) throw newNotFound({ group: '', resource: 'namespaces' }, name);
      if (isTerminating(name, stored.rev, stored.json)) {
        throw newStatusError(
          403,
          'Forbidden',
          `${info.resource}${info.group ? `.${info.group}` : ''} "${obj.metadata.name ?? ''}" is forbidden: unable to create new content in namespace ${name} because it is being terminated`,
          {
            name: obj.metadata.name ?? '',
            group: info.group,
            kind: info.resource,
            causes: [{ reason: 'NamespaceTerminating', message: `namespace ${name} is being terminated`, field: 'metadata.namespace' }],
          },
        );
      }
    },
  };
}
