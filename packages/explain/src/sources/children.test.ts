import { describe, expect, it } from 'vitest';
import { identityOf, type KubeObject } from '@dojo/kube-api';
import type { ObjectGraph } from '../object-graph.ts';
import { childrenSource, ownerTree, type ChildTree } from './children.ts';
import { context, dojo, subject } from '../testing/explain-fixtures.ts';

const owned = (
  kind: string,
  apiVersion: string,
  name: string,
  ownerUid: string,
  status: Record<string, unknown>,
  spec: Record<string, unknown> = {},
): KubeObject => ({
  apiVersion,
  kind,
  metadata: { name, namespace: 'default', uid: `${name}-uid`, ownerReferences: [{ apiVersion: 'x', kind: 'x', name: 'x', uid: ownerUid, controller: true }] },
  spec,
  status,
});
const crashing = (name: string, ownerUid: string) =>
  owned('Pod', 'v1', name, ownerUid, {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'False' }],
    containerStatuses: [{ name: 'app', restartCount: 5, state: { waiting: { reason: 'CrashLoopBackOff' } } }],
  });
const deployment = owned(
  'Deployment',
  'apps/v1',
  'web',
  'dojo-uid',
  { replicas: 2, updatedReplicas: 2, readyReplicas: 0, availableReplicas: 0 },
  { replicas: 2 },
);
const replicaSet = owned('ReplicaSet', 'apps/v1', 'web-abc', 'web-uid', { replicas: 2, readyReplicas: 0 }, { replicas: 2 });
const node = (object: KubeObject, children: ChildTree[] = []): ChildTree => ({ identity: identityOf(object), object, children });

describe('the children source', () => {
  it('names the Pods at the bottom of the owner tree, through the chain that owns them', () => {
    const tree = [node(deployment, [node(replicaSet, [node(crashing('web-abc-1', 'web-abc-uid')), node(crashing('web-abc-2', 'web-abc-uid'))])])];
    const [blocker, ...rest] = childrenSource.blockers(subject(dojo()), { children: tree, truncated: false });
    expect(rest).toEqual([]);
    expect(blocker).toMatchObject({ severity: 'failed', title: '2 Pods: Container app: CrashLoopBackOff', object: { kind: 'Pod', name: 'web-abc-1' } });
    expect(blocker!.via!.map((v) => v.kind)).toEqual(['Deployment', 'ReplicaSet']);
    expect(blocker!.evidence.slice(0, 2)).toEqual([
      { label: 'owned through', value: 'Deployment web → ReplicaSet web-abc' },
      { label: 'Pods', value: 'web-abc-1, web-abc-2' },
    ]);
  });

  it("names a child's own problem when none of its children explain it", () => {
    const [blocker] = childrenSource.blockers(subject(dojo()), { children: [node(deployment, [node(replicaSet)])], truncated: false });
    expect(blocker).toMatchObject({ severity: 'progressing', title: 'ReplicaSet web-abc: 0 of 2 Pods ready' });
  });

  it('says nothing of ready children', () => {
    const ready = owned('Pod', 'v1', 'ok', 'dojo-uid', { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] });
    expect(childrenSource.blockers(subject(dojo()), { children: [node(ready)], truncated: false })).toEqual([]);
  });

  it('walks the owner tree through the graph, and stops at an ownership loop', () => {
    const a = owned('ConfigMap', 'v1', 'a', 'b-uid', {});
    const b = owned('ConfigMap', 'v1', 'b', 'a-uid', {});
    const graph: ObjectGraph = {
      get: () => undefined,
      list: () => [],
      watches: () => true,
      ownedBy: (uid) => [a, b].filter((o) => o.metadata.ownerReferences![0]!.uid === uid).map((object) => ({ identity: identityOf(object), object })),
    };
    const { children } = ownerTree(graph, 'a-uid');
    expect(children.map((c) => c.identity.name)).toEqual(['b']);
    expect(children[0]!.children.map((c) => c.identity.name)).toEqual(['a']);
    expect(children[0]!.children[0]!.children).toEqual([]);
    expect(childrenSource.gather(subject(dojo()), context({ graph }))).toEqual({ children: [], truncated: false });
  });
});
