/**
 * Accept-header negotiation, as kube-apiserver's: the clauses in order of preference, the first
 * one the server can produce wins. Media: JSON (also for `*\/*`), or Kubernetes protobuf for
 * kinds that have a message (built-ins, Scale, Status; never custom resources, whose objects
 * are JSON-only). Transformations ("as="): Table (JSON only, as in kube) and
 * PartialObjectMetadata(List) (JSON or protobuf, v1).
 */
import { newNotAcceptable } from '@dojo/kube-api';
import { protobufMediaType } from './protobuf/envelope.ts';

export type Media = 'json' | 'protobuf';

export type Rendering =
  | { as: 'object'; media: Media }
  | { as: 'Table'; version: 'v1' | 'v1beta1' }
  /** `list`: the client asked for PartialObjectMetadataList, which only a list can be (metadata-only.ts). */
  | { as: 'PartialObjectMetadata'; version: 'v1' | 'v1beta1'; media: Media; list: boolean };

interface Clause {
  media: Media | undefined;
  params: Record<string, string>;
  q: number;
}

function clausesOf(accept: string): Clause[] {
  const clauses: Clause[] = [];
  for (const text of accept.split(',')) {
    const [type, ...rest] = text.split(';').map((s) => s.trim());
    const params = Object.fromEntries(rest.map((kv) => kv.split('=').map((s) => s.trim()) as [string, string]));
    const q = params.q === undefined ? 1 : Number(params.q);
    const lower = (type ?? '').toLowerCase();
    const media: Media | undefined =
      lower === 'application/json' || lower === '*/*' || lower === 'application/*' ? 'json' : lower === protobufMediaType ? 'protobuf' : undefined;
    if (q > 0) clauses.push({ media, params, q: Number.isNaN(q) ? 1 : q });
  }
  // Stable: equally preferred clauses keep the client's order.
  return clauses.sort((a, b) => b.q - a.q);
}

function renderingOf(clause: Clause, objectProtobuf: boolean): Rendering | undefined {
  const { media, params } = clause;
  if (!media) return undefined;
  if (params.as === undefined) return media === 'json' || objectProtobuf ? { as: 'object', media } : undefined;
  if (params.g !== 'meta.k8s.io' || (params.v !== 'v1' && params.v !== 'v1beta1')) return undefined;
  if (params.as === 'Table') return media === 'json' ? { as: 'Table', version: params.v } : undefined;
  if (params.as === 'PartialObjectMetadata' || params.as === 'PartialObjectMetadataList') {
    // meta.k8s.io/v1beta1 numbers its list fields differently: protobuf only for v1.
    return media === 'json' || params.v === 'v1'
      ? { as: 'PartialObjectMetadata', version: params.v, media, list: params.as === 'PartialObjectMetadataList' }
      : undefined;
  }
  return undefined;
}

/** `objectProtobuf`: the object's kind has a protobuf message. */
export function negotiateRendering(accept: string | undefined, objectProtobuf = false): Rendering {
  if (!accept) return { as: 'object', media: 'json' };
  for (const clause of clausesOf(accept)) {
    const rendering = renderingOf(clause, objectProtobuf);
    if (rendering) return rendering;
  }
  throw newNotAcceptable(
    `only the following media types are accepted: application/json, application/json;as=Table;v=v1;g=meta.k8s.io${objectProtobuf ? `, ${protobufMediaType}` : ''}`,
  );
}

/** The media of an answer that is not the resource's own rendering (Scale, a delete's Status): Table is JSON. */
export const mediaOf = (rendering: Rendering): Media => ('media' in rendering ? rendering.media : 'json');

/** The media of an error's Status: the first plain clause the client accepts, else JSON. */
export function statusMedia(accept: string | undefined): Media {
  if (!accept) return 'json';
  for (const clause of clausesOf(accept)) if (clause.media && clause.params.as === undefined) return clause.media;
  return 'json';
}

/**
 * The Content-Type of an answer: the bare media type, as kube's transformResponseObject writes it
 * (WriteObjectNegotiated without the GVK in the content type), Table and PartialObjectMetadata too.
 */
export function contentTypeOf(rendering: Rendering): string {
  return 'media' in rendering && rendering.media === 'protobuf' ? protobufMediaType : 'application/json';
}

/** The media kube's codecs serve for documents that are not a resource's (discovery), in its order. */
const documentMediaTypes = ['application/json', 'application/yaml', protobufMediaType];

/**
 * Refuses, as kube's WriteObjectNegotiated does with DefaultEndpointRestrictions, an Accept
 * header none of whose clauses names one of `documentMediaTypes` (or a wildcard of them)
 * without a transformation (as/g/v): 406 NotAcceptable. No header accepts anything.
 */
export function requirePlainDocumentMedia(accept: string | undefined): void {
  if (!accept) return;
  for (const text of accept.split(',')) {
    const [type, ...rest] = text.split(';').map((p) => p.trim());
    const params = new Set(rest.map((kv) => kv.split('=')[0]!.trim()));
    if (params.has('as') || params.has('g') || params.has('v')) continue;
    const [main, sub] = (type ?? '').toLowerCase().split('/');
    const served = (media: string): boolean => {
      const [servedMain, servedSub] = media.split('/');
      return (main === '*' && sub === '*') || (main === servedMain && (sub === '*' || sub === servedSub));
    };
    if (documentMediaTypes.some(served)) return;
  }
  throw newNotAcceptable(`only the following media types are accepted: ${documentMediaTypes.join(', ')}`);
}

/**
 * The media of aggregated discovery when the Accept header asks for it, else undefined (the
 * legacy document). As kube's discovery wrapper (aggregated/wrapper.go) negotiates: the first
 * clause, by preference, that names apidiscovery.k8s.io/v2 APIGroupDiscoveryList in a media the
 * server speaks wins wherever it stands; plain clauses do not count. v2beta1 is no longer served
 * (AggregatedDiscoveryRemoveBetaType, locked on since 1.35), so such a clause falls through.
 */
export function negotiateAggregatedDiscovery(accept: string | undefined): Media | undefined {
  if (!accept) return undefined;
  for (const { media, params } of clausesOf(accept)) {
    if (media && params.g === 'apidiscovery.k8s.io' && params.v === 'v2' && params.as === 'APIGroupDiscoveryList') return media;
  }
  return undefined;
}
