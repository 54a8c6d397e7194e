/** In-memory Dojos and observations for the pure planner and status tests. */
import type { Dojo, DojoSpec, DojoStatus } from '../api/dojo.ts';
import type { CnpgDatabase } from '../api/cnpg.ts';
import type { Deployment, Pod } from '../api/workloads.ts';
import type { DojoPlanOptions } from '../dojo/dojo-plan.ts';
import { desiredDatabase } from '../dojo/dojo-database.ts';
import { desiredDeployment } from '../dojo/dojo-deployment.ts';

export const planOptions: DojoPlanOptions = { defaultImage: 'app:1', postgresCluster: 'pg', credentialsRetryMs: 5000, alarmNonceWindowMs: 60_000 };

export function testDojo(spec: Partial<DojoSpec> = {}, status?: DojoStatus, generation = 1): Dojo {
  return {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { namespace: 'ns', name: 'dojo', uid: 'uid-1', generation, resourceVersion: '10' },
    spec: { accountId: 'a', title: 'T', credentialsRef: { name: 'creds' }, database: 'Postgres', replicas: 3, ...spec },
    ...(status ? { status } : {}),
  };
}

export function ownedDatabase(dojo: Dojo): CnpgDatabase {
  const db = desiredDatabase(dojo, planOptions.postgresCluster);
  return { ...db, metadata: { ...db.metadata, uid: 'db-uid', resourceVersion: '1' } };
}

export const credentialsSecret = { metadata: { namespace: 'ns', name: 'creds' } };

export function ownedDeployment(dojo: Dojo, counts: Deployment['status'] = {}): Deployment {
  const d = desiredDeployment(dojo, { name: 'creds', namespace: 'ns' }, planOptions.defaultImage);
  return { ...d, metadata: { ...d.metadata, uid: 'deploy-uid', generation: 1, resourceVersion: '5' }, status: { observedGeneration: 1, ...counts } };
}

export function podIn(state: 'Running' | 'CrashLoopBackOff' | 'ImagePullBackOff' | 'Pending', name = 'pod-1'): Pod {
  const running = state === 'Running';
  return {
    metadata: { namespace: 'ns', name },
    status: {
      phase: running ? 'Running' : 'Pending',
      containerStatuses: [
        {
          name: 'dojo',
          ready: running,
          restartCount: 0,
          state: running ? { running: {} } : state === 'Pending' ? { waiting: { reason: 'ContainerCreating' } } : { waiting: { reason: state } },
        },
      ],
    },
  };
}
