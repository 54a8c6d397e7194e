/**
 * The `databases.postgresql.cnpg.io` CRD as CloudNativePG ships it, cut down to the fields the
 * simulator uses (cluster, name, owner, ensure, databaseReclaimPolicy; status applied,
 * message, observedGeneration) with CloudNativePG's printer columns. The simulator installs it
 * at start with server-side apply, so a newer shipped version replaces an older one.
 */
import type { KubeObject } from '@dojo/kube-api';
import { builtinTypes, type Clock, type KubeClient } from '@dojo/runtime';
import { systemControllers } from '../system-controllers.ts';
import { databases } from './database-types.ts';

export const databaseCrdName = `${databases.resource}.${databases.group}`;

export function databaseCrd(): KubeObject {
  return {
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: databaseCrdName },
    spec: {
      group: databases.group,
      names: { kind: 'Database', listKind: 'DatabaseList', plural: 'databases', singular: 'database' },
      scope: 'Namespaced',
      versions: [
        {
          name: databases.version,
          served: true,
          storage: true,
          subresources: { status: {} },
          additionalPrinterColumns: [
            { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
            { name: 'Cluster', type: 'string', jsonPath: '.spec.cluster.name' },
            { name: 'PG Name', type: 'string', jsonPath: '.spec.name' },
            { name: 'Applied', type: 'boolean', jsonPath: '.status.applied' },
            { name: 'Message', type: 'string', jsonPath: '.status.message', description: 'Latest reconciliation message' },
          ],
          schema: {
            openAPIV3Schema: {
              description: 'Database is the Schema for the databases API',
              type: 'object',
              properties: {
                apiVersion: { type: 'string' },
                kind: { type: 'string' },
                metadata: { type: 'object' },
                spec: {
                  description: 'Specification of the desired Database.',
                  type: 'object',
                  required: ['cluster', 'name', 'owner'],
                  properties: {
                    cluster: {
                      description: 'The name of the PostgreSQL cluster hosting the database.',
                      type: 'object',
                      properties: { name: { type: 'string', default: '' } },
                      'x-kubernetes-map-type': 'atomic',
                    },
                    name: { description: 'The name of the database to create inside PostgreSQL. This setting cannot be changed.', type: 'string' },
                    owner: { description: 'The role name of the user who owns the database inside PostgreSQL.', type: 'string' },
                    ensure: {
                      description: 'Ensure the PostgreSQL database is `present` or `absent` - defaults to "present".',
                      type: 'string',
                      enum: ['present', 'absent'],
                      default: 'present',
                    },
                    databaseReclaimPolicy: {
                      description: 'The policy for end-of-life maintenance of this database.',
                      type: 'string',
                      enum: ['delete', 'retain'],
                      default: 'retain',
                    },
                  },
                },
                status: {
                  description: 'Most recently observed status of the Database.',
                  type: 'object',
                  properties: {
                    applied: { description: 'Applied is true if the database was reconciled correctly', type: 'boolean' },
                    message: { description: 'Message is the reconciliation output message', type: 'string' },
                    observedGeneration: {
                      description: 'A sequence number representing the latest desired state that was synchronized',
                      type: 'integer',
                      format: 'int64',
                    },
                  },
                },
              },
            },
          },
        },
      ],
    },
  };
}

/** Installs (or updates) the CRD and waits until the API server serves Databases. */
export async function installDatabaseCrd(api: KubeClient, clock: Clock, timeoutMs = 30_000): Promise<void> {
  await api.patch(
    builtinTypes.customResourceDefinitions,
    { name: databaseCrdName },
    { type: 'apply', body: databaseCrd() },
    { force: true, fieldManager: systemControllers.database.component },
  );
  const deadline = clock.now() + timeoutMs;
  for (;;) {
    const crd = await api.get(builtinTypes.customResourceDefinitions, { name: databaseCrdName });
    const conditions = (crd.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? [];
    if (conditions.some((c) => c.type === 'Established' && c.status === 'True')) return;
    if (clock.now() > deadline) throw new Error(`CRD ${databaseCrdName} did not become Established within ${timeoutMs} ms`);
    await clock.sleep(50);
  }
}
