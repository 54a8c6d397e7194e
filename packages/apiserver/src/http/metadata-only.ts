/**
 * Metadata-only answers (`as=PartialObjectMetadata` / `as=PartialObjectMetadataList`), with the
 * rule kube-apiserver's transformResponseObject applies after negotiation: a list can only be
 * given as a PartialObjectMetadataList and one object only as a PartialObjectMetadata; asking for
 * the other is 406 NotAcceptable (handlers/response.go, asPartialObjectMetadata(List)), the
 * message naming the Go type of what storage returned.
 */
import { newNotAcceptable, type KubeObject, partialObjectMetadata } from '@dojo/kube-api';
import type { ResourceInfo } from '../registry/resource-info.ts';

/**
 * `%T` of the object kube's storage returns: the kind's internal type, whose package is the
 * group's first label (rbac.authorization.k8s.io: rbac), core for the legacy group and for
 * events.k8s.io (its Event is core's); custom resources are unstructured.
 */
function goTypeOf(info: Pick<ResourceInfo, 'group' | 'kind' | 'customResource'>, list: boolean): string {
  if (info.customResource) return list ? '*unstructured.UnstructuredList' : '*unstructured.Unstructured';
  const pkg = info.group === '' || info.group === 'events.k8s.io' ? 'core' : info.group.split('.')[0];
  return `*${pkg}.${info.kind}${list ? 'List' : ''}`;
}

/** One object as PartialObjectMetadata; 406 when the client asked for a list. */
export function asPartialObjectMetadata(info: ResourceInfo, obj: KubeObject, rendering: { version: string; list: boolean }): Record<string, unknown> {
  if (rendering.list) throw newNotAcceptable(`you requested PartialObjectMetadataList, but the requested object is not a list (${goTypeOf(info, false)})`);
  return partialObjectMetadata(obj, rendering.version);
}

/** A list as PartialObjectMetadataList; 406 when the client asked for one object. */
export function asPartialObjectMetadataList(
  info: ResourceInfo,
  list: { metadata: unknown; items: readonly KubeObject[] },
  rendering: { version: string; list: boolean },
): Record<string, unknown> {
  if (!rendering.list) throw newNotAcceptable(`you requested PartialObjectMetadata, but the requested object is a list (${goTypeOf(info, true)})`);
  const items = list.items.map((i) => partialObjectMetadata(i, rendering.version));
  return { kind: 'PartialObjectMetadataList', apiVersion: `meta.k8s.io/${rendering.version}`, metadata: list.metadata, items };
}
