import type { KubeObject, WatchEvent } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ControllerRevision, PersistentVolumeClaim, StatefulSet } from './core/apps-types.ts';
import type { Pod } from './core/workload-types.ts';
import { startSimCluster, type SimCluster } from './testing/sim-cluster.ts';

const { controllerRevisions, events, namespaces, persistentVolumeClaims, persistentVolumes, pods, statefulSets } = builtinTypes;
const ns = 'stateful';
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

function statefulSet(name: string, replicas: number, spec: Partial<StatefulSet['spec']> = {}): StatefulSet {
  return {
    apiVersion: 'apps/v1',
    kind: 'StatefulSet',
    metadata: { name, namespace: ns },
    spec: {
      replicas,
      serviceName: name,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: 'nginx:1' }] } },
      ...spec,
    },
  };
}

const claimTemplate = {
  metadata: { name: 'data' },
  spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
} as PersistentVolumeClaim;

/** Every Pod event for app=<app> from now until `stop()`. */
function recordPods(app: string): { seen: WatchEvent<Pod>[]; stop: () => void } {
  const abort = new AbortController();
  const seen: WatchEvent<Pod>[] = [];
  void (async () => {
    for await (const event of cluster.client.watch<Pod>(pods, { namespace: ns, labelSelector: `app=${app}`, signal: abort.signal })) seen.push(event);
  })().catch(() => {});
  return { seen, stop: () => abort.abort() };
}

const isReady = (pod: Pod | undefined): boolean =>
  pod?.status?.phase === 'Running' && pod.status.conditions?.some((c) => c.type === 'Ready' && c.status === 'True') === true;

/** The names in the order they were first added (ADDED events). */
const added = (seen: readonly WatchEvent<Pod>[]): string[] => seen.filter((e) => e.type === 'ADDED').map((e) => e.object.metadata.name ?? '');
const deleted = (seen: readonly WatchEvent<Pod>[]): string[] => seen.filter((e) => e.type === 'DELETED').map((e) => e.object.metadata.name ?? '');

const rollout = (name: string): Promise<string> => cluster.kubectlOk(['-n', ns, 'rollout', 'status', `statefulset/${name}`, '--timeout=60s']);
const getSet = (name: string): Promise<StatefulSet> => cluster.client.get<StatefulSet>(statefulSets, { namespace: ns, name });
const podsOf = async (app: string): Promise<Pod[]> => (await cluster.client.list<Pod>(pods, { namespace: ns, labelSelector: `app=${app}` })).items;

describe.concurrent('StatefulSets', () => {
  it('create Pods one at a time in ordinal order, each once the ones below are Running and Ready, with their claims', async () => {
    const watch = recordPods('web');
    await vi.waitFor(() => expect(watch.seen).toBeDefined());
    await cluster.client.create(statefulSets, statefulSet('web', 3, { volumeClaimTemplates: [claimTemplate] }));
    expect(await rollout('web')).toContain('partitioned roll out complete: 3 new pods have been updated');
    watch.stop();

    expect(added(watch.seen)).toEqual(['web-0', 'web-1', 'web-2']);
    const alive = new Map<string, Pod>();
    for (const event of watch.seen) {
      if (event.type === 'ADDED') {
        const ordinal = Number((event.object.metadata.name ?? '').split('-')[1]);
        for (let lower = 0; lower < ordinal; lower++) expect(isReady(alive.get(`web-${lower}`))).toBe(true);
      }
      if (event.type === 'ADDED' || event.type === 'MODIFIED') alive.set(event.object.metadata.name ?? '', event.object);
    }

    const set = await getSet('web');
    const pod = (await podsOf('web')).find((p) => p.metadata.name === 'web-1');
    expect(pod?.metadata.labels).toMatchObject({
      app: 'web',
      'statefulset.kubernetes.io/pod-name': 'web-1',
      'apps.kubernetes.io/pod-index': '1',
      'controller-revision-hash': set.status?.updateRevision,
    });
    expect(pod?.metadata.ownerReferences).toEqual([
      { apiVersion: 'apps/v1', kind: 'StatefulSet', name: 'web', uid: set.metadata.uid, controller: true, blockOwnerDeletion: true },
    ]);
    expect(pod?.spec).toMatchObject({ hostname: 'web-1', subdomain: 'web', volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-web-1' } }] });
    expect(set.status).toMatchObject({
      replicas: 3,
      readyReplicas: 3,
      currentReplicas: 3,
      updatedReplicas: 3,
      availableReplicas: 3,
      observedGeneration: 1,
      collisionCount: 0,
    });
    expect(set.status?.currentRevision).toBe(set.status?.updateRevision);
    expect(set.status?.updateRevision).toMatch(/^web-[bcdfghjklmnpqrstvwxz2456789]+$/);

    await vi.waitFor(async () => {
      const claim = await cluster.client.get<PersistentVolumeClaim>(persistentVolumeClaims, { namespace: ns, name: 'data-web-0' });
      expect(claim.status?.phase).toBe('Bound');
      expect(claim.spec).toMatchObject({ storageClassName: 'standard', volumeName: `pvc-${claim.metadata.uid}` });
      expect(claim.metadata.labels).toEqual({ app: 'web' });
      expect(claim.metadata.ownerReferences).toBeUndefined();
    }, eventually);
    await vi.waitFor(async () => {
      const created = (await cluster.client.list(events, { namespace: ns, fieldSelector: 'involvedObject.name=web,reason=SuccessfulCreate' })).items.map((e) =>
        String(e.message),
      );
      expect(created).toEqual(
        expect.arrayContaining(['create Pod web-0 in StatefulSet web successful', 'create Claim data-web-0 Pod web-0 in StatefulSet web success']),
      );
    }, eventually);
  });

  it('roll out a new template from the highest ordinal down to the partition, one Pod at a time', async () => {
    await cluster.client.create(statefulSets, statefulSet('roll', 3));
    await rollout('roll');
    const first = (await getSet('roll')).status?.currentRevision;
    const watch = recordPods('roll');
    await cluster.client.patch(
      statefulSets,
      { namespace: ns, name: 'roll' },
      {
        type: 'merge',
        body: {
          spec: {
            updateStrategy: { type: 'RollingUpdate', rollingUpdate: { partition: 1 } },
            template: { spec: { containers: [{ name: 'app', image: 'nginx:2' }] } },
          },
        },
      },
    );
    expect(await rollout('roll')).toContain('partitioned roll out complete: 2 new pods have been updated');
    expect(deleted(watch.seen)).toEqual(['roll-2', 'roll-1']);
    const images = Object.fromEntries((await podsOf('roll')).map((p) => [p.metadata.name, p.spec.containers[0]?.image]));
    expect(images).toEqual({ 'roll-0': 'nginx:1', 'roll-1': 'nginx:2', 'roll-2': 'nginx:2' });
    const set = await getSet('roll');
    expect(set.status).toMatchObject({ currentRevision: first, currentReplicas: 1, updatedReplicas: 2 });

    await cluster.client.patch(
      statefulSets,
      { namespace: ns, name: 'roll' },
      { type: 'merge', body: { spec: { updateStrategy: { rollingUpdate: { partition: 0 } } } } },
    );
    // The partition is defaulted to 0, so kubectl reports a partitioned roll out even now.
    expect(await rollout('roll')).toContain('partitioned roll out complete: 3 new pods have been updated');
    const revisions = (await cluster.client.list<ControllerRevision>(controllerRevisions, { namespace: ns, labelSelector: 'app=roll' })).items;
    expect(revisions.map((r) => r.revision).sort()).toEqual([1, 2]);
    await vi.waitFor(
      async () => expect((await getSet('roll')).status?.currentRevision).toBe(revisions.find((r) => r.revision === 2)?.metadata.name),
      eventually,
    );
    watch.stop();
    expect(deleted(watch.seen)).toEqual(['roll-2', 'roll-1', 'roll-0']);
  });

  it('scale down from the highest ordinal, one Pod at a time', async () => {
    await cluster.client.create(statefulSets, statefulSet('shrink', 4));
    await rollout('shrink');
    const watch = recordPods('shrink');
    await cluster.kubectlOk(['-n', ns, 'scale', 'statefulset/shrink', '--replicas=1']);
    await vi.waitFor(async () => expect((await getSet('shrink')).status).toMatchObject({ replicas: 1, readyReplicas: 1 }), eventually);
    watch.stop();
    expect(deleted(watch.seen)).toEqual(['shrink-3', 'shrink-2', 'shrink-1']);
  });

  it('with the Parallel policy create every Pod at once', async () => {
    const watch = recordPods('burst');
    await cluster.client.create(statefulSets, statefulSet('burst', 3, { podManagementPolicy: 'Parallel' }));
    await rollout('burst');
    watch.stop();
    // All three exist before any of them is Ready.
    const firstReady = watch.seen.findIndex((e) => isReady(e.object));
    expect(new Set(added(watch.seen.slice(0, firstReady)))).toEqual(new Set(['burst-0', 'burst-1', 'burst-2']));
  });

  it('once deleted, lose their Pods to the garbage collector and keep their claims (Retain)', async () => {
    await cluster.client.create(statefulSets, statefulSet('gone', 2, { volumeClaimTemplates: [claimTemplate] }));
    await rollout('gone');
    await cluster.client.delete(statefulSets, { namespace: ns, name: 'gone' });
    await vi.waitFor(async () => expect(await podsOf('gone')).toEqual([]), eventually);
    const claims = (await cluster.client.list<PersistentVolumeClaim>(persistentVolumeClaims, { namespace: ns, labelSelector: 'app=gone' })).items;
    expect(claims.map((c) => c.metadata.name).sort()).toEqual(['data-gone-0', 'data-gone-1']);
  });

  it('with whenDeleted: Delete, own their claims, so the claims and their volumes go with them', async () => {
    await cluster.client.create(
      statefulSets,
      statefulSet('tidy', 1, { volumeClaimTemplates: [claimTemplate], persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Delete', whenScaled: 'Retain' } }),
    );
    await rollout('tidy');
    const claim = await vi.waitFor(async () => {
      const current = await cluster.client.get<PersistentVolumeClaim>(persistentVolumeClaims, { namespace: ns, name: 'data-tidy-0' });
      expect(current.spec.volumeName).toBeTruthy();
      return current;
    }, eventually);
    expect(claim.metadata.ownerReferences?.[0]).toMatchObject({ kind: 'StatefulSet', name: 'tidy', controller: true });
    await cluster.client.delete(statefulSets, { namespace: ns, name: 'tidy' });
    await vi.waitFor(async () => {
      expect((await cluster.client.list(persistentVolumeClaims, { namespace: ns, labelSelector: 'app=tidy' })).items).toEqual([]);
      const volumes = (await cluster.client.list<KubeObject>(persistentVolumes)).items.map((v) => v.metadata.name);
      expect(volumes).not.toContain(claim.spec.volumeName);
    }, eventually);
  });

  it("with whenScaled: Delete, hand a scaled-away replica's claim to its Pod, so it goes with the Pod", async () => {
    await cluster.client.create(
      statefulSets,
      statefulSet('trim', 2, { volumeClaimTemplates: [claimTemplate], persistentVolumeClaimRetentionPolicy: { whenDeleted: 'Retain', whenScaled: 'Delete' } }),
    );
    await rollout('trim');
    await cluster.kubectlOk(['-n', ns, 'scale', 'statefulset/trim', '--replicas=1']);
    await vi.waitFor(async () => {
      const claims = (await cluster.client.list<PersistentVolumeClaim>(persistentVolumeClaims, { namespace: ns, labelSelector: 'app=trim' })).items;
      expect(claims.map((c) => c.metadata.name)).toEqual(['data-trim-0']);
      expect(claims[0]?.metadata.ownerReferences).toBeUndefined();
    }, eventually);
  });
});
