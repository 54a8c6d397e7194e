/**
 * Every rule that applies to a user in a namespace, with where it came from, in kube's order
 * (pkg/registry/rbac/validation/rule.go, VisitRulesFor): first the ClusterRoleBindings, then
 * (for a namespaced request) the RoleBindings of that namespace; a RoleBinding may refer to a
 * ClusterRole, whose rules then apply in the binding's namespace only. A binding applies when
 * any one subject matches: a User by name, a Group by membership, a ServiceAccount by its user
 * name (its namespace defaulting to the binding's).
 */
import { serviceAccountUsername, type UserInfo } from '../auth/user-info.ts';
import type { PolicyRule } from './policy-rule.ts';
import type { RbacPolicySource, RoleBinding, RoleRef, Subject } from './rbac-types.ts';

const rbacGroup = 'rbac.authorization.k8s.io';

/** Returns false to stop visiting. `source` describes the binding, as kube's reason text does. */
export type RuleVisitor = (source: string | undefined, rule: PolicyRule | undefined, error: string | undefined) => boolean;

function appliesToUser(user: UserInfo, subject: Subject, namespace: string): boolean {
  switch (subject.kind) {
    case 'User':
      return user.name === subject.name;
    case 'Group':
      return user.groups.includes(subject.name);
    case 'ServiceAccount': {
      const saNamespace = subject.namespace || namespace;
      return saNamespace !== '' && user.name === serviceAccountUsername(saNamespace, subject.name);
    }
    default:
      return false;
  }
}

function describeSubject(subject: Subject, bindingNamespace: string): string {
  if (subject.kind === 'ServiceAccount') return `${subject.kind} ${JSON.stringify(`${subject.name}/${subject.namespace || bindingNamespace}`)}`;
  return `${subject.kind} ${JSON.stringify(subject.name)}`;
}

export class RuleResolver {
  constructor(private readonly policy: RbacPolicySource) {}

  /** The rules a role reference grants, or the lister's not-found text (kube's GetRoleReferenceRules). */
  roleRules(ref: RoleRef, bindingNamespace: string): { rules?: PolicyRule[]; error?: string } {
    switch (ref.kind) {
      case 'Role': {
        const role = bindingNamespace ? this.policy.role(bindingNamespace, ref.name) : undefined;
        return role ? { rules: role.rules ?? [] } : { error: `role.${rbacGroup} ${JSON.stringify(ref.name)} not found` };
      }
      case 'ClusterRole': {
        const role = this.policy.clusterRole(ref.name);
        return role ? { rules: role.rules ?? [] } : { error: `clusterrole.${rbacGroup} ${JSON.stringify(ref.name)} not found` };
      }
      default:
        return { error: `unsupported role reference kind: ${JSON.stringify(ref.kind)}` };
    }
  }

  /** Visits bindings of one scope; false when the visitor asked to stop. */
  private visitBindings(user: UserInfo, bindings: readonly RoleBinding[], namespace: string, visitor: RuleVisitor): boolean {
    for (const binding of bindings) {
      const subject = (binding.subjects ?? []).find((s) => appliesToUser(user, s, namespace));
      if (!subject) continue;
      const { rules, error } = this.roleRules(binding.roleRef, namespace);
      if (!rules) {
        if (!visitor(undefined, undefined, error)) return false;
        continue;
      }
      const source = namespace
        ? `RoleBinding ${JSON.stringify(`${binding.metadata.name}/${namespace}`)} of ${binding.roleRef.kind} ${JSON.stringify(binding.roleRef.name)} to ${describeSubject(subject, namespace)}`
        : `ClusterRoleBinding ${JSON.stringify(binding.metadata.name)} of ${binding.roleRef.kind} ${JSON.stringify(binding.roleRef.name)} to ${describeSubject(subject, '')}`;
      for (const rule of rules) if (!visitor(source, rule, undefined)) return false;
    }
    return true;
  }

  visitRulesFor(user: UserInfo, namespace: string, visitor: RuleVisitor): void {
    if (!this.visitBindings(user, this.policy.clusterRoleBindings(), '', visitor)) return;
    if (namespace) this.visitBindings(user, this.policy.roleBindings(namespace), namespace, visitor);
  }

  /** Every rule that applies, and the errors met on the way (kube's RulesFor). */
  rulesFor(user: UserInfo, namespace: string): { rules: PolicyRule[]; errors: string[] } {
    const rules: PolicyRule[] = [];
    const errors: string[] = [];
    this.visitRulesFor(user, namespace, (_source, rule, error) => {
      if (rule) rules.push(rule);
      if (error) errors.push(error);
      return true;
    });
    return { rules, errors };
  }
}

/** utilerrors.NewAggregate(...).Error(): one message alone, several in brackets. */
export function aggregateMessage(errors: readonly string[]): string {
  const unique = [...new Set(errors)];
  return unique.length === 1 ? unique[0]! : `[${unique.join(', ')}]`;
}
