/**
 * The `storageVersionHash` of an APIResource in discovery (k8s.io/apiserver
 * endpoints/discovery/storageversionhash.go): the first 8 bytes of the SHA-256 of
 * "<group>/<version>/<kind>" of the version objects are stored in, base64. Clients (the storage
 * version migrator) compare it across reads to learn that a resource's storage version changed,
 * so it must be kube's value for the same storage version.
 */
import { createHash } from 'node:crypto';

export function storageVersionHash(group: string, version: string, kind: string): string {
  return createHash('sha256').update(`${group}/${version}/${kind}`).digest().subarray(0, 8).toString('base64');
}
