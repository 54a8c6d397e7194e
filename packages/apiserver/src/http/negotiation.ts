/**
 * Accept-header negotiation for the "as=" transformations kubectl and client-go ask for:
 * Table (printer columns), PartialObjectMetadata(List), or the object itself.
 */
import { newNotAcceptable } from '@dojo/kube-api';

export type Rendering = { as: 'object' } | { as: 'Table'; version: 'v1' | 'v1beta1' } | { as: 'PartialObjectMetadata'; version: 'v1' | 'v1beta1' };

export function negotiateRendering(accept: string | undefined): Rendering {
  if (!accept) return { as: 'object' };
  let jsonAcceptable = false;
  for (const clause of accept.split(',')) {
    const [media, ...params] = clause.split(';').map((s) => s.trim());
    const p = Object.fromEntries(params.map((kv) => kv.split('=').map((s) => s.trim()) as [string, string]));
    if (media === 'application/json' || media === '*/*' || media === 'application/*') {
      if (p.as === 'Table' && p.g === 'meta.k8s.io' && (p.v === 'v1' || p.v === 'v1beta1')) return { as: 'Table', version: p.v };
      if ((p.as === 'PartialObjectMetadata' || p.as === 'PartialObjectMetadataList') && p.g === 'meta.k8s.io' && (p.v === 'v1' || p.v === 'v1beta1')) {
        return { as: 'PartialObjectMetadata', version: p.v };
      }
      if (!p.as) jsonAcceptable = true;
    }
    if (media === 'application/yaml' || media === 'application/vnd.kubernetes.protobuf' || media === 'application/cbor') continue;
  }
  if (jsonAcceptable) return { as: 'object' };
  throw newNotAcceptable(`only the following media types are accepted: application/json, application/json;as=Table;v=v1;g=meta.k8s.io`);
}

export function contentTypeOf(rendering: Rendering): string {
  if (rendering.as === 'Table') return `application/json;as=Table;v=${rendering.version};g=meta.k8s.io`;
  if (rendering.as === 'PartialObjectMetadata') return `application/json;as=PartialObjectMetadata;v=${rendering.version};g=meta.k8s.io`;
  return 'application/json';
}
