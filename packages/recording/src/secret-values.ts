/**
 * The values of the Secrets a recording must not carry, found at export time, so that they are
 * scrubbed wherever they appear — also in free text no structure marks as secret (a reconcile's
 * error message, an Event's message, a request record). On the embedded cluster they are read
 * from its store in the data directory (whether it runs or not); through a live console, from
 * the cluster when the console may list Secrets. Left to the structural redaction (which
 * removes them from every Secret in the file) are values shorter than `minScrubbed` (replacing
 * every "1" would destroy the file) and the values of keys that name things rather than hide
 * them (`username`, `dbname`, `host`, …): CloudNativePG's credentials Secret has the role's
 * name as its username, and that name is also the name of the Secret and of the Dojo.
 * These are the values Secrets hold now; the values they held before (rotated, or of a
 * deleted Secret) are scrubbed through the ledger of hashes (secret-value-ledger.ts).
 */
import { join } from 'node:path';
import { readStoredObjects } from '@dojo/apiserver';
import type { KubeObject } from '@dojo/kube-api';
import type { ClusterTransport } from '@dojo/console-live';

export const minScrubbed = 6;

/** Keys whose values name a user, a database, a host or a namespace: shown elsewhere anyway. */
const namingKeys = new Set(['username', 'user', 'dbname', 'database', 'host', 'hostname', 'port', 'namespace', 'name', 'email', 'ca.crt', 'service-ca.crt']);

/** A Secret's values that hide something, as they are and base64-encoded (the other of `data`'s). */
export function secretValuesOf(secret: KubeObject): string[] {
  const found: string[] = [];
  for (const [field, encoded] of [
    ['data', true],
    ['stringData', false],
  ] as const) {
    const values = secret[field];
    if (!values || typeof values !== 'object') continue;
    for (const [key, value] of Object.entries(values as Record<string, unknown>)) {
      if (typeof value !== 'string' || namingKeys.has(key.toLowerCase())) continue;
      found.push(value);
      if (encoded) found.push(Buffer.from(value, 'base64').toString('utf8'));
      else found.push(Buffer.from(value, 'utf8').toString('base64'));
    }
  }
  return found;
}

/** The Secrets of the embedded cluster whose data directory this is (none when it has no cluster). */
export function storedSecretValues(dataDir: string): string[] {
  return readStoredObjects(join(dataDir, 'state.db'), 'core/secrets')
    .flatMap(secretValuesOf)
    .filter((v) => v.length >= minScrubbed);
}

/** The Secrets the console can list through its connection; none when it may not. */
export async function clusterSecretValues(transport: ClusterTransport): Promise<string[]> {
  try {
    const answer = await transport.request({ method: 'GET', path: '/api/v1/secrets' });
    if (answer.code !== 200) return [];
    return ((answer.body as { items?: KubeObject[] }).items ?? []).flatMap(secretValuesOf).filter((v) => v.length >= minScrubbed);
  } catch {
    return [];
  }
}
