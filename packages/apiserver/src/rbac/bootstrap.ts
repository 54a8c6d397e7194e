/**
 * Writes the bootstrap ClusterRoles and ClusterRoleBindings (bootstrap-policy.ts) that are
 * missing, as kube-apiserver's rbac/bootstrap-roles post-start hook does. One a user changed is
 * left as it is (kube reconciles only objects still annotated autoupdate; here a missing one is
 * recreated and an existing one kept).
 */
import { isAlreadyExists, type KubeObject } from '@dojo/kube-api';
import { clusterRoleBindings, clusterRoles } from '../registry/builtin/rbac-kinds.ts';
import type { ResourceStorages } from '../registry/resource-storage.ts';
import { bootstrapClusterRoleBindings, bootstrapClusterRoles } from './bootstrap-policy.ts';

const options = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'kube-apiserver' };

export async function ensureBootstrapPolicy(storage: ResourceStorages): Promise<void> {
  const writes: [typeof clusterRoles, object[]][] = [
    [clusterRoles, bootstrapClusterRoles()],
    [clusterRoleBindings, bootstrapClusterRoleBindings()],
  ];
  // All at once: the store commits them together (one fsync), not one after another.
  const created = writes.flatMap(([info, objects]) => {
    const store = storage.of(info).main;
    return objects
      .filter((obj) => !store.getLatest(undefined, (obj as KubeObject).metadata.name!))
      .map(async (obj) => {
        try {
          await store.create(undefined, { apiVersion: 'rbac.authorization.k8s.io/v1', kind: info.kind, ...obj } as KubeObject, options);
        } catch (err) {
          if (!isAlreadyExists(err)) throw err;
        }
      });
  });
  await Promise.all(created);
}
