import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { podFindings } from './pods.ts';

const pod = (status: Record<string, unknown>, spec: Record<string, unknown> = { nodeName: 'node-1' }): KubeObject => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'default' },
  spec,
  status,
});
const notReady = { type: 'Ready', status: 'False', reason: 'ContainersNotReady', lastTransitionTime: '2026-01-01T11:59:00Z' };

describe('why a Pod is not Ready', () => {
  it('names a crash-looping container with its restarts and last exit', () => {
    const [finding] = podFindings(
      pod({
        phase: 'Running',
        conditions: [notReady],
        containerStatuses: [
          {
            name: 'app',
            image: 'busybox:crash',
            ready: false,
            restartCount: 4,
            state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 40s' } },
            lastState: { terminated: { exitCode: 1, reason: 'Error' } },
          },
        ],
      }),
    );
    expect(finding).toMatchObject({
      severity: 'failed',
      title: 'Container app: CrashLoopBackOff',
      detail: 'back-off 40s',
      since: Date.parse('2026-01-01T11:59:00Z'),
      tab: 'logs',
    });
    expect(finding!.evidence).toEqual([
      { label: 'image', value: 'busybox:crash' },
      { label: 'restarts', value: '4' },
      { label: 'last exit', value: 'Error (code 1)' },
    ]);
  });

  it('calls an image that cannot be pulled a failure', () => {
    const [finding] = podFindings(
      pod({ phase: 'Pending', conditions: [notReady], containerStatuses: [{ name: 'app', state: { waiting: { reason: 'ImagePullBackOff' } } }] }),
    );
    expect(finding).toMatchObject({ severity: 'failed', title: 'Container app: ImagePullBackOff' });
  });

  it('still calls a crash loop one while the container runs between back-offs', () => {
    const [finding] = podFindings(
      pod({
        phase: 'Running',
        conditions: [notReady],
        containerStatuses: [{ name: 'app', ready: false, restartCount: 3, state: { running: {} }, lastState: { terminated: { exitCode: 1 } } }],
      }),
    );
    expect(finding?.title).toBe('Container app: CrashLoopBackOff');
  });

  it('says a container on its way progresses', () => {
    const [finding] = podFindings(
      pod({ phase: 'Pending', conditions: [notReady], containerStatuses: [{ name: 'app', state: { waiting: { reason: 'ContainerCreating' } } }] }),
    );
    expect(finding).toMatchObject({ severity: 'progressing', title: 'Container app: ContainerCreating' });
  });

  it('tells a Pod nobody scheduled from one its kubelet has not started', () => {
    expect(podFindings(pod({}, {}))[0]?.title).toBe('Pending: not scheduled yet');
    expect(podFindings(pod({}))[0]?.title).toBe('Pending on node-1: its containers have not started');
    const unschedulable = podFindings(
      pod({ phase: 'Pending', conditions: [{ type: 'PodScheduled', status: 'False', reason: 'Unschedulable', message: '0/3 nodes are available' }] }, {}),
    );
    expect(unschedulable[0]).toMatchObject({ severity: 'blocked', title: 'Cannot be scheduled: Unschedulable', detail: '0/3 nodes are available' });
  });

  it('finds nothing wrong with a Ready or Succeeded Pod, and a failure in a Failed one', () => {
    expect(podFindings(pod({ phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] }))).toEqual([]);
    expect(podFindings(pod({ phase: 'Succeeded' }))).toEqual([]);
    expect(podFindings(pod({ phase: 'Failed', reason: 'Evicted', message: 'low on memory' }))[0]).toMatchObject({
      severity: 'failed',
      title: 'Failed: Evicted',
      detail: 'low on memory',
    });
  });
});
