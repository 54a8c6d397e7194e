/**
 * Least-privilege RBAC from what a client did, as audit2rbac derives it from audit logs: the
 * rules that allow exactly the requests it made, and nothing it did not.
 *
 * - Scope: a request across every namespace or on a cluster-scoped resource needs a ClusterRole
 *   (with a ClusterRoleBinding); one in a namespace needs a Role there, unless the ClusterRole
 *   already holds that verb on that resource for every name.
 * - Names: when every request of a resource (in a scope) named its object, the rule holds those
 *   resourceNames; a `create` cannot be restricted by name (kube authorizes it before the object
 *   has one), so it gets a rule of its own. Each such rule says it may be too narrow.
 * - A streaming list (client-go's WatchList) is authorized as `watch` alone; its implied `list`
 *   (rbac-uses.ts) is granted too, and the rule says why.
 * - Rules with the same group, verbs and names are aggregated into one rule of many resources;
 *   verbs and resources are sorted as controller-gen sorts them.
 * - Non-resource URLs go into the ClusterRole; those every authenticated user already has
 *   (system:discovery...) are kept, and said to be.
 */
import type { DerivedRbacRule, RbacEvidence, RbacPolicyRule } from '@dojo/console-protocol';
import { grantedToEveryoneBy } from './rbac-everyone.ts';
import { isUrlUse, type PermissionUse, type ResourceUse, type UrlUse } from './rbac-uses.ts';

interface VerbUse {
  seq: number;
  count: number;
}

/** Everything one scope did to one resource. */
interface ResourceUsage {
  namespace: string;
  apiGroup: string;
  resource: string;
  verbs: Map<string, VerbUse>;
  names: Set<string>;
  /** A use other than create that named no object: no resourceNames rule can allow it. */
  unnamed: boolean;
  streamingList: boolean;
}

const nameless = (verb: string): boolean => verb === 'create';

function noteVerb(verbs: Map<string, VerbUse>, verb: string, seq: number): void {
  const seen = verbs.get(verb);
  if (seen) seen.count++;
  else verbs.set(verb, { seq, count: 1 });
}

function usageByResource(uses: readonly ResourceUse[]): ResourceUsage[] {
  const usages = new Map<string, ResourceUsage>();
  for (const use of uses) {
    const key = `${use.namespace}\0${use.apiGroup}\0${use.resource}`;
    let usage = usages.get(key);
    if (!usage) {
      usage = {
        namespace: use.namespace,
        apiGroup: use.apiGroup,
        resource: use.resource,
        verbs: new Map(),
        names: new Set(),
        unnamed: false,
        streamingList: false,
      };
      usages.set(key, usage);
    }
    noteVerb(usage.verbs, use.verb, use.seq);
    if (use.impliedByStreamingList) usage.streamingList = true;
    if (nameless(use.verb)) continue;
    if (use.name) usage.names.add(use.name);
    else usage.unnamed = true;
  }
  return [...usages.values()];
}

interface DraftRule {
  namespace: string;
  apiGroup: string;
  resources: string[];
  verbs: string[];
  resourceNames: string[];
  evidence: RbacEvidence[];
  notes: string[];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

function evidenceOf(usage: ResourceUsage, verbs: readonly string[]): RbacEvidence[] {
  return verbs.map((verb) => ({
    verb,
    apiGroup: usage.apiGroup,
    resource: usage.resource,
    seq: usage.verbs.get(verb)!.seq,
    count: usage.verbs.get(verb)!.count,
  }));
}

function draftsOf(usage: ResourceUsage, verbs: string[]): DraftRule[] {
  const base = { namespace: usage.namespace, apiGroup: usage.apiGroup, resources: [usage.resource] };
  const streaming = usage.streamingList
    ? [`${usage.resource}: a streaming list (WatchList) is authorized as watch alone; list is granted too, for a client-go that falls back to LIST`]
    : [];
  const restricted = !usage.unnamed && usage.names.size > 0;
  if (!restricted) return [{ ...base, verbs, resourceNames: [], evidence: evidenceOf(usage, verbs), notes: streaming }];
  const names = [...usage.names].sort(byText);
  const named = verbs.filter((v) => !nameless(v));
  const drafts: DraftRule[] = [
    {
      ...base,
      verbs: named,
      resourceNames: names,
      evidence: evidenceOf(usage, named),
      notes: [
        `${usage.resource}: only the objects it touched (${names.join(', ')}); a controller that acts on every object of the kind needs this rule without resourceNames`,
        ...streaming,
      ],
    },
  ];
  if (verbs.some(nameless)) {
    drafts.push({
      ...base,
      verbs: ['create'],
      resourceNames: [],
      evidence: evidenceOf(usage, ['create']),
      notes: [`${usage.resource}: create cannot be restricted by name (kube authorizes it before the object has one)`],
    });
  }
  return drafts;
}

/** The resource rules, cluster-wide first: a namespaced verb the ClusterRole holds for every name is left out. */
function resourceDrafts(uses: readonly ResourceUse[]): DraftRule[] {
  const usages = usageByResource(uses);
  const clusterWide = new Map<string, Set<string>>();
  const drafts: DraftRule[] = [];
  for (const usage of usages.filter((u) => u.namespace === '')) {
    const verbs = [...usage.verbs.keys()].sort(byText);
    for (const draft of draftsOf(usage, verbs)) {
      drafts.push(draft);
      if (draft.resourceNames.length === 0) {
        const key = `${usage.apiGroup}\0${usage.resource}`;
        clusterWide.set(key, new Set([...(clusterWide.get(key) ?? []), ...draft.verbs]));
      }
    }
  }
  for (const usage of usages.filter((u) => u.namespace !== '')) {
    const held = clusterWide.get(`${usage.apiGroup}\0${usage.resource}`);
    const verbs = [...usage.verbs.keys()].filter((v) => !held?.has(v)).sort(byText);
    if (verbs.length) drafts.push(...draftsOf(usage, verbs));
  }
  return drafts;
}

/** One rule of many resources for rules alike in scope, group, verbs and names (controller-gen's normalisation). */
function aggregate(drafts: readonly DraftRule[]): DraftRule[] {
  const merged = new Map<string, DraftRule>();
  for (const draft of drafts) {
    const key = [draft.namespace, draft.apiGroup, draft.verbs.join(','), draft.resourceNames.join(',')].join('\0');
    const into = merged.get(key);
    if (!into) merged.set(key, { ...draft, resources: [...draft.resources], evidence: [...draft.evidence], notes: [...draft.notes] });
    else {
      into.resources.push(...draft.resources);
      into.evidence.push(...draft.evidence);
      into.notes.push(...draft.notes.filter((n) => !into.notes.includes(n)));
    }
  }
  return [...merged.values()].map((d) => ({ ...d, resources: d.resources.sort(byText) }));
}

function urlRules(uses: readonly UrlUse[]): DerivedRbacRule[] {
  const byUrl = new Map<string, Map<string, VerbUse>>();
  for (const use of uses) {
    let verbs = byUrl.get(use.url);
    if (!verbs) byUrl.set(use.url, (verbs = new Map()));
    noteVerb(verbs, use.verb, use.seq);
  }
  const byVerbs = new Map<string, { urls: string[]; evidence: RbacEvidence[]; everyone: Set<string | undefined> }>();
  for (const [url, verbs] of [...byUrl].sort(([a], [b]) => byText(a, b))) {
    const key = [...verbs.keys()].sort(byText).join(',');
    let group = byVerbs.get(key);
    if (!group) byVerbs.set(key, (group = { urls: [], evidence: [], everyone: new Set() }));
    group.urls.push(url);
    for (const [verb, seen] of verbs) {
      group.evidence.push({ verb, nonResourceURL: url, seq: seen.seq, count: seen.count });
      group.everyone.add(grantedToEveryoneBy({ seq: seen.seq, verb, url }));
    }
  }
  return [...byVerbs].map(([verbs, group]) => {
    const roles = [...group.everyone];
    const notes = roles.every((r) => r !== undefined) ? [`every authenticated user already has these (kube's ${roles.sort(byText).join(', ')})`] : [];
    return { rule: { verbs: verbs.split(','), nonResourceURLs: group.urls }, evidence: group.evidence, notes };
  });
}

function ruleOf(draft: DraftRule): RbacPolicyRule {
  return {
    apiGroups: [draft.apiGroup],
    resources: draft.resources,
    ...(draft.resourceNames.length ? { resourceNames: draft.resourceNames } : {}),
    verbs: draft.verbs,
  };
}

/** The rules covering exactly `uses`: the ClusterRole's (resources, then URLs), then each namespace's Role, in name order. */
export function deriveRbacRules(uses: readonly PermissionUse[]): DerivedRbacRule[] {
  const drafts = aggregate(resourceDrafts(uses.filter((u): u is ResourceUse => !isUrlUse(u))));
  drafts.sort(
    (a, b) =>
      byText(a.namespace, b.namespace) ||
      byText(a.apiGroup, b.apiGroup) ||
      byText(a.resources[0]!, b.resources[0]!) ||
      b.resourceNames.length - a.resourceNames.length,
  );
  const resourceRules = drafts.map((d): DerivedRbacRule => ({
    rule: ruleOf(d),
    ...(d.namespace ? { namespace: d.namespace } : {}),
    evidence: d.evidence,
    notes: d.notes,
  }));
  const cluster = resourceRules.filter((r) => r.namespace === undefined);
  const namespaced = resourceRules.filter((r) => r.namespace !== undefined);
  return [...cluster, ...urlRules(uses.filter(isUrlUse)), ...namespaced];
}
