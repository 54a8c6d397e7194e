/**
 * What a received span means to the console, by the conventions operators actually emit:
 *
 * - kube-rs: every reconcile runs inside the `reconciling object` span kube-runtime opens, with
 *   `object.ref` = ObjectRef's Display, `Kind.version.group/name[.namespace]` (core group
 *   empty: `Pod.v1./web.default`), and `object.reason` = ReconcileReason's Display
 *   (`object updated`, `related object updated: <ref>`, `reconciler requested retry`,
 *   `error policy requested retry`, `bulk reconcile requested`, `unknown`, or a custom text).
 * - controller-runtime with OpenTelemetry: a span named `Reconcile` (or `<X>.Reconcile`,
 *   `Reconcile <Kind>`) opened in the reconciler, with the names controller-runtime's logger
 *   uses (`controller`, `controllerGroup`, `controllerKind`, `namespace`, `name`,
 *   `reconcileID`) or the OpenTelemetry `k8s.*` ones (`k8s.namespace.name`,
 *   `k8s.<kind>.name`) and `k8s.object.*`/`object.*` spellings.
 * - API calls: HTTP client spans (otelhttp, kube-client's trace layer) with the method and URL
 *   in current (`http.request.method`, `url.full`, `http.response.status_code`) or older
 *   (`http.method`, `http.url`, `http.status_code`) semantic conventions, whose path is a
 *   Kubernetes API path.
 */
import { formatObjectKey, parseRequestPath, type ObjectIdentity } from '@dojo/kube-api';
import type { Trigger } from '@dojo/console-protocol';
import { spanKindClient, type Attributes, type ReceivedSpan } from './receive-spans.ts';

export interface ReconcileSpan {
  readonly controller: string;
  readonly object: ObjectIdentity;
  readonly trigger: Trigger;
  readonly reconcileId?: string;
}

export interface ApiCallSpan {
  readonly verb: string;
  /** `resource[/subresource]`, as the console's API-call records name it. */
  readonly resource: string;
  readonly namespace?: string;
  readonly name?: string;
  readonly code: number;
}

function text(attributes: Attributes, ...keys: string[]): string | undefined {
  for (const key of keys) {
    const value = attributes[key];
    if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  }
  return undefined;
}

/** kube-runtime's ObjectRef Display. Namespaces are DNS labels (no dots), so the last dot after the name starts one. */
export function parseObjectRef(ref: string): ObjectIdentity | undefined {
  const slash = ref.indexOf('/');
  if (slash < 0) return undefined;
  const [kind, version, ...groupParts] = ref.slice(0, slash).split('.');
  const rest = ref.slice(slash + 1);
  if (!kind || !version || !rest) return undefined;
  const dot = rest.lastIndexOf('.');
  const group = groupParts.join('.');
  return dot > 0 ? { group, kind, namespace: rest.slice(dot + 1), name: rest.slice(0, dot) } : { group, kind, name: rest };
}

const serviceOf = (span: ReceivedSpan) => text(span.resource, 'service.name') ?? 'unknown_service';

/** ReconcileReason's Display as the console's trigger reasons (trigger.ts). */
export function kubeRsTrigger(reason: string | undefined, object: ObjectIdentity): Trigger {
  const said = reason ?? 'unknown';
  const detail = { otelReason: said };
  if (said === 'object updated') return { reason: 'watch', kind: object.kind, key: formatObjectKey(object), object, ...detail };
  const related = /^related object updated: (.+)$/.exec(said);
  if (related) {
    const changed = parseObjectRef(related[1]!);
    return changed ? { reason: 'owned', kind: changed.kind, key: formatObjectKey(changed), object: changed, ...detail } : { reason: 'owned', ...detail };
  }
  if (said === 'reconciler requested retry') return { reason: 'requeueAfter', ...detail };
  if (said === 'error policy requested retry') return { reason: 'error', ...detail };
  if (said === 'bulk reconcile requested') return { reason: 'resync', ...detail };
  return { reason: said, ...detail };
}

function isReconcileName(name: string): boolean {
  return /^reconcile$/i.test(name) || /[./]reconcile$/i.test(name) || /^reconcile\s/i.test(name);
}

/** The reconcile a span records, or undefined when it is not a reconcile span. */
export function reconcileOf(span: ReceivedSpan): ReconcileSpan | undefined {
  const a = span.attributes;
  if (span.name === 'reconciling object') {
    const ref = text(a, 'object.ref');
    const object = ref ? parseObjectRef(ref) : undefined;
    if (!object) return undefined;
    // kube-runtime names no controller: the operator's service and the kind it reconciles do.
    return {
      controller: text(a, 'controller', 'controller.name') ?? `${serviceOf(span)}/${object.kind.toLowerCase()}`,
      object,
      trigger: kubeRsTrigger(text(a, 'object.reason'), object),
    };
  }
  if (!isReconcileName(span.name)) return undefined;
  const kind = text(a, 'controllerKind', 'controller.kind', 'k8s.object.kind', 'object.kind', 'kind') ?? '';
  const kindName = kind ? text(a, `k8s.${kind.toLowerCase()}.name`) : undefined;
  const name = text(a, 'name', 'object.name', 'k8s.object.name', 'req.name') ?? kindName;
  if (!name) return undefined;
  const namespace = text(a, 'namespace', 'k8s.namespace.name', 'object.namespace', 'k8s.object.namespace', 'req.namespace');
  const group = text(a, 'controllerGroup', 'controller.group', 'k8s.object.group', 'object.group') ?? '';
  const object: ObjectIdentity = namespace ? { group, kind, namespace, name } : { group, kind, name };
  const reconcileId = text(a, 'reconcileID', 'reconcile.id');
  const reason = text(a, 'trigger', 'reconcile.trigger', 'object.reason');
  return {
    controller: text(a, 'controller', 'controller.name', 'k8s.controller.name') ?? serviceOf(span),
    object,
    trigger: reason ? kubeRsTrigger(reason, object) : { reason: 'unknown' },
    ...(reconcileId ? { reconcileId } : {}),
  };
}

/** The core group is only ever v1; a group version is v1, v2beta1, v1alpha3… (so Discord's /api/v10 is no Kubernetes call). */
function isKubeVersion(group: string, version: string): boolean {
  return group === '' ? version === 'v1' : /^v\d+((alpha|beta)\d+)?$/.test(version);
}

const verbsByMethod: Record<string, string> = { POST: 'create', PUT: 'update', PATCH: 'patch' };

/** The Kubernetes API call an HTTP client span records, or undefined when it is none. */
export function apiCallOf(span: ReceivedSpan): ApiCallSpan | undefined {
  const a = span.attributes;
  const method = text(a, 'http.request.method', 'http.method')?.toUpperCase();
  const address = text(a, 'url.full', 'http.url', 'url.path', 'http.target');
  if (!method || !address || (span.kind !== spanKindClient && span.kind !== 0)) return undefined;
  let url: URL;
  try {
    url = new URL(address, 'https://kubernetes.invalid');
  } catch {
    return undefined;
  }
  const target = parseRequestPath(url.pathname);
  if (target.type !== 'resource' || !isKubeVersion(target.group, target.version)) return undefined;
  const watch = target.legacyWatch || url.searchParams.get('watch') === 'true' || url.searchParams.get('watch') === '1';
  const verb =
    method === 'GET'
      ? watch
        ? 'watch'
        : target.name
          ? 'get'
          : 'list'
      : method === 'DELETE'
        ? target.name
          ? 'delete'
          : 'deletecollection'
        : (verbsByMethod[method] ?? method.toLowerCase());
  const code = Number(text(a, 'http.response.status_code', 'http.status_code') ?? 0);
  return {
    verb,
    resource: target.subresource ? `${target.resource}/${target.subresource}` : target.resource,
    ...(target.namespace ? { namespace: target.namespace } : {}),
    ...(target.name ? { name: target.name } : {}),
    code,
  };
}
