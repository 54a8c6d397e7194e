import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { buildOwnerTree, countNodes, type OwnerTreeNode } from './owner-tree.ts';

const obj = (kind: string, name: string, owners: string[] = []): { object: KubeObject; type: string } => ({
  type: kind,
  object: {
    kind,
    metadata: {
      name,
      namespace: 'default',
      uid: `${kind}-${name}`,
      ownerReferences: owners.map((uid) => ({ apiVersion: 'v1', kind: uid.split('-')[0]!, name: uid.split('-')[1]!, uid })),
    },
  },
});

const shape = (node: OwnerTreeNode<string>): unknown => [node.object.metadata.name, node.children.map(shape)];

describe('buildOwnerTree', () => {
  it('follows owner references down from the root', () => {
    const dojo = obj('Dojo', 'hall');
    const tree = buildOwnerTree(dojo, [
      obj('Deployment', 'hall', ['Dojo-hall']),
      obj('ReplicaSet', 'hall-abc', ['Deployment-hall']),
      obj('Pod', 'hall-abc-2', ['ReplicaSet-hall-abc']),
      obj('Pod', 'hall-abc-1', ['ReplicaSet-hall-abc']),
      obj('Database', 'hall', ['Dojo-hall']),
      obj('Secret', 'unrelated'),
    ]);
    expect(countNodes(tree)).toBe(6);
    expect(tree.children.map((c) => c.object.kind)).toEqual(['Database', 'Deployment']);
  });

  it('does not loop on an ownership cycle', () => {
    const a = obj('A', 'a', ['B-b']);
    const b = obj('B', 'b', ['A-a']);
    const tree = buildOwnerTree(a, [a, b]);
    expect(shape(tree)).toEqual(['a', [['b', []]]]);
  });
});
