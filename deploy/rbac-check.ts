/**
 * Checks RBAC rules against the API calls a program really made, with the Kubernetes RBAC
 * authorizer's matching rules (k8s.io/kubernetes/pkg/apis/rbac/v1 evaluation helpers):
 *
 * - `uncoveredCalls`: the calls no rule allows, each once. In a cluster each would be a 403.
 * - `unusedGrants`: what a role grants that no call used, one (verb, group, resource) at a
 *   time, so a role can be held to "exactly what is used".
 * - `grantsFor`: the rules that reach one ServiceAccount through the bindings among a set of
 *   manifests; a Role (or a ClusterRole bound by a RoleBinding) only in its namespace.
 * - `callsFromJournal`: the calls in a telemetry journal's `api-call` records.
 *
 * Matching: a rule allows a call when its apiGroups, resources ("resource/subresource" for a
 * subresource) and verbs each hold the call's value or "*", and its resourceNames are empty or
 * hold the call's name. A `create` never matches a rule with resourceNames: RBAC authorizes it
 * before the object, and so its name, is known. Non-resource rules are ignored.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { TelemetryRecord } from '@dojo/runtime';

/** One API call as RBAC authorizes it. `group` is "" for the core group. */
export interface ApiCall {
  readonly verb: string;
  readonly group: string;
  readonly resource: string;
  readonly subresource?: string;
  readonly namespace?: string;
  readonly name?: string;
}

export interface PolicyRule {
  readonly apiGroups?: readonly string[];
  readonly resources?: readonly string[];
  readonly verbs: readonly string[];
  readonly resourceNames?: readonly string[];
  readonly nonResourceURLs?: readonly string[];
}

/** Rules that reach a subject through one binding; `namespace` limits a RoleBinding's reach. */
export interface Grant {
  /** "ClusterRole/NAME" or "Role/NAMESPACE/NAME". */
  readonly role: string;
  readonly rules: readonly PolicyRule[];
  readonly namespace?: string;
}

/** One thing a role grants: a verb on a group's resource (for some names only, maybe). */
export interface GrantedPermission {
  readonly role: string;
  readonly verb: string;
  readonly group: string;
  readonly resource: string;
  readonly resourceName?: string;
}

const wildcard = '*';
const has = (values: readonly string[] | undefined, value: string): boolean => (values ?? []).some((v) => v === wildcard || v === value);

function resourceMatches(rule: PolicyRule, call: ApiCall): boolean {
  if (!call.subresource) return has(rule.resources, call.resource);
  return (rule.resources ?? []).some((r) => r === wildcard || r === `${call.resource}/${call.subresource}` || r === `*/${call.subresource}`);
}

function nameMatches(rule: PolicyRule, call: ApiCall): boolean {
  if (!rule.resourceNames || rule.resourceNames.length === 0) return true;
  if (call.verb === 'create' || call.name === undefined) return false;
  return rule.resourceNames.includes(call.name);
}

export function ruleAllows(rule: PolicyRule, call: ApiCall): boolean {
  return has(rule.verbs, call.verb) && has(rule.apiGroups, call.group) && resourceMatches(rule, call) && nameMatches(rule, call);
}

export function grantAllows(grant: Grant, call: ApiCall): boolean {
  if (grant.namespace !== undefined && call.namespace !== grant.namespace) return false;
  return grant.rules.some((rule) => ruleAllows(rule, call));
}

/** "verb group/resource[/subresource] [in namespace] [named name]". */
export function describeCall(call: ApiCall): string {
  const target = `${call.group || 'core'}/${call.resource}${call.subresource ? `/${call.subresource}` : ''}`;
  return [call.verb, target, call.namespace ? `in ${call.namespace}` : 'cluster-wide', call.name ? `named ${call.name}` : ''].filter(Boolean).join(' ');
}

/** The calls no grant allows, each once (names dropped unless a name could have mattered). */
export function uncoveredCalls(grants: readonly Grant[], calls: Iterable<ApiCall>): ApiCall[] {
  const uncovered = new Map<string, ApiCall>();
  for (const call of calls) {
    if (grants.some((grant) => grantAllows(grant, call))) continue;
    uncovered.set(describeCall(call), call);
  }
  return [...uncovered.values()];
}

/** Every (verb, group, resource, name) a grant spells out; wildcards stay as they are. */
export function permissionsOf(grant: Grant): GrantedPermission[] {
  const permissions: GrantedPermission[] = [];
  for (const rule of grant.rules) {
    if (!rule.resources) continue;
    const names = rule.resourceNames && rule.resourceNames.length > 0 ? rule.resourceNames : [undefined];
    for (const group of rule.apiGroups ?? [])
      for (const resource of rule.resources)
        for (const verb of rule.verbs)
          for (const resourceName of names)
            permissions.push({ role: grant.role, verb, group, resource, ...(resourceName !== undefined ? { resourceName } : {}) });
  }
  return permissions;
}

function used(permission: GrantedPermission, grant: Grant, calls: readonly ApiCall[]): boolean {
  const rule: PolicyRule = {
    apiGroups: [permission.group],
    resources: [permission.resource],
    verbs: [permission.verb],
    ...(permission.resourceName !== undefined ? { resourceNames: [permission.resourceName] } : {}),
  };
  return calls.some((call) => (grant.namespace === undefined || call.namespace === grant.namespace) && ruleAllows(rule, call));
}

/** What the grants allow that none of the calls used. */
export function unusedGrants(grants: readonly Grant[], calls: Iterable<ApiCall>): GrantedPermission[] {
  const all = [...calls];
  return grants.flatMap((grant) => permissionsOf(grant).filter((permission) => !used(permission, grant, all)));
}

interface Subject {
  kind?: string;
  name?: string;
  namespace?: string;
}

interface RoleRef {
  kind?: string;
  name?: string;
}

/** The grants that reach the ServiceAccount `namespace/name` through the bindings in `objects`. */
export function grantsFor(objects: readonly KubeObject[], serviceAccount: { namespace: string; name: string }): Grant[] {
  const find = (kind: string, name: string, namespace?: string): KubeObject | undefined =>
    objects.find((o) => o.kind === kind && o.metadata.name === name && (namespace === undefined || o.metadata.namespace === namespace));
  const grants: Grant[] = [];
  for (const binding of objects) {
    if (binding.kind !== 'ClusterRoleBinding' && binding.kind !== 'RoleBinding') continue;
    const subjects = (binding.subjects ?? []) as Subject[];
    if (!subjects.some((s) => s.kind === 'ServiceAccount' && s.name === serviceAccount.name && s.namespace === serviceAccount.namespace)) continue;
    const ref = binding.roleRef as RoleRef;
    const namespace = binding.kind === 'RoleBinding' ? binding.metadata.namespace : undefined;
    const role = ref.kind === 'Role' ? find('Role', ref.name ?? '', namespace) : find('ClusterRole', ref.name ?? '');
    if (!role) throw new Error(`${binding.kind} ${binding.metadata.name} refers to ${ref.kind} ${ref.name}, which is not among the objects`);
    grants.push({
      role: role.kind === 'Role' ? `Role/${role.metadata.namespace}/${role.metadata.name}` : `ClusterRole/${role.metadata.name}`,
      rules: (role.rules ?? []) as PolicyRule[],
      ...(namespace !== undefined ? { namespace } : {}),
    });
  }
  return [...grants, basicUser];
}

/**
 * What every authenticated user holds on any cluster: kube-apiserver's bootstrap policy binds
 * the ClusterRole `system:basic-user` to `system:authenticated` (asking who one is, and what
 * one may do). The console asks who it is at start (a SelfSubjectReview).
 */
const basicUser: Grant = {
  role: 'ClusterRole/system:basic-user',
  rules: [
    { apiGroups: ['authentication.k8s.io'], resources: ['selfsubjectreviews'], verbs: ['create'] },
    { apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'], verbs: ['create'] },
  ],
};

/**
 * "deployments.apps/status" -> {resource: deployments, group: apps, subresource: status}: the
 * runtime names resources the way Kubernetes messages do (packages/runtime/src/client/
 * resource-type.ts `resourceName`), and resources never contain a dot.
 */
export function parseResourceName(text: string): Pick<ApiCall, 'group' | 'resource' | 'subresource'> {
  const [qualified = '', subresource] = text.split('/');
  const dot = qualified.indexOf('.');
  const resource = dot < 0 ? qualified : qualified.slice(0, dot);
  const group = dot < 0 ? '' : qualified.slice(dot + 1);
  return { group, resource, ...(subresource ? { subresource } : {}) };
}

/**
 * The calls in a journal's `api-call` records. Injected faults never reached the server, so
 * they are left out. The journal holds what reconciles sent; requests made outside them
 * (informers' list and watch, leader election, Events, the console) are not journaled.
 */
export function callsFromJournal(records: Iterable<TelemetryRecord>): ApiCall[] {
  const calls: ApiCall[] = [];
  for (const record of records) {
    if (record.type !== 'api-call' || record.injected) continue;
    calls.push({
      verb: record.verb,
      ...parseResourceName(record.resource),
      ...(record.namespace ? { namespace: record.namespace } : {}),
      ...(record.name ? { name: record.name } : {}),
    });
  }
  return calls;
}
