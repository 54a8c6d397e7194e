/**
 * Validation of CustomResourceDefinition objects, as apiextensions' ValidateCustomResourceDefinition
 * reports it: names, group, scope, versions (exactly one storage version), subresources,
 * printer columns, conversion, stored versions, and every version's schema (crd-schema-validation.ts).
 *
 * Kubernetes validates the internal form of a CRD, into which apiextensions.k8s.io/v1 converts
 * by hoisting per-version schemas, subresources and printer columns to the top level when all
 * versions agree. Error paths follow it: a single-version CRD's schema errors are reported under
 * `spec.validation.openAPIV3Schema`, its columns under `spec.additionalPrinterColumns[i]`.
 *
 * The CRD is validated as defaulted (crd-defaults.ts). ObjectMeta beyond the name rule is the
 * registry's to validate.
 */
import { fieldError, validateDNS1123Subdomain, type FieldError } from '@dojo/kube-api';
import { defaultCustomResourceDefinition } from './crd-defaults.ts';
import { decodeCustomResourceDefinition } from './crd-shape.ts';
import { isDNS1035Label, validateNames } from './crd-names.ts';
import { validateCRDSchema } from './crd-schema-validation.ts';
import { childPath, indexPath } from './field-path.ts';
import { goStringSlice, invalidWithGoValue } from './go-format.ts';
import { jsonEqual } from './json-value.ts';
import type {
  CustomResourceColumnDefinition,
  CustomResourceConversion,
  CustomResourceDefinition,
  CustomResourceDefinitionSpec,
  CustomResourceSubresources,
} from './schema-types.ts';

const printerColumnTypes = ['boolean', 'date', 'integer', 'number', 'string'];
const printerColumnFormats = ['byte', 'date', 'date-time', 'double', 'float', 'int32', 'int64', 'password'];

export function validateCustomResourceDefinition(input: CustomResourceDefinition): FieldError[] {
  const decoded = decodeCustomResourceDefinition(input);
  if (decoded.errors.length > 0 || !('crd' in decoded)) return decoded.errors;
  const crd = defaultCustomResourceDefinition(decoded.crd);
  const spec = crd.spec;
  const errors: FieldError[] = [];
  const name = crd.metadata?.name ?? '';
  if (!name && !crd.metadata?.generateName) errors.push(fieldError.required('metadata.name', 'name or generateName is required'));
  else if (name) {
    for (const msg of validateDNS1123Subdomain(name)) errors.push(fieldError.invalid('metadata.name', name, msg));
    if (name !== `${spec.names?.plural}.${spec.group}`) errors.push(fieldError.invalid('metadata.name', name, 'must be spec.names.plural+"."+spec.group'));
  }
  errors.push(...validateSpec(spec));
  errors.push(...validateNames(crd.status?.acceptedNames ?? {}, 'status.acceptedNames'));
  errors.push(...validateStoredVersions(crd));
  if (spec.preserveUnknownFields) {
    errors.push(
      fieldError.invalid(
        'spec.preserveUnknownFields',
        true,
        'cannot set to true, set x-kubernetes-preserve-unknown-fields to true in spec.versions[*].schema instead',
      ),
    );
  }
  return errors;
}

/** Update rules on top of the create rules: the resource name (group, plural) never changes. */
export function validateCustomResourceDefinitionUpdate(input: CustomResourceDefinition, oldInput: CustomResourceDefinition): FieldError[] {
  const errors = validateCustomResourceDefinition(input);
  const now = decodeCustomResourceDefinition(input);
  const before = decodeCustomResourceDefinition(oldInput);
  if (!('crd' in now) || !('crd' in before)) return errors;
  const crd = now.crd;
  const old = before.crd;
  const immutable = (path: string, now: unknown, before: unknown): void => {
    if (!jsonEqual(now, before)) errors.push(fieldError.invalid(path, now, 'field is immutable'));
  };
  const established = (old.status?.conditions ?? []).some((c) => c.type === 'Established' && c.status === 'True');
  if (established) {
    immutable('spec.scope', crd.spec.scope, old.spec.scope);
    immutable('spec.names.kind', crd.spec.names?.kind, old.spec.names?.kind);
  }
  immutable('spec.group', crd.spec.group, old.spec.group);
  immutable('spec.names.plural', crd.spec.names?.plural, old.spec.names?.plural);
  return errors;
}

type Version = CustomResourceDefinitionSpec['versions'][number];

/** The value shared by all versions, or undefined: what v1-to-internal conversion hoists. */
function hoisted<T>(versions: readonly Version[], pick: (v: Version) => T | undefined): T | undefined {
  const first = versions[0] ? pick(versions[0]) : undefined;
  if (first === undefined || !versions.every((v) => jsonEqual(pick(v), first))) return undefined;
  return first;
}

function validateSpec(spec: CustomResourceDefinitionSpec): FieldError[] {
  const errors: FieldError[] = [];
  const group = spec.group ?? '';
  if (!group) errors.push(fieldError.required('spec.group'));
  else {
    const errs = validateDNS1123Subdomain(group);
    if (errs.length > 0) errors.push(fieldError.invalid('spec.group', group, errs.join(',')));
    else if (group.split('.').length < 2) errors.push(fieldError.invalid('spec.group', group, 'should be a domain with at least one dot'));
  }
  if (!spec.scope) errors.push(fieldError.required('spec.scope'));
  else if (spec.scope !== 'Cluster' && spec.scope !== 'Namespaced') errors.push(fieldError.notSupported('spec.scope', spec.scope, ['Cluster', 'Namespaced']));

  const versions = spec.versions ?? [];
  const schema = hoisted(versions, (v) => v.schema?.openAPIV3Schema);
  const subresources = hoisted(versions, (v) => v.subresources);
  const columns = hoisted(versions, (v) => (v.additionalPrinterColumns?.length ? v.additionalPrinterColumns : undefined));
  if (schema === undefined) {
    versions.forEach((v, i) => {
      if (!v.schema?.openAPIV3Schema) errors.push(fieldError.required(`spec.versions[${i}].schema.openAPIV3Schema`, 'schemas are required'));
    });
  }
  const names = new Set<string>();
  let unique = true;
  versions.forEach((version, i) => {
    const at = indexPath('spec.versions', i);
    if (names.has(version.name)) unique = false;
    names.add(version.name);
    const errs = isDNS1035Label(version.name ?? '');
    if (errs.length > 0) errors.push(fieldError.invalid(childPath(at, 'name'), version.name, errs.join(',')));
    errors.push(...validateDeprecationWarning(version.deprecated === true, version.deprecationWarning, childPath(at, 'deprecationWarning')));
    const own = version.schema?.openAPIV3Schema;
    if (schema === undefined && own) errors.push(...validateCRDSchema(own, Boolean((subresources ?? version.subresources)?.status), childPath(at, 'schema')));
    if (subresources === undefined) errors.push(...validateSubresources(version.subresources, childPath(at, 'subresources')));
    if (columns === undefined)
      (version.additionalPrinterColumns ?? []).forEach((c, j) => errors.push(...validateColumn(c, indexPath(childPath(at, 'additionalPrinterColumns'), j))));
  });
  if (!unique) errors.push(fieldError.invalid('spec.versions', versions, 'must contain unique version names'));
  if (versions.filter((v) => v.storage).length !== 1)
    errors.push(fieldError.invalid('spec.versions', versions, 'must have exactly one version marked as storage version'));
  if (!spec.names?.plural) errors.push(fieldError.required('spec.names.plural'));
  if (!spec.names?.singular) errors.push(fieldError.required('spec.names.singular'));
  if (!spec.names?.kind) errors.push(fieldError.required('spec.names.kind'));
  if (!spec.names?.listKind) errors.push(fieldError.required('spec.names.listKind'));
  errors.push(...validateNames(spec.names ?? {}, 'spec.names'));
  const anyStatus = Boolean(subresources?.status) || versions.some((v) => v.subresources?.status);
  if (schema !== undefined) errors.push(...validateCRDSchema(schema, anyStatus, 'spec.validation'));
  if (subresources !== undefined) errors.push(...validateSubresources(subresources, 'spec.subresources'));
  (columns ?? []).forEach((c, j) => errors.push(...validateColumn(c, indexPath('spec.additionalPrinterColumns', j))));
  errors.push(...validateConversion(spec.conversion, 'spec.conversion'));
  return errors;
}

function validateDeprecationWarning(deprecated: boolean, warning: string | undefined, path: string): FieldError[] {
  if (warning === undefined) return [];
  if (!deprecated) return [fieldError.invalid(path, warning, 'can only be set for deprecated versions')];
  const errs: string[] = [];
  if (warning.length > 256) errs.push('must be <= 256 characters long');
  if (warning.length === 0) errs.push('must not be an empty string');
  // unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space.
  const chars = [...warning];
  const bad = chars.findIndex((c) => !/[\p{L}\p{M}\p{N}\p{P}\p{S} ]/u.test(c));
  if (bad >= 0) {
    const byteIndex = Buffer.byteLength(chars.slice(0, bad).join(''));
    errs.push(`must only contain printable UTF-8 characters; non-printable character found at index ${byteIndex}`);
  }
  return errs.map((e) => fieldError.invalid(path, warning, e));
}

function validateSimpleJSONPath(value: string, path: string): FieldError[] {
  if (value.length === 0) return [fieldError.invalid(path, value, 'must not be empty')];
  if (!value.startsWith('.')) return [fieldError.invalid(path, value, 'must be a simple json path starting with .')];
  return [];
}

function validateSubresources(subresources: CustomResourceSubresources | undefined, path: string): FieldError[] {
  const scale = subresources?.scale;
  if (!scale) return [];
  const errors: FieldError[] = [];
  const check = (value: string | undefined, child: string, prefixes: string[], detail: string, required: boolean): void => {
    const at = childPath(path, child);
    if (!value) {
      if (required) errors.push(fieldError.required(at));
      return;
    }
    const errs = validateSimpleJSONPath(value, at);
    if (errs.length > 0) errors.push(...errs);
    else if (!prefixes.some((p) => value.startsWith(p))) errors.push(fieldError.invalid(at, value, detail));
  };
  check(scale.specReplicasPath, 'scale.specReplicasPath', ['.spec.'], 'should be a json path under .spec', true);
  check(scale.statusReplicasPath, 'scale.statusReplicasPath', ['.status.'], 'should be a json path under .status', true);
  check(scale.labelSelectorPath, 'scale.labelSelectorPath', ['.spec.', '.status.'], 'should be a json path under either .spec or .status', false);
  return errors;
}

function validateColumn(column: CustomResourceColumnDefinition, path: string): FieldError[] {
  const errors: FieldError[] = [];
  if (!column.name) errors.push(fieldError.required(childPath(path, 'name')));
  const typesDetail = `must be one of ${printerColumnTypes.join(',')}`;
  if (!column.type) errors.push(fieldError.required(childPath(path, 'type'), typesDetail));
  else if (!printerColumnTypes.includes(column.type)) errors.push(fieldError.invalid(childPath(path, 'type'), column.type, typesDetail));
  if (column.format && !printerColumnFormats.includes(column.format)) {
    errors.push(fieldError.invalid(childPath(path, 'format'), column.format, `must be one of ${printerColumnFormats.join(',')}`));
  }
  // The internal field is JSONPath, and that is the path Kubernetes reports.
  if (!column.jsonPath) errors.push(fieldError.required(childPath(path, 'JSONPath')));
  else errors.push(...validateSimpleJSONPath(column.jsonPath, childPath(path, 'JSONPath')));
  return errors;
}

function validateConversion(conversion: CustomResourceConversion | undefined, path: string): FieldError[] {
  if (!conversion) return [];
  const errors: FieldError[] = [];
  const strategy = conversion.strategy ?? '';
  if (!strategy) errors.push(fieldError.required(childPath(path, 'strategy')));
  else if (strategy !== 'None' && strategy !== 'Webhook') errors.push(fieldError.notSupported(childPath(path, 'strategy'), strategy, ['None', 'Webhook']));
  const clientConfig = conversion.webhook?.clientConfig;
  const reviewVersions = conversion.webhook?.conversionReviewVersions ?? [];
  if (strategy === 'Webhook') {
    if (!clientConfig) errors.push(fieldError.required(childPath(path, 'webhookClientConfig'), 'required when strategy is set to Webhook'));
    else if ((clientConfig.url === undefined) === (clientConfig.service === undefined)) {
      errors.push(fieldError.required(childPath(path, 'webhookClientConfig'), 'exactly one of url or service is required'));
    }
    const at = childPath(path, 'conversionReviewVersions');
    if (reviewVersions.length === 0) errors.push(fieldError.required(at));
    else {
      const seen = new Set<string>();
      reviewVersions.forEach((v, i) => {
        if (seen.has(v)) errors.push(fieldError.invalid(indexPath(at, i), v, 'duplicate version'));
        else for (const msg of isDNS1035Label(v)) errors.push(fieldError.invalid(indexPath(at, i), v, msg));
        seen.add(v);
      });
      if (!reviewVersions.some((v) => v === 'v1' || v === 'v1beta1')) {
        errors.push(invalidWithGoValue(at, goStringSlice(reviewVersions), 'must include at least one of v1, v1beta1'));
      }
    }
  } else {
    if (clientConfig) errors.push(fieldError.forbidden(childPath(path, 'webhookClientConfig'), 'should not be set when strategy is not set to Webhook'));
    if (reviewVersions.length > 0)
      errors.push(fieldError.forbidden(childPath(path, 'conversionReviewVersions'), 'should not be set when strategy is not set to Webhook'));
  }
  return errors;
}

function validateStoredVersions(crd: CustomResourceDefinition): FieldError[] {
  const stored = crd.status?.storedVersions ?? [];
  const path = 'status.storedVersions';
  if (stored.length === 0) return [invalidWithGoValue(path, goStringSlice(stored), 'must have at least one stored version')];
  const errors: FieldError[] = [];
  const remaining = new Map(stored.map((v, i) => [v, i]));
  for (const version of crd.spec.versions ?? []) {
    if (version.storage && !remaining.has(version.name))
      errors.push(invalidWithGoValue(path, goStringSlice(stored), `must have the storage version ${version.name}`));
    remaining.delete(version.name);
  }
  for (const [v, i] of remaining) {
    errors.push(
      fieldError.invalid(
        indexPath(path, i),
        v,
        `missing from spec.versions; ${v} was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in ${v} and removes ${v} from status.storedVersions`,
      ),
    );
  }
  return errors;
}
