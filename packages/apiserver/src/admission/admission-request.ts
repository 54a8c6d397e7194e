/**
 * The admission.k8s.io/v1 AdmissionRequest of a write, without its objects: what webhooks are
 * sent (with `uid`, `object` and `oldObject` added: CreateV1AdmissionReview) and what CEL
 * expressions of policies and match conditions see as `request` (cel.CreateAdmissionRequest).
 * `kind` and `resource` are what the webhook or policy matched (an equivalent under matchPolicy
 * Equivalent), `request*` what the client asked; empty fields are omitted as kube's omitempty
 * omits them.
 */
import type { AdmissionAttributes, GroupVersionKind, GroupVersionResource } from './admission-attributes.ts';

function omitEmpty(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    const empty =
      value === undefined ||
      value === '' ||
      (Array.isArray(value) && value.length === 0) ||
      (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
    if (!empty) out[key] = value;
  }
  return out;
}

export function admissionRequestOf(
  attributes: AdmissionAttributes,
  matchedResource: GroupVersionResource,
  matchedKind: GroupVersionKind,
): Record<string, unknown> {
  const user = attributes.userInfo;
  // uid and userInfo carry no omitempty: they are always there, uid empty until a webhook call gives one.
  const request = omitEmpty({
    kind: { ...matchedKind },
    resource: { ...matchedResource },
    subResource: attributes.subresource,
    requestKind: { ...attributes.kind },
    requestResource: { ...attributes.resource },
    requestSubResource: attributes.subresource,
    name: attributes.name,
    namespace: attributes.namespace,
    operation: attributes.operation,
    dryRun: attributes.dryRun,
    options: attributes.options,
  });
  return { uid: '', ...request, userInfo: omitEmpty({ username: user.name, uid: user.uid, groups: user.groups, extra: user.extra }) };
}
