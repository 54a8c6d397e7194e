/**
 * What kube's bootstrap policy grants every authenticated user (the ClusterRoleBindings of
 * system:discovery, system:basic-user and system:public-info-viewer to system:authenticated):
 * a derived role need not hold it, and a role file that lacks it is not missing it.
 */
import { bootstrapClusterRoleBindings, bootstrapClusterRoles, ruleAllows, type PolicyRule } from '@dojo/apiserver';
import { attributesOf } from './rbac-attributes.ts';
import type { PermissionUse } from './rbac-uses.ts';

const systemAuthenticated = 'system:authenticated';

function everyonesRules(): { role: string; rule: PolicyRule }[] {
  const roles = new Map(bootstrapClusterRoles().map((r) => [r.metadata.name, r]));
  return bootstrapClusterRoleBindings()
    .filter((b) => b.subjects?.some((s) => s.kind === 'Group' && s.name === systemAuthenticated))
    .flatMap((b) => (roles.get(b.roleRef.name)?.rules ?? []).map((rule) => ({ role: b.roleRef.name, rule })));
}

let cached: { role: string; rule: PolicyRule }[] | undefined;

/** The bootstrap ClusterRole that grants `use` to every authenticated user, if one does. */
export function grantedToEveryoneBy(use: PermissionUse): string | undefined {
  cached ??= everyonesRules();
  const attributes = attributesOf(use);
  return cached.find(({ rule }) => ruleAllows(attributes, rule))?.role;
}
