/**
 * kube's clusterrole-aggregation controller, run inside the API server: a ClusterRole with an
 * aggregationRule has as its `rules` the rules of every other ClusterRole its selectors match,
 * in name order, each rule once, written into the object (by the field manager
 * "clusterrole-aggregation-controller") so clients read them as on a real cluster. Any
 * ClusterRole change re-syncs every aggregated role; chains (admin <- edit <- view) settle
 * through the writes' own change events, and a role already current is not written.
 */
import { jsonEqual, LabelSelector, type KubeObject } from '@dojo/kube-api';
import { clusterRoles } from '../registry/builtin/rbac-kinds.ts';
import type { ResourceStorages } from '../registry/resource-storage.ts';
import type { ChangeEvent, RevisionedStore } from '../storage/revisioned-store.ts';
import type { PolicyRule } from './policy-rule.ts';
import type { ClusterRole } from './rbac-types.ts';

const writeOptions = { dryRun: false, fieldValidation: 'Ignore' as const, fieldManager: 'clusterrole-aggregation-controller' };

/** The rules an aggregated role should have, given every ClusterRole (syncClusterRole). */
export function aggregatedRules(role: ClusterRole, all: readonly ClusterRole[]): PolicyRule[] {
  const rules: PolicyRule[] = [];
  const byName = [...all].sort((a, b) => (a.metadata.name < b.metadata.name ? -1 : a.metadata.name > b.metadata.name ? 1 : 0));
  for (const selector of role.aggregationRule?.clusterRoleSelectors ?? []) {
    const matcher = LabelSelector.fromObject(selector as Parameters<typeof LabelSelector.fromObject>[0]);
    for (const other of byName) {
      if (other.metadata.name === role.metadata.name || !matcher.matches(other.metadata.labels)) continue;
      for (const rule of other.rules ?? []) if (!rules.some((r) => jsonEqual(r, rule))) rules.push(rule);
    }
  }
  return rules;
}

export class ClusterRoleAggregation {
  #unsubscribe: () => void = () => {};
  #scheduled = false;
  #stopped = false;

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
    const all = this.revisioned.list(clusterRoles.bucket).map((s) => JSON.parse(s.json) as ClusterRole);
    const store = this.storage.of(clusterRoles).main;
    for (const role of all) {
      if (!role.aggregationRule) continue;
      const rules = aggregatedRules(role, all);
      if (jsonEqual(rules, role.rules ?? [])) continue;
      try {
        await store.update(undefined, role.metadata.name, (latest: KubeObject) => ({ ...latest, rules }), writeOptions);
      } catch {
        // Deleted or changed meanwhile: its own change event schedules the next sync.
      }
    }
  }
}
