/**
 * CloudNativePG's `Database` (postgresql.cnpg.io/v1), the part the operator uses, and the one
 * mapping from a Dojo to it. This mapping is the contract with CloudNativePG (on the embedded
 * cluster, with its simulator in packages/cluster-sim):
 *
 *   Database metadata.name      = the Dojo's name, in the Dojo's namespace, controlled by the Dojo
 *                                 (ownerReference controller=true: deleting the Dojo deletes it)
 *   Database spec.name          = the Dojo's name with "-" as "_" (a plain Postgres identifier)
 *   Database spec.owner         = the Dojo's spec.credentialsRef.name
 *   Database spec.cluster.name  = the CloudNativePG Cluster (operator option, "dojo-postgres")
 *   credentials Secret          = named exactly like spec.owner, in the Database's namespace,
 *                                 keys username, password, host, port, dbname, uri
 *
 * So `credentialsRef` names the Secret CloudNativePG produces for the Database owner (the seed:
 * "Reference the Secret which points to the owner of cnpg.Database"); nobody creates it by hand.
 * It must live in the Dojo's namespace: Pods can only take env from Secrets in their own.
 */
import type { KubeObject } from '@dojo/kube-api';

export interface CnpgDatabaseSpec {
  /** The database name inside Postgres. */
  name: string;
  /** The role owning the database; its credentials Secret carries the same name. */
  owner: string;
  cluster: { name: string };
  ensure?: 'present' | 'absent';
}

export interface CnpgDatabase extends KubeObject {
  spec: CnpgDatabaseSpec;
  status?: { applied?: boolean; message?: string; observedGeneration?: number };
}

export const defaultPostgresCluster = 'dojo-postgres';

/** The Postgres database name for a Dojo: Kubernetes names allow "-" and ".", identifiers do not. */
export function databaseNameFor(dojoName: string): string {
  return dojoName.replace(/[-.]/g, '_');
}

/** The Secret CloudNativePG produces for a Database: named after its owner, beside it. */
export function credentialsSecretOf(database: Pick<CnpgDatabase, 'metadata' | 'spec'>): { namespace?: string | undefined; name: string } {
  return { namespace: database.metadata.namespace, name: database.spec.owner };
}
