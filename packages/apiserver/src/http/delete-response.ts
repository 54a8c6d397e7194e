/**
 * What a DELETE of one object answers, per kind, as kube-apiserver's generic store decides:
 * an object still held by finalizers comes back with its deletionTimestamp; a removed object
 * comes back whole for kinds whose registry sets ReturnDeletedObject (pods, services, service
 * accounts, namespaces), and as a `Status` with `status: Success` and the deleted object's
 * name, group, resource (in `kind`, as kube does) and uid for every other kind, custom
 * resources included.
 */
import type { KubeObject, Status, StatusDetails } from '@dojo/kube-api';
import type { WriteResult } from '../registry/request-options.ts';
import type { ResourceInfo } from '../registry/resource-info.ts';

/** A success Status carries no code (kube leaves it 0, which JSON omits). */
export type SuccessStatus = Omit<Status, 'code' | 'status'> & { status: 'Success' };

export function deleteResponseOf(info: ResourceInfo, result: WriteResult<KubeObject>): { code: number; body: KubeObject | SuccessStatus } {
  if (!result.deleted || info.returnsDeletedObject) return { code: result.code, body: result.object };
  const details: StatusDetails = { name: result.object.metadata.name ?? '' };
  if (info.group) details.group = info.group;
  details.kind = info.resource;
  if (result.object.metadata.uid) details.uid = result.object.metadata.uid;
  return { code: 200, body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', details } };
}
