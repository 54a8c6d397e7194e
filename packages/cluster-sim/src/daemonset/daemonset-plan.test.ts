import { describe, expect, it } from 'vitest';
import type { DaemonSet, Node, NodeTaint } from '../core/apps-types.ts';
import type { Pod } from '../core/workload-types.ts';
import { planDaemonSet } from './daemonset-plan.ts';
import { nodeShouldRunDaemonPod } from './node-fit.ts';

const now = Date.parse('2024-01-01T00:10:00Z');
const ds = (spec: Partial<DaemonSet['spec']> = {}, podSpec: Record<string, unknown> = {}): DaemonSet => ({
  metadata: { name: 'agent', namespace: 'ns', generation: 1 },
  spec: {
    selector: { matchLabels: { app: 'agent' } },
    template: { metadata: { labels: { app: 'agent' } }, spec: { containers: [{ name: 'a' }], ...podSpec } },
    ...spec,
  },
});
const node = (name: string, options: { labels?: Record<string, string>; taints?: NodeTaint[] } = {}): Node => ({
  metadata: { name, labels: options.labels ?? {} },
  spec: { taints: options.taints ?? [] },
});
const pod = (name: string, nodeName: string, options: { hash?: string; ready?: boolean; phase?: 'Running' | 'Failed'; created?: string } = {}): Pod => ({
  metadata: { name, labels: { 'controller-revision-hash': options.hash ?? 'new' }, creationTimestamp: options.created ?? '2024-01-01T00:00:00Z' },
  spec: { containers: [{ name: 'a' }], nodeName },
  status: {
    phase: options.phase ?? 'Running',
    conditions: [{ type: 'Ready', status: options.ready === false ? 'False' : 'True', lastTransitionTime: '2024-01-01T00:00:00Z' }],
  },
});
const plan = (set: DaemonSet, nodes: Node[], pods: Pod[]): { create: string[]; delete: string[] } => {
  const result = planDaemonSet({ ds: set, nodes, pods, hash: 'new', nowMs: now });
  return { create: result.create, delete: result.delete.map((p) => p.metadata.name ?? '') };
};

describe('nodeShouldRunDaemonPod', () => {
  it('runs on a Node whose labels match the nodeSelector only', () => {
    expect(nodeShouldRunDaemonPod(node('a', { labels: { disk: 'ssd' } }), ds({}, { nodeSelector: { disk: 'ssd' } })).shouldRun).toBe(true);
    expect(nodeShouldRunDaemonPod(node('b'), ds({}, { nodeSelector: { disk: 'ssd' } }))).toEqual({ shouldRun: false, shouldContinueRunning: false });
  });

  it('keeps a running Pod on a NoSchedule taint but leaves a NoExecute one', () => {
    expect(nodeShouldRunDaemonPod(node('a', { taints: [{ key: 'dedicated', effect: 'NoSchedule' }] }), ds())).toEqual({
      shouldRun: false,
      shouldContinueRunning: true,
    });
    expect(nodeShouldRunDaemonPod(node('a', { taints: [{ key: 'dedicated', effect: 'NoExecute' }] }), ds())).toEqual({
      shouldRun: false,
      shouldContinueRunning: false,
    });
  });

  it('tolerates a cordoned Node, as every daemon does, and the taints the Pod tolerates', () => {
    expect(nodeShouldRunDaemonPod(node('a', { taints: [{ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }] }), ds()).shouldRun).toBe(true);
    expect(
      nodeShouldRunDaemonPod(
        node('a', { taints: [{ key: 'dedicated', value: 'logs', effect: 'NoSchedule' }] }),
        ds({}, { tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'logs' }] }),
      ).shouldRun,
    ).toBe(true);
  });
});

describe('planDaemonSet', () => {
  it('creates a Pod on every Node without one', () => {
    expect(plan(ds(), [node('a'), node('b')], [pod('p1', 'a')])).toEqual({ create: ['b'], delete: [] });
  });

  it('deletes a failed Pod, extra Pods but the oldest, and Pods on Nodes that are gone', () => {
    const pods = [
      pod('failed', 'a', { phase: 'Failed' }),
      pod('old', 'b', { created: '2024-01-01T00:00:00Z' }),
      pod('young', 'b', { created: '2024-01-01T00:05:00Z' }),
      pod('stray', 'gone'),
    ];
    expect(plan(ds(), [node('a'), node('b')], pods)).toEqual({ create: [], delete: ['failed', 'young', 'stray'] });
  });

  it('replaces one outdated Pod at a time by default', () => {
    const pods = [pod('p1', 'a', { hash: 'old' }), pod('p2', 'b', { hash: 'old' }), pod('p3', 'c', { hash: 'old' })];
    expect(plan(ds(), [node('a'), node('b'), node('c')], pods)).toEqual({ create: [], delete: ['p1'] });
    expect(plan(ds(), [node('a'), node('b'), node('c')], [pod('n1', 'a', { ready: false }), ...pods.slice(1)])).toEqual({ create: [], delete: [] });
  });

  it('replaces an outdated Pod that is not available at once, and up to maxUnavailable others', () => {
    const pods = [pod('p1', 'a', { hash: 'old', ready: false }), pod('p2', 'b', { hash: 'old' }), pod('p3', 'c', { hash: 'old' })];
    expect(plan(ds(), [node('a'), node('b'), node('c')], pods).delete).toEqual(['p1']);
    const wide = ds({ updateStrategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '100%' } } });
    expect(plan(wide, [node('a'), node('b'), node('c')], pods).delete).toEqual(['p1', 'p2', 'p3']);
  });

  it('replaces nothing under OnDelete', () => {
    expect(plan(ds({ updateStrategy: { type: 'OnDelete' } }), [node('a')], [pod('p1', 'a', { hash: 'old' })])).toEqual({ create: [], delete: [] });
  });
});
