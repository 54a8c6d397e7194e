/**
 * `--in-cluster`: the Pod's view of its cluster (client-go's `rest.InClusterConfig`). The API
 * server is `https://$KUBERNETES_SERVICE_HOST:$KUBERNETES_SERVICE_PORT`, and the kubelet mounts
 * the ServiceAccount's token, the cluster's CA and the namespace under one fixed directory.
 *
 * `DOJO_SERVICEACCOUNT_ROOT` reproduces that mount outside a Pod (a test that runs the console
 * against a real kube-apiserver with a TokenRequest token): a directory that holds
 * `var/run/secrets/kubernetes.io/serviceaccount/{token,ca.crt,namespace}`. It counts only when
 * the fixed directory has no token, so in a real Pod the kubelet's mount always wins.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';

/** Where the kubelet mounts the ServiceAccount (client-go's and client-node's fixed path). */
export const serviceAccountDir = '/var/run/secrets/kubernetes.io/serviceaccount';

/** The prefix client-node's `loadFromCluster` puts before `serviceAccountDir` ("" in a Pod). */
export function serviceAccountRoot(env: NodeJS.ProcessEnv, exists: (path: string) => boolean = existsSync): string {
  const root = env.DOJO_SERVICEACCOUNT_ROOT;
  if (!root || exists(join(serviceAccountDir, 'token'))) return '';
  return root.replace(/\/+$/, '');
}

/** The ServiceAccount's file `name` (token, ca.crt, namespace) as this process finds it. */
export function serviceAccountFile(name: string, env: NodeJS.ProcessEnv = process.env): string {
  return `${serviceAccountRoot(env)}${serviceAccountDir}/${name}`;
}

export function inClusterKubeConfig(env: NodeJS.ProcessEnv = process.env): KubeConfig {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromCluster(serviceAccountRoot(env));
  return kubeConfig;
}
