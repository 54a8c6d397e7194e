/**
 * The RBAC policy as the revisioned store holds it right now: the evaluator's listers. Objects
 * are parsed once per revision and kept, so a busy ServiceAccount's requests parse nothing.
 */
import type { RevisionedStore, StoredObject } from '../storage/revisioned-store.ts';
import { clusterRoleBindings, clusterRoles, roleBindings, roles } from '../registry/builtin/rbac-kinds.ts';
import type { ClusterRole, RbacPolicySource, Role, RoleBinding } from './rbac-types.ts';

export class StoredRbacPolicy implements RbacPolicySource {
  readonly #parsed = new WeakMap<StoredObject, unknown>();

  constructor(private readonly store: RevisionedStore) {}

  #parse<T>(stored: StoredObject): T {
    let obj = this.#parsed.get(stored);
    if (obj === undefined) {
      obj = JSON.parse(stored.json);
      this.#parsed.set(stored, obj);
    }
    return obj as T;
  }

  clusterRoleBindings(): RoleBinding[] {
    return this.store.list(clusterRoleBindings.bucket).map((s) => this.#parse<RoleBinding>(s));
  }

  roleBindings(namespace: string): RoleBinding[] {
    return this.store.list(roleBindings.bucket, `${namespace}/`).map((s) => this.#parse<RoleBinding>(s));
  }

  clusterRole(name: string): ClusterRole | undefined {
    const stored = this.store.get(clusterRoles.bucket, name);
    return stored && this.#parse<ClusterRole>(stored);
  }

  role(namespace: string, name: string): Role | undefined {
    const stored = this.store.get(roles.bucket, `${namespace}/${name}`);
    return stored && this.#parse<Role>(stored);
  }
}
