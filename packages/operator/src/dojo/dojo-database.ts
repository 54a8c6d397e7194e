/** The CloudNativePG Database a Postgres Dojo owns (the mapping is documented in api/cnpg.ts). */
import { jsonEqual } from '@dojo/kube-api';
import { databaseNameFor, type CnpgDatabase } from '../api/cnpg.ts';
import type { Dojo } from '../api/dojo.ts';
import { ownedObjectMeta } from './dojo-deployment.ts';

export function desiredDatabase(dojo: Dojo, postgresCluster: string): CnpgDatabase {
  return {
    apiVersion: 'postgresql.cnpg.io/v1',
    kind: 'Database',
    metadata: ownedObjectMeta(dojo),
    spec: { name: databaseNameFor(dojo.metadata.name!), owner: dojo.spec.credentialsRef.name, cluster: { name: postgresCluster } },
  };
}

/**
 * The existing Database with the fields the Dojo decides set back, or undefined when they
 * already match. Fields CloudNativePG (or a person) added stay as they are.
 */
export function updatedDatabase(existing: CnpgDatabase, desired: CnpgDatabase): CnpgDatabase | undefined {
  const spec = existing.spec ?? ({} as Partial<CnpgDatabase['spec']>);
  if (spec.name === desired.spec.name && spec.owner === desired.spec.owner && jsonEqual(spec.cluster, desired.spec.cluster)) return undefined;
  return { ...existing, spec: { ...existing.spec, ...desired.spec } };
}
