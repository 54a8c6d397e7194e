/**
 * A CloudNativePG `Database` CRD (postgresql.cnpg.io/v1) with the fields the operator uses, for
 * tests: on a real cluster CloudNativePG installs it, on the embedded one the simulated cluster.
 */
import type { KubeObject } from '@dojo/kube-api';

export const cnpgDatabaseCrd: KubeObject = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'databases.postgresql.cnpg.io' },
  spec: {
    group: 'postgresql.cnpg.io',
    names: { kind: 'Database', listKind: 'DatabaseList', plural: 'databases', singular: 'database' },
    scope: 'Namespaced',
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        subresources: { status: {} },
        schema: {
          openAPIV3Schema: {
            type: 'object',
            properties: {
              apiVersion: { type: 'string' },
              kind: { type: 'string' },
              metadata: { type: 'object' },
              spec: {
                type: 'object',
                required: ['name', 'owner', 'cluster'],
                properties: {
                  name: { type: 'string' },
                  owner: { type: 'string' },
                  cluster: { type: 'object', properties: { name: { type: 'string' } } },
                  ensure: { type: 'string', enum: ['present', 'absent'] },
                },
              },
              status: { type: 'object', properties: { applied: { type: 'boolean' }, message: { type: 'string' }, observedGeneration: { type: 'integer' } } },
            },
          },
        },
      },
    ],
  },
};
