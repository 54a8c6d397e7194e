/**
 * kube's RBAC escalation prevention (pkg/registry/rbac/*\/policybased): a user may write a Role
 * or ClusterRole only with rules they already hold, and bind a role only if they hold all of its
 * rules, unless they are in system:masters or RBAC lets them `escalate` (roles) or `bind` (the
 * role named by roleRef). A ClusterRole with an aggregationRule needs full authority. Writes
 * without a user (the server's own controllers) are not checked, as kube's loopback client is
 * privileged. Updates that change only ownerReferences or finalizers are not checked either.
 */
import { jsonEqual, newForbidden, newNotFound, type KubeObject } from '@dojo/kube-api';
import type { Authorizer } from '../auth/authorizer.ts';
import { systemMasters, type UserInfo } from '../auth/user-info.ts';
import type { Admission } from '../registry/admission.ts';
import type { ResourceInfo } from '../registry/resource-info.ts';
import type { WriteOptions } from '../registry/request-options.ts';
import { compactRules, compactString, goQuotedList, uncoveredRules } from './policy-coverage.ts';
import type { PolicyRule } from './policy-rule.ts';
import type { ClusterRole, RoleBinding } from './rbac-types.ts';
import { aggregateMessage, type RuleResolver } from './rule-resolver.ts';

const rbacGroup = 'rbac.authorization.k8s.io';
const fullAuthority: PolicyRule[] = [
  { verbs: ['*'], apiGroups: ['*'], resources: ['*'] },
  { verbs: ['*'], nonResourceURLs: ['*'] },
];

/** kube's ConfirmNoEscalation: the message naming what the user lacks, or undefined. */
function escalationMessage(resolver: RuleResolver, user: UserInfo, namespace: string, rules: readonly PolicyRule[]): string | undefined {
  const owned = resolver.rulesFor(user, namespace);
  const missing = uncoveredRules(owned.rules, rules);
  if (missing.length === 0) return undefined;
  const descriptions = [...new Set(compactRules(missing).map(compactString))].sort();
  let message = `user ${JSON.stringify(user.name)} (groups=${goQuotedList(user.groups)}) is attempting to grant RBAC permissions not currently held:\n${descriptions.join('\n')}`;
  if (owned.errors.length) message += `; resolution errors: [${aggregateMessage(owned.errors)}]`;
  return message;
}

/** Only metadata.ownerReferences or finalizers changed (kube's IsOnlyMutatingGCFields). */
function onlyGarbageCollectionFields(obj: KubeObject, old: KubeObject): boolean {
  const strip = (o: KubeObject) => ({
    ...o,
    metadata: { ...o.metadata, ownerReferences: undefined, finalizers: undefined, managedFields: undefined, resourceVersion: undefined },
  });
  return jsonEqual(strip(obj), strip(old));
}

export function rbacEscalationAdmission(authorizer: Authorizer, resolver: RuleResolver): Admission {
  const allowedTo = (user: UserInfo, verb: string, resource: string, namespace: string, name: string): boolean =>
    authorizer.authorize({ user, verb, resourceRequest: true, apiGroup: rbacGroup, apiVersion: '*', resource, subresource: '', namespace, name }).decision ===
    'Allow';

  const check = (info: ResourceInfo, obj: KubeObject, user: UserInfo): void => {
    if (user.groups.includes(systemMasters)) return;
    const namespace = obj.metadata.namespace ?? '';
    const name = obj.metadata.name ?? '';
    const gr = { group: rbacGroup, resource: info.resource };
    if (info.resource === 'roles' || info.resource === 'clusterroles') {
      if (allowedTo(user, 'escalate', info.resource, namespace, name)) return;
      const role = obj as unknown as ClusterRole;
      const message = escalationMessage(resolver, user, namespace, role.rules ?? []);
      if (message) throw newForbidden(gr, name, message);
      if (role.aggregationRule && escalationMessage(resolver, user, namespace, fullAuthority)) {
        throw newForbidden(gr, name, 'must have cluster-admin privileges to use the aggregationRule');
      }
      return;
    }
    const binding = obj as unknown as RoleBinding;
    const ref = binding.roleRef;
    const refResource = ref.kind === 'Role' ? 'roles' : 'clusterroles';
    if (allowedTo(user, 'bind', refResource, namespace, ref.name)) return;
    const { rules } = resolver.roleRules(ref, namespace);
    if (!rules) throw newNotFound({ group: rbacGroup, resource: refResource }, ref.name);
    const message = escalationMessage(resolver, user, namespace, rules);
    if (message) throw newForbidden(gr, name, message);
  };

  const applies = (info: ResourceInfo): boolean => info.group === rbacGroup;
  return {
    admitCreate(info: ResourceInfo, obj: KubeObject, options?: WriteOptions): void {
      if (applies(info) && options?.user) check(info, obj, options.user);
    },
    admitUpdate(info: ResourceInfo, obj: KubeObject, old: KubeObject, options: WriteOptions): void {
      if (applies(info) && options.user && !onlyGarbageCollectionFields(obj, old)) check(info, obj, options.user);
    },
  };
}
