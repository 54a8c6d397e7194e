/**
 * The schema-driven behaviour of one served version of a CRD, as the registry needs it:
 *
 * - `defaultAndPrune(obj)` on decode: structural defaulting, then removal of unknown fields,
 *   returning their paths for fieldValidation=Strict/Warn (`unknown field "spec.foo"`);
 * - `validate(obj, old?)` on create and update: OpenAPI schema (spec, status, everything but
 *   apiVersion/kind/metadata), scale subresource paths, list-type uniqueness, then the CEL rules
 *   — skipped, with kube-apiserver's notice, when the object already has type, required, enum or
 *   size errors, since the rules were written for well-formed objects;
 * - `validateStatusUpdate(obj, old)` for the /status subresource, which validates only status.
 *
 * On update, errors on unchanged values are ratcheted away (CRDValidationRatcheting): objects
 * stored under an older, looser schema can still be updated as long as the change is valid.
 * Schemas must not be mutated once a validator was created from them: compiled rules are cached.
 */
import { fieldError, type FieldError } from '@dojo/kube-api';
import { validateCelRules } from './cel.ts';
import { compileDecoder } from './decode-compiled.ts';
import { renderPath } from './field-path.ts';
import { isObject, kindOf, setOwn } from './json-value.ts';
import { validateListSetsAndMaps } from './list-type.ts';
import type { CustomResourceColumnDefinition, CustomResourceDefinition, CustomResourceSubresourceScale, JSONSchemaProps } from './schema-types.ts';
import { compileValidator } from './validate-compiled.ts';

export interface ValidationOutcome {
  errors: FieldError[];
  /** Ratcheted CEL failures, for Warning headers. */
  warnings: string[];
}

export interface CustomResourceValidator {
  readonly schema: JSONSchemaProps | undefined;
  readonly hasStatusSubresource: boolean;
  readonly hasScaleSubresource: boolean;
  readonly scale: CustomResourceSubresourceScale | undefined;
  readonly printerColumns: readonly CustomResourceColumnDefinition[];
  /** Mutates `obj`; `keepNulls` skips the removal of non-nullable nulls without defaults (an apply's merged object). */
  defaultAndPrune(obj: object, options?: { keepNulls?: boolean }): { prunedPaths: string[] };
  validate(obj: object, oldObj?: object): FieldError[];
  validateWithWarnings(obj: object, oldObj?: object): ValidationOutcome;
  validateStatusUpdate(obj: object, oldObj: object): ValidationOutcome;
}

const metaFields = ['apiVersion', 'kind', 'metadata'];
const blockingTypes = new Set<FieldError['type']>([
  'FieldValueNotSupported',
  'FieldValueRequired',
  'FieldValueTooLong',
  'FieldValueTooMany',
  'FieldValueTypeInvalid',
]);

/** apiVersion, kind and metadata are validated by the registry, not by the CRD schema. */
function withoutMeta(schema: JSONSchemaProps): JSONSchemaProps {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => !metaFields.includes(k)));
  const required = schema.required?.filter((k) => !metaFields.includes(k));
  return { ...schema, properties, ...(required ? { required } : {}) };
}

function contentOf(obj: object): Record<string, unknown> {
  const content: Record<string, unknown> = {};
  for (const key of Object.keys(obj)) {
    if (key === 'apiVersion' || key === 'kind' || key === 'metadata') continue;
    setOwn(content, key, (obj as Record<string, unknown>)[key]);
  }
  return content;
}

/** A Go-ish `%v`/`%T` pair for the accessor errors of unstructured.NestedInt64. */
function goTyped(value: unknown): [string, string] {
  switch (kindOf(value)) {
    case 'string':
      return [String(value), 'string'];
    case 'integer':
      return [String(value), 'int64'];
    case 'number':
      return [String(value), 'float64'];
    case 'boolean':
      return [String(value), 'bool'];
    case 'array':
      return [JSON.stringify(value), '[]interface {}'];
    case 'object':
      return [JSON.stringify(value), 'map[string]interface {}'];
    default:
      return ['<nil>', '<nil>'];
  }
}

/** A scale path's fields (split once per validator: every write asks). */
function fieldsOfPath(jsonPath: string): string[] {
  return jsonPath.replace(/^\./, '').split('.');
}

/** unstructured.NestedFieldNoCopy + type check: the value, or the accessor error text. */
function nested(obj: object, jsonPath: string, fields: readonly string[], expected: 'int64' | 'string'): { value?: unknown; error?: string } {
  let current: unknown = obj;
  for (let i = 0; i < fields.length; i++) {
    if (current === null || current === undefined) return {};
    if (!isObject(current)) {
      const [v, t] = goTyped(current);
      return { error: `.${fields.slice(0, i + 1).join('.')} accessor error: ${v} is of the type ${t}, expected map[string]interface{}` };
    }
    if (!Object.hasOwn(current, fields[i]!)) return {};
    current = current[fields[i]!];
  }
  const ok = expected === 'int64' ? kindOf(current) === 'integer' : typeof current === 'string';
  if (ok) return { value: current };
  const [v, t] = goTyped(current);
  return { error: `.${fields.join('.')} accessor error: ${v} is of the type ${t}, expected ${expected}` };
}

function replicaErrors(obj: object, path: string, fields: readonly string[]): FieldError[] {
  const { value, error } = nested(obj, path, fields, 'int64');
  if (error) return [fieldError.invalid(path, 0, error)];
  const replicas = Number(value ?? 0);
  if (replicas < 0) return [fieldError.invalid(path, replicas, 'should be a non-negative integer')];
  if (replicas > 2147483647) return [fieldError.invalid(path, replicas, 'should be less than or equal to 2147483647')];
  return [];
}

/** The scale subresource's paths, split once. */
interface ScalePaths {
  readonly scale: CustomResourceSubresourceScale;
  readonly spec: readonly string[];
  readonly status: readonly string[];
  readonly labelSelector: readonly string[] | undefined;
}

function scalePathsOf(scale: CustomResourceSubresourceScale | undefined): ScalePaths | undefined {
  if (!scale) return undefined;
  const labelSelector = scale.labelSelectorPath ? fieldsOfPath(scale.labelSelectorPath) : undefined;
  return { scale, spec: fieldsOfPath(scale.specReplicasPath), status: fieldsOfPath(scale.statusReplicasPath), labelSelector };
}

function scaleErrors(obj: object, paths: ScalePaths | undefined, includeSpec: boolean): FieldError[] {
  if (!paths) return [];
  const { scale } = paths;
  const errors = includeSpec ? replicaErrors(obj, scale.specReplicasPath, paths.spec) : [];
  errors.push(...replicaErrors(obj, scale.statusReplicasPath, paths.status));
  if (scale.labelSelectorPath) {
    const { error } = nested(obj, scale.labelSelectorPath, paths.labelSelector!, 'string');
    if (error) errors.push(fieldError.invalid(scale.labelSelectorPath, '', error));
  }
  return errors;
}

/** Kubernetes builds a CEL validator (and mentions skipped rules) only when there are rules. */
function hasValidationRules(schema: JSONSchemaProps): boolean {
  if ((schema['x-kubernetes-validations'] ?? []).length > 0) return true;
  const children = [
    ...Object.values(schema.properties ?? {}),
    ...(schema.items ? [schema.items] : []),
    ...(typeof schema.additionalProperties === 'object' ? [schema.additionalProperties] : []),
    ...(schema.allOf ?? []),
  ];
  return children.some(hasValidationRules);
}

export function createCustomResourceValidator(crd: CustomResourceDefinition, versionName: string): CustomResourceValidator {
  const version = crd.spec.versions.find((v) => v.name === versionName);
  if (!version) throw new Error(`CustomResourceDefinition ${crd.metadata.name ?? ''} has no version ${versionName}`);
  const schema = version.schema?.openAPIV3Schema;
  // Compiled once per served version (a CRD change builds new validators): see validate-compiled.ts.
  const validateContent = schema ? compileValidator(withoutMeta(schema)) : undefined;
  const statusSchema = schema?.properties && Object.hasOwn(schema.properties, 'status') ? schema.properties.status : undefined;
  const validateStatus = statusSchema ? compileValidator(statusSchema) : undefined;
  const decoder = schema ? compileDecoder(schema) : undefined;
  const scale = version.subresources?.scale;
  const scalePaths = scalePathsOf(scale);
  const hasRules = schema !== undefined && hasValidationRules(schema);

  /** List-type and CEL passes shared by spec and status updates. */
  const finish = (errors: FieldError[], obj: object, oldObj: object | undefined): ValidationOutcome => {
    if (!schema) return { errors, warnings: [] };
    if (!oldObj || validateListSetsAndMaps(schema, oldObj).length === 0) errors.push(...validateListSetsAndMaps(schema, obj));
    if (!hasRules) return { errors, warnings: [] };
    if (errors.some((e) => blockingTypes.has(e.type))) {
      errors.push(
        fieldError.invalid(
          renderPath(''),
          'null',
          'some validation rules were not checked because the object was invalid; correct the existing errors to complete validation',
        ),
      );
      return { errors, warnings: [] };
    }
    const cel = validateCelRules(schema, obj, oldObj ? { oldValue: oldObj } : {});
    return { errors: [...errors, ...cel.errors], warnings: cel.warnings };
  };

  const validateWithWarnings = (obj: object, oldObj?: object): ValidationOutcome => {
    const errors = validateContent ? validateContent(contentOf(obj), oldObj ? { oldValue: contentOf(oldObj) } : {}) : [];
    errors.push(...scaleErrors(obj, scalePaths, true));
    return finish(errors, obj, oldObj);
  };

  return {
    schema,
    hasStatusSubresource: version.subresources?.status !== undefined,
    hasScaleSubresource: scale !== undefined,
    scale,
    printerColumns: version.additionalPrinterColumns ?? [],
    defaultAndPrune(obj, options) {
      if (!decoder) return { prunedPaths: [] };
      decoder.applyDefaults(obj, options);
      return { prunedPaths: decoder.prune(obj) };
    },
    validate: (obj, oldObj) => validateWithWarnings(obj, oldObj).errors,
    validateWithWarnings,
    validateStatusUpdate(obj, oldObj) {
      const errors: FieldError[] = [];
      const status = (obj as Record<string, unknown>).status;
      // Status is validated on its own: names in messages are relative to it ("replicas in body").
      if (validateStatus && status !== undefined) {
        const oldStatus = (oldObj as Record<string, unknown>).status;
        errors.push(...validateStatus(status, { fieldPrefix: 'status', ...(oldStatus !== undefined ? { oldValue: oldStatus } : {}) }));
      }
      errors.push(...scaleErrors(obj, scalePaths, false));
      return finish(errors, obj, oldObj);
    },
  };
}
