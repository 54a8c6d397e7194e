/**
 * The pvc-protection and pv-protection controllers in the running simulated cluster: a claim
 * deleted while a running Pod mounts it stays, Terminating, until that Pod is gone; its
 * provisioned volume is Released, then deleted, then let go.
 */
import { isNotFound, type KubeObject } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Pod } from '../core/workload-types.ts';
import { startSimCluster, type SimCluster } from '../testing/sim-cluster.ts';

const { namespaces, persistentVolumeClaims, persistentVolumes, pods } = builtinTypes;
const ns = 'protection';
const eventually = { timeout: 30_000, interval: 50 };

let cluster: SimCluster;

beforeAll(async () => {
  cluster = await startSimCluster();
  await cluster.client.create(namespaces, { metadata: { name: ns } });
  await cluster.startSim();
});

afterAll(async () => {
  await cluster?.stop();
});

const gone = async (get: () => Promise<unknown>): Promise<boolean> => {
  try {
    await get();
    return false;
  } catch (error) {
    if (isNotFound(error)) return true;
    throw error;
  }
};

describe('storage protection', () => {
  it('keeps a deleted claim while a running Pod mounts it, then lets it and its volume go', async () => {
    const claim = await cluster.client.create<KubeObject>(persistentVolumeClaims, {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'data', namespace: ns },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    expect(claim.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
    const volumeName = await vi.waitFor(async () => {
      const bound = await cluster.client.get<KubeObject>(persistentVolumeClaims, { namespace: ns, name: 'data' });
      expect((bound.status as { phase?: string }).phase).toBe('Bound');
      return String((bound.spec as { volumeName?: string }).volumeName);
    }, eventually);
    await cluster.client.create<Pod>(pods, {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'user', namespace: ns },
      spec: { containers: [{ name: 'app', image: 'nginx:1' }], volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] },
    } as Pod);
    await vi.waitFor(async () => expect((await cluster.client.get<Pod>(pods, { namespace: ns, name: 'user' })).status?.phase).toBe('Running'), eventually);

    await cluster.client.delete(persistentVolumeClaims, { namespace: ns, name: 'data' });
    // Given time to act, the controller still holds the claim: the Pod runs.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const held = await cluster.client.get<KubeObject>(persistentVolumeClaims, { namespace: ns, name: 'data' });
    expect(held.metadata.deletionTimestamp).toBeTruthy();
    expect(held.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);

    await cluster.client.delete(pods, { namespace: ns, name: 'user' }, { gracePeriodSeconds: 0 });
    await vi.waitFor(async () => expect(await gone(() => cluster.client.get(persistentVolumeClaims, { namespace: ns, name: 'data' }))).toBe(true), eventually);
    await vi.waitFor(async () => expect(await gone(() => cluster.client.get(persistentVolumes, { name: volumeName }))).toBe(true), eventually);
  });
});
