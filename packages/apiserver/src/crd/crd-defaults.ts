/**
 * The defaults apiextensions.k8s.io/v1 fills in before a CRD is validated and stored
 * (SetDefaults_CustomResourceDefinition and the create strategy): singular is the lower-cased
 * kind, listKind is "<Kind>List", conversion is None, and status.storedVersions starts with the
 * storage version.
 */
import { copyJSON } from './json-value.ts';
import type { CustomResourceDefinition } from './schema-types.ts';

/** Returns a defaulted copy; the input is left alone. */
export function defaultCustomResourceDefinition(crd: CustomResourceDefinition): CustomResourceDefinition {
  const out = copyJSON(crd);
  const spec = out.spec ?? ({} as CustomResourceDefinition['spec']);
  out.spec = spec;
  const names = spec.names ?? ({} as CustomResourceDefinition['spec']['names']);
  spec.names = names;
  if (!names.singular && names.kind) names.singular = names.kind.toLowerCase();
  if (!names.listKind && names.kind) names.listKind = `${names.kind}List`;
  spec.conversion ??= { strategy: 'None' };
  if (spec.conversion.webhook?.clientConfig?.service && spec.conversion.webhook.clientConfig.service.port === undefined) {
    spec.conversion.webhook.clientConfig.service.port = 443;
  }
  const storage = (spec.versions ?? []).find((v) => v.storage)?.name;
  if (storage !== undefined && !(out.status?.storedVersions ?? []).length) {
    out.status = { ...(out.status ?? {}), storedVersions: [storage] };
  }
  return out;
}
