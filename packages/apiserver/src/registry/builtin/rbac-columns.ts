/**
 * What `kubectl get` prints for RBAC objects, as kube-apiserver's printers
 * (pkg/printers/internalversion) do: a binding's role as Kind/name, then, wide, its subjects
 * split into users, groups and ServiceAccounts (namespace/name), as rbac.SubjectsStrings does.
 * Roles and ClusterRoles have no printer: kube's default table (Name, Created At).
 */
import type { KubeObject, TableColumn } from '@dojo/kube-api';
import { field } from './unstructured.ts';

interface Subject {
  kind?: string;
  name?: string;
  namespace?: string;
}

const subjectsOf = (o: KubeObject): Subject[] => (Array.isArray(o.subjects) ? (o.subjects as Subject[]) : []);

const subjectsColumn = (name: string, description: string, pick: (s: Subject) => string | undefined): TableColumn => ({
  name,
  type: 'string',
  description,
  priority: 1,
  cell: (o) =>
    subjectsOf(o)
      .map(pick)
      .filter((s): s is string => s !== undefined)
      .join(', '),
});

const roleRefDoc = {
  roleBinding:
    'roleRef can reference a Role in the current namespace or a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.',
  clusterRoleBinding:
    'roleRef can only reference a ClusterRole in the global namespace. If the RoleRef cannot be resolved, the Authorizer must return an error.',
};

/** `binding`: "roleBinding" or "clusterRoleBinding", as kube's column descriptions name it. */
export function bindingColumns(binding: 'roleBinding' | 'clusterRoleBinding'): { columns: TableColumn[]; columnsAfterAge: TableColumn[] } {
  return {
    columns: [
      {
        name: 'Role',
        type: 'string',
        // rbac/v1beta1's swagger doc of roleRef, which kube's printers quote.
        description: roleRefDoc[binding],
        priority: 0,
        cell: (o) => `${String(field(o, 'roleRef', 'kind') ?? '')}/${String(field(o, 'roleRef', 'name') ?? '')}`,
      },
    ],
    columnsAfterAge: [
      subjectsColumn('Users', `Users in the ${binding}`, (s) => (s.kind === 'User' ? (s.name ?? '') : undefined)),
      subjectsColumn('Groups', `Groups in the ${binding}`, (s) => (s.kind === 'Group' ? (s.name ?? '') : undefined)),
      subjectsColumn('ServiceAccounts', `ServiceAccounts in the ${binding}`, (s) =>
        s.kind === 'ServiceAccount' ? `${s.namespace ?? ''}/${s.name ?? ''}` : undefined,
      ),
    ],
  };
}
