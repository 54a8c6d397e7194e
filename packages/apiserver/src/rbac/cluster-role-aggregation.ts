/**
 * kube's clusterrole-aggregation controller, run inside the API server: a ClusterRole with an
 * aggregationRule has as its `rules` the rules of every other ClusterRole its selectors match,
 * in name order, each rule once, written into the object (by the field manager
 * "clusterrole-aggregation-controller") so clients read them as on a real cluster. Any
 * ClusterRole change re-syncs every aggregated role; chains (admin <- edit <- view) settle
 * through the writes' own change events, and a role already current is not written.
 *
 * Run inside the server, a pass must stay cheap however large the roles: rules are told apart
 * by a key (not by comparing each with all before it, quadratic in a role of thousands), each
 * role is parsed once a revision, and a role written in a pass is read as written by the rest
 * of that pass, so chains and roles that select each other settle in a pass or two.
 */
import { LabelSelector, type KubeObject } from '@dojo/kube-api';
import { clusterRoles } from '../registry/builtin/rbac-kinds.ts';
import type { ResourceStorages } from '../registry/resource-storage.ts';
import type { ChangeEvent, RevisionedStore } from '../storage/revisioned-store.ts';
import type { PolicyRule } from './policy-rule.ts';
import type { ClusterRole } from './rbac-types.ts';

const writeOptions = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'clusterrole-aggregation-controller' };

/** Equal for rules equal to equality.Semantic.DeepEqual (kube's ruleExists), where a nil list is an empty one. */
const ruleKey = (rule: PolicyRule): string =>
  JSON.stringify([rule.verbs ?? [], rule.apiGroups ?? [], rule.resources ?? [], rule.resourceNames ?? [], rule.nonResourceURLs ?? []]);

/** Semantic.DeepEqual of two rule lists (order counts), by key: linear in a role of thousands. */
function sameRules(a: readonly PolicyRule[], b: readonly PolicyRule[]): boolean {
  return a.length === b.length && a.every((rule, i) => ruleKey(rule) === ruleKey(b[i]!));
}

/** The rules an aggregated role should have, given every ClusterRole (syncClusterRole). */
export function aggregatedRules(role: ClusterRole, all: readonly ClusterRole[]): PolicyRule[] {
  const rules: PolicyRule[] = [];
  const seen = new Set<string>();
  const byName = [...all].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  for (const selector of role.aggregationRule?.clusterRoleSelectors ?? []) {
    const matcher = LabelSelector.fromObject(selector as Parameters<typeof LabelSelector.fromObject>[0]);
    for (const other of byName) {
      if (other.metadata.name === role.metadata.name || !matcher.matches(other.metadata.labels)) continue;
      for (const rule of other.rules ?? []) {
        const key = ruleKey(rule);
        if (seen.has(key)) continue;
        seen.add(key);
        rules.push(rule);
      }
    }
  }
  return rules;
}

export class ClusterRoleAggregation {
  #unsubscribe: () => void = () => {};
  #scheduled = false;
  #stopped = false;
  readonly #parsed = new Map<string, { rev: number; role: ClusterRole }>();

  constructor(
    private readonly revisioned: RevisionedStore,
    private readonly storage: ResourceStorages,
  ) {}

  start(): void {
    this.#unsubscribe = this.revisioned.onChange((events: readonly ChangeEvent[]) => {
      if (events.some((e) => e.bucket === clusterRoles.bucket)) this.#schedule();
    });
    this.#schedule();
  }

  stop(): void {
    this.#stopped = true;
    this.#unsubscribe();
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      if (!this.#stopped) void this.syncAll();
    });
  }

  /** Brings every aggregated ClusterRole's rules up to date; resolves once written. */
  async syncAll(): Promise<void> {
    // Parsed once a revision: a role of thousands of rules is not parsed again on every change.
    const all = this.revisioned.list(clusterRoles.bucket).map((s) => {
      const cached = this.#parsed.get(s.name);
      if (cached?.rev === s.rev) return cached.role;
      const role = JSON.parse(s.json) as ClusterRole;
      this.#parsed.set(s.name, { rev: s.rev, role });
      return role;
    });
    const names = new Set(all.map((r) => r.metadata.name));
    for (const name of this.#parsed.keys()) if (!names.has(name)) this.#parsed.delete(name);
    const store = this.storage.of(clusterRoles).main;
    for (const [i, role] of all.entries()) {
      if (!role.aggregationRule) continue;
      let rules: PolicyRule[];
      try {
        rules = aggregatedRules(role, all);
      } catch {
        // A selector stored before it was validated: that role stays as it is; the others go on.
        continue;
      }
      if (sameRules(rules, role.rules ?? [])) continue;
      try {
        await store.update(undefined, role.metadata.name, (latest: KubeObject) => ({ ...latest, rules }), writeOptions);
        // Later roles of this pass read it as written: a chain settles in one pass, not one a link.
        all[i] = { ...role, rules };
      } catch {
        // Deleted or changed meanwhile: its own change event schedules the next sync.
      }
    }
  }
}
