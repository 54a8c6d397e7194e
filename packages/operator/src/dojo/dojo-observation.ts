/**
 * Everything a Dojo reconcile looks at, read from the informer caches (every kind here is
 * watched by the Dojo controller, so none of these reads reaches the API server). The cache may
 * be stale; that is fine for deciding, and the write's resourceVersion catches the rest.
 */
import { builtinTypes, type ObjectReader } from '@dojo/runtime';
import type { KubeObject } from '@dojo/kube-api';
import type { CnpgDatabase } from '../api/cnpg.ts';
import type { DiscordChannel } from '../api/discord-resources.ts';
import type { Dojo } from '../api/dojo.ts';
import { cnpgDatabases, operatorTypes } from '../api/resource-types.ts';
import type { Deployment, Pod } from '../api/workloads.ts';
import { readIfExists } from '../read-if-exists.ts';
import { nameLabelProblems, selectorStringFor } from './dojo-deployment.ts';
import type { DojoObservation } from './dojo-status.ts';

/** `databaseServed: false` skips the Database: the kind is not served, so there is nothing to read. */
export async function observeDojo(reader: ObjectReader, dojo: Dojo, signal?: AbortSignal, databaseServed = true): Promise<DojoObservation> {
  const namespace = dojo.metadata.namespace!;
  const own = { namespace, name: dojo.metadata.name! };
  const credentials = dojo.spec.credentialsRef;
  const channelRef = dojo.spec.alarms?.channelRef;
  const [database, credentialsSecret, deployment, pods, alarmChannel] = await Promise.all([
    databaseServed ? readIfExists<CnpgDatabase>(reader, cnpgDatabases, own, signal) : undefined,
    // Only a Secret in the Dojo's own namespace can be used (see planDojo's spec checks).
    !credentials.namespace || credentials.namespace === namespace
      ? readIfExists<KubeObject>(reader, builtinTypes.secrets, { namespace, name: credentials.name }, signal)
      : undefined,
    readIfExists<Deployment>(reader, builtinTypes.deployments, own, signal),
    // A name that is no label value selects nothing (planDojo reports it as Degraded).
    nameLabelProblems(dojo).length > 0
      ? { items: [] as Pod[] }
      : reader.list<Pod>(builtinTypes.pods, { namespace, labelSelector: selectorStringFor(dojo), ...(signal ? { signal } : {}) }),
    channelRef
      ? readIfExists<DiscordChannel>(reader, operatorTypes.discordChannels, { namespace: channelRef.namespace ?? namespace, name: channelRef.name }, signal)
      : undefined,
  ]);
  return {
    pods: pods.items,
    ...(database ? { database } : {}),
    ...(credentialsSecret ? { credentialsSecret } : {}),
    ...(deployment ? { deployment } : {}),
    ...(alarmChannel ? { alarmChannel } : {}),
  };
}
