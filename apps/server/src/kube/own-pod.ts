/**
 * The console's own Pod when it runs in the cluster (`--in-cluster`), so the UI can link to its
 * logs (`pods/log` on that Pod's Logs tab). The name comes from `POD_NAME` and the namespace from
 * `POD_NAMESPACE` when the Deployment sets them through the downward API; otherwise from what
 * every Pod has: `HOSTNAME` (a Pod's hostname is its name unless `spec.hostname` says otherwise)
 * and its ServiceAccount's namespace file.
 */
import { readFileSync } from 'node:fs';
import { serviceAccountFile } from './in-cluster.ts';

export interface OwnPod {
  readonly namespace: string;
  readonly name: string;
}

export function ownPodOf(env: NodeJS.ProcessEnv, readNamespaceFile: () => string | undefined = readServiceAccountNamespace): OwnPod | undefined {
  const name = env.POD_NAME || env.HOSTNAME;
  const namespace = env.POD_NAMESPACE || readNamespaceFile();
  return name && namespace ? { namespace, name } : undefined;
}

function readServiceAccountNamespace(): string | undefined {
  try {
    return readFileSync(serviceAccountFile('namespace'), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}
