/** Objects the specs create outside the browser, as a person with kubectl in another terminal would. */
import { expect } from '@playwright/test';
import { kubeApi } from './kube-api.ts';

export const fruitsPath = '/apis/user.k8sasdb.org/v1/namespaces/default/fruits';
export const deploymentsPath = (namespace = 'default') => `/apis/apps/v1/namespaces/${namespace}/deployments`;

/** A Fruit (seed 001's CRD, which no controller writes to): only the spec and the browser change it. */
export async function createFruit(name: string, spec: Record<string, unknown>): Promise<void> {
  const res = await kubeApi().post(fruitsPath, { apiVersion: 'user.k8sasdb.org/v1', kind: 'Fruit', metadata: { name, namespace: 'default' }, spec });
  expect(res.status, res.body).toBe(201);
}

export async function readFruit(name: string): Promise<{ spec: Record<string, unknown>; metadata: { managedFields?: { manager: string }[] } }> {
  const res = await kubeApi().send('GET', `${fruitsPath}/${name}`);
  expect(res.status, res.body).toBe(200);
  return JSON.parse(res.body) as never;
}

/** A Deployment of `nginx:1.27`, or of `image` (the simulated kubelet crashes a `:crash` tag and cannot pull a `:missing` one). */
export async function createDeployment(
  name: string,
  replicas: number,
  options: { namespace?: string; labels?: Record<string, string>; image?: string } = {},
): Promise<void> {
  const namespace = options.namespace ?? 'default';
  const labels = { app: name, ...options.labels };
  const res = await kubeApi().post(deploymentsPath(namespace), {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace, labels },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'web', image: options.image ?? 'nginx:1.27' }] } },
    },
  });
  expect(res.status, res.body).toBe(201);
}
