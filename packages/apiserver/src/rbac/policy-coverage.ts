/**
 * Whether one set of RBAC rules covers another, as kube decides it before letting a user grant
 * permissions (k8s.io/component-helpers auth/rbac/validation Covers, and the message parts of
 * pkg/registry/rbac/validation): each granted rule is broken into single verb/group/resource/
 * name rules, and each must be covered by one owned rule; `*` covers all, `*\/sub` covers that
 * subresource of every resource, a URL ending in `*` covers by prefix, and an owned rule with
 * resourceNames covers only those names.
 */
import type { PolicyRule } from './policy-rule.ts';

/** kube's BreakdownRule: one rule per group x resource x verb (x name), and per URL x verb. */
export function breakdownRule(rule: PolicyRule): PolicyRule[] {
  const out: PolicyRule[] = [];
  for (const group of rule.apiGroups ?? []) {
    for (const resource of rule.resources ?? []) {
      for (const verb of rule.verbs) {
        if (rule.resourceNames?.length)
          for (const name of rule.resourceNames) out.push({ apiGroups: [group], resources: [resource], verbs: [verb], resourceNames: [name] });
        else out.push({ apiGroups: [group], resources: [resource], verbs: [verb] });
      }
    }
  }
  for (const url of rule.nonResourceURLs ?? []) for (const verb of rule.verbs) out.push({ nonResourceURLs: [url], verbs: [verb] });
  return out;
}

const hasAll = (set: readonly string[], wanted: readonly string[]): boolean => wanted.every((w) => set.includes(w));

function resourcesCovered(owned: readonly string[], wanted: readonly string[]): boolean {
  if (owned.includes('*') || hasAll(owned, wanted)) return true;
  return wanted.every((path) => {
    if (owned.includes(path)) return true;
    const slash = path.indexOf('/');
    return slash >= 0 && owned.includes(`*/${path.slice(slash + 1)}`);
  });
}

const urlCovered = (owned: string, path: string): boolean => owned === path || (owned.endsWith('*') && path.startsWith(owned.replace(/\*+$/, '')));

function ruleCovers(owner: PolicyRule, sub: PolicyRule): boolean {
  const ownerNames = owner.resourceNames ?? [];
  const subNames = sub.resourceNames ?? [];
  return (
    (owner.verbs.includes('*') || hasAll(owner.verbs, sub.verbs)) &&
    ((owner.apiGroups ?? []).includes('*') || hasAll(owner.apiGroups ?? [], sub.apiGroups ?? [])) &&
    resourcesCovered(owner.resources ?? [], sub.resources ?? []) &&
    (sub.nonResourceURLs ?? []).every((path) => (owner.nonResourceURLs ?? []).some((o) => urlCovered(o, path))) &&
    (subNames.length === 0 ? ownerNames.length === 0 : ownerNames.length === 0 || hasAll(ownerNames, subNames))
  );
}

/** The broken-down rules of `servant` that no rule of `owner` covers (none: covered). */
export function uncoveredRules(owner: readonly PolicyRule[], servant: readonly PolicyRule[]): PolicyRule[] {
  return servant.flatMap(breakdownRule).filter((sub) => !owner.some((o) => ruleCovers(o, sub)));
}

/** kube's CompactRules: single-resource rules of one group, resource and name share one verb list. */
export function compactRules(rules: readonly PolicyRule[]): PolicyRule[] {
  const simple = new Map<string, PolicyRule>();
  const others: PolicyRule[] = [];
  for (const rule of rules) {
    const isSimple = !rule.nonResourceURLs?.length && rule.apiGroups?.length === 1 && rule.resources?.length === 1 && (rule.resourceNames?.length ?? 0) <= 1;
    if (!isSimple) {
      others.push(rule);
      continue;
    }
    const key = JSON.stringify([rule.apiGroups![0], rule.resources![0], rule.resourceNames?.[0] ?? null]);
    const existing = simple.get(key);
    if (existing) existing.verbs = [...existing.verbs, ...rule.verbs];
    else simple.set(key, { ...rule, verbs: [...rule.verbs] });
  }
  return [...others, ...simple.values()];
}

/** Go's %q of a []string: `["a" "b"]`. */
export const goQuotedList = (values: readonly string[]): string => `[${values.map((v) => JSON.stringify(v)).join(' ')}]`;

/** kube's CompactString: `{APIGroups:["apps"], Resources:["deployments"], Verbs:["get"]}`. */
export function compactString(rule: PolicyRule): string {
  const parts: string[] = [];
  if (rule.apiGroups?.length) parts.push(`APIGroups:${goQuotedList(rule.apiGroups)}`);
  if (rule.resources?.length) parts.push(`Resources:${goQuotedList(rule.resources)}`);
  if (rule.nonResourceURLs?.length) parts.push(`NonResourceURLs:${goQuotedList(rule.nonResourceURLs)}`);
  if (rule.resourceNames?.length) parts.push(`ResourceNames:${goQuotedList(rule.resourceNames)}`);
  if (rule.verbs.length) parts.push(`Verbs:${goQuotedList(rule.verbs)}`);
  return `{${parts.join(', ')}}`;
}
