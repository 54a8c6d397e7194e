/** Requests for the operator-kind rule tests: a create or update of a kind in `default`, and a 422's causes. */
import type { KubeObject } from '@dojo/kube-api';
import { expect } from 'vitest';
import type { TestServer } from './test-server.ts';

const paths: Record<string, string> = {
  StatefulSet: '/apis/apps/v1/namespaces/default/statefulsets',
  DaemonSet: '/apis/apps/v1/namespaces/default/daemonsets',
  ControllerRevision: '/apis/apps/v1/namespaces/default/controllerrevisions',
  Job: '/apis/batch/v1/namespaces/default/jobs',
  CronJob: '/apis/batch/v1/namespaces/default/cronjobs',
  PersistentVolumeClaim: '/api/v1/namespaces/default/persistentvolumeclaims',
  PersistentVolume: '/api/v1/persistentvolumes',
  Endpoints: '/api/v1/namespaces/default/endpoints',
  Node: '/api/v1/nodes',
  LimitRange: '/api/v1/namespaces/default/limitranges',
  ResourceQuota: '/api/v1/namespaces/default/resourcequotas',
};
const apiVersions: Record<string, string> = {
  StatefulSet: 'apps/v1',
  DaemonSet: 'apps/v1',
  ControllerRevision: 'apps/v1',
  Job: 'batch/v1',
  CronJob: 'batch/v1',
};

export type Response = Promise<{ status: number; body: any }>;

export function kindRequests(server: () => TestServer) {
  return {
    create: (kind: string, name: string, rest: Record<string, unknown>): Response =>
      server().call('POST', paths[kind]!, { apiVersion: apiVersions[kind] ?? 'v1', kind, metadata: { name }, ...rest }),
    put: (kind: string, obj: KubeObject): Response => server().call('PUT', `${paths[kind]}/${obj.metadata.name}`, obj),
  };
}

export const container = { name: 'app', image: 'example.com/app:1' };
export const podTemplate = (labels: Record<string, string>, spec: Record<string, unknown> = {}) => ({
  metadata: { labels },
  spec: { containers: [container], ...spec },
});

/** The 422's message and its causes as "field: message". */
export async function invalid(res: Response): Promise<{ message: string; causes: string[] }> {
  const { status, body } = await res;
  expect(status, JSON.stringify(body)).toBe(422);
  expect(body.reason).toBe('Invalid');
  return { message: body.message, causes: body.details.causes.map((c: { field: string; message: string }) => `${c.field}: ${c.message}`) };
}
