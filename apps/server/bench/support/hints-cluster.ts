/**
 * A converged cluster of `dojos` Dojos as the console's informer caches would hold it, built in
 * memory: each Dojo Available with its Database, Secret and Deployment, the Deployment's
 * ReplicaSet and its Pod, over 10 namespaces, one in ten Dojos Progressing (its Pod not Ready),
 * and 30 more watched kinds holding nothing (the embedded cluster serves that many). What the
 * readiness hints read, without a cluster to converge: the hints' own cost, apart from the
 * cluster's.
 */
import type { Condition, KubeObject } from '@dojo/kube-api';
import type { CachedKind } from '@dojo/explain';
import { scriptedInformer, type ScriptedInformer } from '@dojo/explain/testing';

const kinds = {
  Dojo: { group: 'core.jutsu.com', apiVersion: 'core.jutsu.com/v1' },
  Database: { group: 'postgresql.cnpg.io', apiVersion: 'postgresql.cnpg.io/v1' },
  Secret: { group: '', apiVersion: 'v1' },
  Deployment: { group: 'apps', apiVersion: 'apps/v1' },
  ReplicaSet: { group: 'apps', apiVersion: 'apps/v1' },
  Pod: { group: '', apiVersion: 'v1' },
} as const;
type KindName = keyof typeof kinds;

const condition = (type: string, status: 'True' | 'False', reason: string): Condition => ({
  type,
  status,
  reason,
  message: '',
  lastTransitionTime: '2026-11-24T12:00:00Z',
});

export interface HintsCluster {
  readonly informers: readonly CachedKind[];
  /** The Dojos' informer: send it watch events to change a Dojo. */
  readonly dojos: ScriptedInformer;
  readonly objects: number;
  stop(): Promise<void>;
}

export async function hintsCluster(dojos: number): Promise<HintsCluster> {
  const stores = Object.fromEntries(Object.keys(kinds).map((k) => [k, [] as KubeObject[]])) as Record<KindName, KubeObject[]>;
  const add = (kind: KindName, namespace: string, name: string, owner: KubeObject | undefined, rest: Partial<KubeObject> = {}): KubeObject => {
    const object: KubeObject = {
      apiVersion: kinds[kind].apiVersion,
      kind,
      metadata: {
        name,
        namespace,
        uid: `${kind}-${namespace}-${name}`,
        resourceVersion: '1',
        generation: 1,
        ...(owner
          ? { ownerReferences: [{ apiVersion: owner.apiVersion!, kind: owner.kind!, name: owner.metadata.name!, uid: owner.metadata.uid!, controller: true }] }
          : {}),
      },
      ...rest,
    };
    stores[kind].push(object);
    return object;
  };
  for (let i = 0; i < dojos; i++) {
    const namespace = `hints-${i % 10}`;
    const name = `dojo-${i}`;
    const ready = i % 10 !== 0;
    const dojo = add('Dojo', namespace, name, undefined, {
      spec: { accountId: 'a', title: name, database: 'Postgres', replicas: 1 },
      status: {
        observedGeneration: 1,
        readyStatus: ready ? '1/1' : '0/1',
        conditions: [
          condition('Available', ready ? 'True' : 'False', ready ? 'Available' : 'NoReplicas'),
          condition('Progressing', ready ? 'False' : 'True', ready ? 'Done' : 'Rolling'),
          condition('Degraded', 'False', 'Fine'),
        ],
      },
    });
    add('Database', namespace, name, dojo, { status: { applied: true } });
    add('Secret', namespace, `${name}-app`, dojo);
    const replicas = { replicas: 1, readyReplicas: ready ? 1 : 0, availableReplicas: ready ? 1 : 0, updatedReplicas: 1, observedGeneration: 1 };
    const deployment = add('Deployment', namespace, name, dojo, {
      spec: { replicas: 1 },
      status: { ...replicas, conditions: [condition('Available', ready ? 'True' : 'False', 'MinimumReplicasAvailable')] },
    });
    const replicaSet = add('ReplicaSet', namespace, `${name}-5d9f`, deployment, { spec: { replicas: 1 }, status: replicas });
    add('Pod', namespace, `${name}-5d9f-x`, replicaSet, {
      status: {
        phase: 'Running',
        conditions: [condition('Ready', ready ? 'True' : 'False', ready ? '' : 'ContainersNotReady')],
        containerStatuses: [{ name: 'app', ready, restartCount: 0, state: ready ? { running: {} } : { waiting: { reason: 'ContainerCreating' } } }],
      },
    });
  }
  const type = (group: string, kind: string) => ({ group, version: 'v1', kind, resource: `${kind.toLowerCase()}s`, namespaced: true });
  const scripted = await Promise.all([
    ...Object.entries(kinds).map(([kind, { group }]) => scriptedInformer(type(group, kind), stores[kind as KindName])),
    ...Array.from({ length: 30 }, (_, i) => scriptedInformer(type(`empty${i}.example.com`, 'Empty'))),
  ]);
  return {
    informers: scripted.map((s) => s.informer),
    dojos: scripted[0]!,
    objects: dojos * 6,
    stop: async () => void (await Promise.all(scripted.map((s) => s.stop()))),
  };
}
