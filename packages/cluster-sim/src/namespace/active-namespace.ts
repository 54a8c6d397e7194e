/**
 * The first step of every per-namespace publisher (kube's ServiceAccountsController and
 * root-CA publisher): read the Namespace, and do nothing when it is gone or not Active — a
 * terminating namespace refuses new objects, and its controller is deleting what is there.
 */
import { isNotFound, type KubeObject } from '@dojo/kube-api';
import { builtinTypes, type Client } from '@dojo/runtime';

/** The Namespace named `name` when it exists and is Active; undefined otherwise. */
export async function activeNamespace(client: Client, name: string): Promise<KubeObject | undefined> {
  let namespace: KubeObject;
  try {
    namespace = await client.get(builtinTypes.namespaces, { name });
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
  return (namespace.status as { phase?: string } | undefined)?.phase === 'Active' ? namespace : undefined;
}
