/**
 * The `Accept` the proxy passes upstream. It passes through when it asks for JSON: the object
 * itself, a meta.k8s.io Table (what `kubectl get` prints) or PartialObjectMetadata(List).
 * Anything else (protobuf, YAML) is answered as JSON, because the answer is parsed and redacted
 * on its way.
 */
import { newBadRequest } from '@dojo/kube-api';
import { isSecretRequest, type KubeRequest } from './kube-request.ts';

export type Rendering = 'Table' | 'PartialObjectMetadata' | 'PartialObjectMetadataList';
const renderings = new Set<string>(['Table', 'PartialObjectMetadata', 'PartialObjectMetadataList']);

export interface JsonAccept {
  accept: string;
  as?: Rendering;
}

/** `application/json`, optionally `;as=Table` or `;as=PartialObjectMetadataList` of meta.k8s.io (parameters in any order). */
export function jsonAccept(header: string | undefined): JsonAccept | undefined {
  if (!header) return undefined;
  for (const candidate of header.split(',')) {
    const [type, ...params] = candidate.split(';').map((p) => p.trim());
    if (type !== 'application/json') continue;
    const values = new Map(params.map((p) => p.split('=').map((s) => s.trim()) as [string, string]));
    const as = values.get('as');
    const version = values.get('v');
    if (as && renderings.has(as) && values.get('g') === 'meta.k8s.io' && (version === 'v1' || version === 'v1beta1')) {
      return { accept: `application/json;as=${as};v=${version};g=meta.k8s.io`, as: as as Rendering };
    }
    if (!as) return { accept: 'application/json' };
  }
  return undefined;
}

/**
 * Secrets are served only as whole objects, which are redacted by resource: a Secret's
 * metadata can hold its values (kubectl apply's last-applied annotation), and metadata alone
 * is a shape nobody else should have to know to redact. Decided on the parsed request, so no
 * spelling of the URL passes it.
 */
export function refuseSecretMetadata(request: KubeRequest, rendering: JsonAccept | undefined): void {
  const as = rendering?.as;
  if (!as || !isSecretRequest(request)) return;
  // Every includeObject the request names, so no second one can say otherwise upstream.
  const includeObject = request.query.getAll('includeObject');
  if (as === 'Table' && includeObject.length > 0 && includeObject.every((v) => v === 'Object')) return;
  throw newBadRequest(
    'Secrets pass the console proxy as whole objects only, so that their values can be redacted: ask for a Table with includeObject=Object, or for JSON',
  );
}
