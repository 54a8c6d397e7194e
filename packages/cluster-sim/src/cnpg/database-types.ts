/** CloudNativePG's `postgresql.cnpg.io/v1` Database, the fields the simulator reads and writes. */
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceType } from '@dojo/runtime';

export const databases: ResourceType = { group: 'postgresql.cnpg.io', version: 'v1', resource: 'databases', kind: 'Database', namespaced: true };

export interface DatabaseSpec {
  /** The PostgreSQL cluster hosting the database. */
  cluster?: { name?: string };
  /** The database's name inside PostgreSQL. */
  name?: string;
  /** The role that owns it. */
  owner?: string;
  ensure?: 'present' | 'absent';
  databaseReclaimPolicy?: 'delete' | 'retain';
}

export interface DatabaseStatus {
  applied?: boolean;
  message?: string;
  observedGeneration?: number;
}

export interface Database extends KubeObject {
  spec?: DatabaseSpec;
  status?: DatabaseStatus;
}
