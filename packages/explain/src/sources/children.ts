/**
 * The objects it owns (its owner tree), recursively, down to the one that is not ready: a
 * Deployment's ReplicaSet's Pod in CrashLoopBackOff is named as that Pod, with the chain that
 * leads to it. A child that is ready is not descended into; a not-ready child whose own
 * children explain it gives way to them (its own failures still count). Children with the
 * same problem are one blocker ("3 Pods: Container app: CrashLoopBackOff").
 */
import type { Blocker, BlockerSeverity } from '@dojo/console-protocol';
import type { KubeObject, ObjectIdentity } from '@dojo/kube-api';
import type { BlockerSource } from '../blocker-source.ts';
import type { ObjectGraph } from '../object-graph.ts';
import { objectLink } from '../links.ts';
import { assessObject } from '../readiness/assess-object.ts';
import { ranks, type Finding } from '../readiness/finding.ts';

export interface ChildTree {
  readonly identity: ObjectIdentity;
  readonly object: KubeObject;
  readonly children: readonly ChildTree[];
}

export interface ChildrenEvidence {
  readonly children: readonly ChildTree[];
  /** The walk stopped at `maxNodes`: more objects may be owned than were looked at. */
  readonly truncated: boolean;
}

const maxDepth = 6;
const maxNodes = 400;
const maxBlockers = 8;

export const childrenSource: BlockerSource<ChildrenEvidence> = {
  name: 'children',
  cost: 'cheap',
  dependsOn: 'owner-tree',
  gather: (subject, context) => ownerTree(context.graph, subject.object.metadata.uid),
  blockers(subject, evidence) {
    const leaves = evidence.children.flatMap((child) => notReady(child, []));
    const groups = new Map<string, NotReady[]>();
    for (const leaf of leaves) {
      const key = `${leaf.identity.group}/${leaf.identity.kind}|${leaf.finding.title}`;
      groups.set(key, [...(groups.get(key) ?? []), leaf]);
    }
    const blockers = [...groups.values()].map((group) => childBlocker(group));
    const shown = blockers.sort((a, b) => a.rank - b.rank).slice(0, maxBlockers);
    if (evidence.truncated && shown.length > 0) {
      const last = shown[shown.length - 1]!;
      shown[shown.length - 1] = { ...last, evidence: [...last.evidence, { label: 'note', value: `only the first ${maxNodes} owned objects were looked at` }] };
    }
    return shown.map((b) => ({ ...b, id: `children/${b.id}` }));
  },
};

/** The owner tree below `uid`, breadth-first, at most `maxNodes` objects and `maxDepth` levels. */
export function ownerTree(graph: ObjectGraph, uid: string | undefined): ChildrenEvidence {
  let budget = maxNodes;
  let truncated = false;
  const seen = new Set<string>();
  const walk = (ownerUid: string | undefined, depth: number): ChildTree[] => {
    if (!ownerUid || depth > maxDepth || seen.has(ownerUid)) return [];
    seen.add(ownerUid);
    const nodes = graph.ownedBy(ownerUid);
    if (nodes.length > budget) truncated = true;
    const kept = nodes.slice(0, Math.max(0, budget));
    budget -= kept.length;
    return kept.map((node) => ({ ...node, children: walk(node.object.metadata.uid, depth + 1) }));
  };
  return { children: walk(uid, 1), truncated };
}

interface NotReady {
  readonly identity: ObjectIdentity;
  readonly via: readonly ObjectIdentity[];
  readonly finding: Finding;
}

function notReady(node: ChildTree, via: readonly ObjectIdentity[]): NotReady[] {
  const assessment = assessObject(node.identity, node.object);
  if (assessment.readiness === 'ready') return [];
  const below = node.children.flatMap((child) => notReady(child, [...via, node.identity]));
  const own = assessment.findings.length > 0 ? assessment.findings : [terminating(node.object)];
  const mine = (below.length > 0 ? own.filter((f) => f.severity === 'failed') : own.slice(0, 1)).map((finding) => ({ identity: node.identity, via, finding }));
  return [...mine, ...below];
}

function terminating(object: KubeObject): Finding {
  return {
    code: 'terminating',
    severity: 'progressing',
    rank: ranks.progress,
    title: 'Being deleted',
    evidence: [{ label: 'deletion requested', value: object.metadata.deletionTimestamp ?? '' }],
    tab: 'overview',
  };
}

function childBlocker(group: readonly NotReady[]): Blocker {
  const [first] = group as [NotReady, ...NotReady[]];
  const { finding, identity } = first;
  const severity: BlockerSeverity = finding.severity === 'info' ? 'progressing' : finding.severity;
  const since = group.map((g) => g.finding.since).filter((t): t is number => t !== undefined);
  const who = group.length === 1 ? `${identity.kind} ${identity.name}` : `${group.length} ${identity.kind}s`;
  return {
    id: `${identity.group}/${identity.kind}/${identity.namespace ?? ''}/${identity.name}/${finding.code}`,
    source: 'children',
    severity,
    // A child's failure ranks just after the object's own; anything else after its own progress.
    rank: severity === 'failed' ? ranks.failed + 1 : ranks.children,
    title: `${who}: ${finding.title}`,
    ...(finding.detail ? { detail: finding.detail } : {}),
    ...(since.length > 0 ? { since: Math.min(...since) } : {}),
    object: identity,
    via: first.via,
    evidence: [
      ...(first.via.length > 0 ? [{ label: 'owned through', value: first.via.map((v) => `${v.kind} ${v.name}`).join(' → ') }] : []),
      ...(group.length > 1 ? [{ label: `${identity.kind}s`, value: group.map((g) => g.identity.name).join(', ') }] : []),
      ...finding.evidence,
    ],
    links: [objectLink(`${identity.kind} ${identity.name}`, identity, finding.tab ?? 'overview')],
  };
}
