import { describe, expect, it } from 'vitest';
import type { Pod } from '../core/workload-types.ts';
import { podsToDelete } from './pod-deletion-order.ts';

function pod(
  name: string,
  options: { node?: string; phase?: 'Pending' | 'Running'; ready?: boolean; readySince?: string; created?: string; restarts?: number } = {},
): Pod {
  return {
    metadata: { name, creationTimestamp: options.created ?? '2024-01-01T00:00:00Z' },
    spec: { containers: [{ name: 'app' }], ...(options.node ? { nodeName: options.node } : {}) },
    status: {
      phase: options.phase ?? 'Running',
      conditions: [{ type: 'Ready', status: options.ready ? 'True' : 'False', lastTransitionTime: options.readySince ?? '2024-01-01T00:00:00Z' }],
      containerStatuses: [
        { name: 'app', image: 'x', imageID: '', ready: Boolean(options.ready), restartCount: options.restarts ?? 0, state: {}, lastState: {} },
      ],
    },
  };
}

describe('podsToDelete', () => {
  it('removes unscheduled, then pending, then unready Pods before ready ones', () => {
    const pods = [pod('ready', { node: 'n', ready: true }), pod('unready', { node: 'n' }), pod('pending', { node: 'n', phase: 'Pending' }), pod('unscheduled')];
    expect(podsToDelete(pods, 4).map((p) => p.metadata.name)).toEqual(['unscheduled', 'pending', 'unready', 'ready']);
  });

  it('removes the Pod ready for less time, then the one with more restarts, then the newer', () => {
    const recent = pod('recent', { node: 'n', ready: true, readySince: '2024-01-01T00:05:00Z' });
    const old = pod('old', { node: 'n', ready: true, readySince: '2024-01-01T00:01:00Z' });
    expect(podsToDelete([old, recent], 1)[0]?.metadata.name).toBe('recent');
    const crashy = pod('crashy', { node: 'n', restarts: 4 });
    const calm = pod('calm', { node: 'n' });
    expect(podsToDelete([calm, crashy], 1)[0]?.metadata.name).toBe('crashy');
    const newer = pod('newer', { node: 'n', created: '2024-01-02T00:00:00Z' });
    const older = pod('older', { node: 'n' });
    expect(podsToDelete([older, newer], 1)[0]?.metadata.name).toBe('newer');
  });
});
