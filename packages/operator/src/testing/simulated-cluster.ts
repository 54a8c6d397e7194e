/**
 * Tests play the parts the simulated cluster plays in `npm start` (packages/cluster-sim, not
 * imported here): CloudNativePG writing the credentials Secret, the Deployment controller
 * writing replica counts, the kubelet reporting container states.
 */
import { credentialsSecretOf, type CnpgDatabase } from '../api/cnpg.ts';
import { cnpgDatabases } from '../api/resource-types.ts';
import type { Deployment, Pod } from '../api/workloads.ts';
import { builtinTypes, type KubeClient } from '@dojo/runtime';

const b64 = (text: string): string => Buffer.from(text).toString('base64');

/** CloudNativePG: the owner's credentials Secret for the Database named like the Dojo. */
export async function provideCredentials(api: KubeClient, namespace: string, databaseName: string): Promise<void> {
  const database = await api.get<CnpgDatabase>(cnpgDatabases, { namespace, name: databaseName });
  const secret = credentialsSecretOf(database);
  const host = `${database.spec.cluster.name}-rw.${namespace}.svc`;
  await api.create(builtinTypes.secrets, {
    metadata: {
      namespace,
      name: secret.name,
      ownerReferences: [{ apiVersion: 'postgresql.cnpg.io/v1', kind: 'Database', name: databaseName, uid: database.metadata.uid!, controller: true }],
    },
    type: 'kubernetes.io/basic-auth',
    data: {
      username: b64(database.spec.owner),
      password: b64('s3cr3t'),
      host: b64(host),
      port: b64('5432'),
      dbname: b64(database.spec.name),
      uri: b64(`postgresql://${database.spec.owner}:s3cr3t@${host}:5432/${database.spec.name}`),
    },
  });
}

/** The Deployment controller: replica counts for the current generation. */
export async function reportDeployment(
  api: KubeClient,
  namespace: string,
  name: string,
  counts: { replicas: number; ready: number; updated?: number; available?: number },
): Promise<void> {
  const deployment = await api.get<Deployment>(builtinTypes.deployments, { namespace, name });
  await api.updateStatus(builtinTypes.deployments, {
    ...deployment,
    status: {
      observedGeneration: deployment.metadata.generation,
      replicas: counts.replicas,
      readyReplicas: counts.ready,
      updatedReplicas: counts.updated ?? counts.replicas,
      availableReplicas: counts.available ?? counts.ready,
    },
  });
}

export type PodCondition = 'Running' | 'CrashLoopBackOff' | 'ImagePullBackOff';

/** The kubelet: a Dojo pod (selected by its labels) in the given state. */
export async function runDojoPod(api: KubeClient, namespace: string, dojoName: string, podName: string, state: PodCondition): Promise<void> {
  const created = await api.create<Pod>(builtinTypes.pods, {
    metadata: { namespace, name: podName, labels: { 'app.kubernetes.io/name': 'dojo', 'app.kubernetes.io/instance': dojoName } },
    spec: { containers: [{ name: 'dojo', image: 'ghcr.io/jutsu/dojo-app:crash' }] },
  });
  const running = state === 'Running';
  await api.updateStatus(builtinTypes.pods, {
    ...created,
    status: {
      phase: running ? 'Running' : 'Pending',
      containerStatuses: [
        {
          name: 'dojo',
          ready: running,
          restartCount: state === 'CrashLoopBackOff' ? 4 : 0,
          state: running
            ? { running: { startedAt: new Date().toISOString() } }
            : { waiting: { reason: state, message: state === 'CrashLoopBackOff' ? 'back-off 40s restarting failed container' : 'Back-off pulling image' } },
        },
      ],
    },
  });
}
