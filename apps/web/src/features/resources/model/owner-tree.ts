/**
 * The ownership tree under an object (Dojo -> Deployment -> ReplicaSet -> Pods, Database ->
 * Secret, ...), built from `metadata.ownerReferences` the way the garbage collector reads
 * them: a child names its owner by uid. Works for any kinds; cycles cannot loop it.
 */
import type { KubeObject } from '@dojo/kube-api';

export interface Typed<T> {
  object: KubeObject;
  type: T;
}

export interface OwnerTreeNode<T> extends Typed<T> {
  children: OwnerTreeNode<T>[];
}

function label(obj: KubeObject): string {
  return `${obj.kind ?? ''}/${obj.metadata.namespace ?? ''}/${obj.metadata.name ?? ''}`;
}

export function buildOwnerTree<T>(root: Typed<T>, candidates: readonly Typed<T>[]): OwnerTreeNode<T> {
  const byOwner = new Map<string, Typed<T>[]>();
  for (const candidate of candidates) {
    for (const ref of candidate.object.metadata.ownerReferences ?? []) {
      const list = byOwner.get(ref.uid) ?? [];
      list.push(candidate);
      byOwner.set(ref.uid, list);
    }
  }
  const seen = new Set<string>();
  const grow = (node: Typed<T>): OwnerTreeNode<T> => {
    const uid = node.object.metadata.uid;
    if (uid) seen.add(uid);
    const children = (uid ? (byOwner.get(uid) ?? []) : [])
      .filter((child) => !child.object.metadata.uid || !seen.has(child.object.metadata.uid))
      .sort((a, b) => label(a.object).localeCompare(label(b.object)))
      .map(grow);
    return { ...node, children };
  };
  return grow(root);
}

export function countNodes<T>(node: OwnerTreeNode<T>): number {
  return 1 + node.children.reduce((sum, child) => sum + countNodes(child), 0);
}
