/**
 * Per-node keyword rules of CRD schemas (specStandardValidatorV3 and the list/map extension
 * checks of ValidateCustomResourceDefinitionOpenAPISchema): which OpenAPI keywords CRDs refuse,
 * where defaults may appear, and how x-kubernetes-list-type / list-map-keys / map-type must be
 * combined.
 */
import { fieldError, type FieldError } from '@dojo/kube-api';
import { childPath, keyPath } from './field-path.ts';
import { goStringSlice, invalidWithGoValue } from './go-format.ts';
import type { JSONSchemaProps } from './schema-types.ts';

export interface KeywordContext {
  allowDefaults: boolean;
  disallowDefaultsReason: string;
  insideResourceMeta: boolean;
}

const openapiV3Types = ['array', 'boolean', 'integer', 'number', 'object', 'string'];

export function validateOpenAPIKeywords(schema: JSONSchemaProps, path: string, context: KeywordContext): FieldError[] {
  const errors: FieldError[] = [];
  const at = (child: string): string => childPath(path, child);
  if (schema.type && schema.type !== 'null' && !openapiV3Types.includes(schema.type))
    errors.push(fieldError.notSupported(at('type'), schema.type, openapiV3Types));
  if (schema.default !== undefined && !context.allowDefaults) {
    errors.push(fieldError.forbidden(at('default'), context.disallowDefaultsReason ? `must not be set ${context.disallowDefaultsReason}` : 'must not be set'));
  }
  if (schema.id) errors.push(fieldError.forbidden(at('id'), 'id is not supported'));
  if (schema.additionalItems !== undefined) errors.push(fieldError.forbidden(at('additionalItems'), 'additionalItems is not supported'));
  if (Object.keys(schema.patternProperties ?? {}).length > 0) errors.push(fieldError.forbidden(at('patternProperties'), 'patternProperties is not supported'));
  if (Object.keys(schema.definitions ?? {}).length > 0) errors.push(fieldError.forbidden(at('definitions'), 'definitions is not supported'));
  if (schema.dependencies !== undefined) errors.push(fieldError.forbidden(at('dependencies'), 'dependencies is not supported'));
  if (schema.$ref !== undefined) errors.push(fieldError.forbidden(at('$ref'), '$ref is not supported'));
  if (schema.type === 'null') errors.push(fieldError.forbidden(at('type'), 'type cannot be set to null, use nullable as an alternative'));
  if (Array.isArray(schema.items)) errors.push(fieldError.forbidden(at('items'), 'items must be a schema object and not an array'));
  if (context.insideResourceMeta && schema['x-kubernetes-embedded-resource']) {
    errors.push(fieldError.forbidden(at('x-kubernetes-embedded-resource'), 'must not be used inside of resource meta'));
  }
  if (schema.uniqueItems)
    errors.push(fieldError.forbidden(at('uniqueItems'), 'uniqueItems cannot be set to true since the runtime complexity becomes quadratic'));
  if (schema['x-kubernetes-preserve-unknown-fields'] === false) {
    errors.push(fieldError.invalid(at('x-kubernetes-preserve-unknown-fields'), false, 'must be true or undefined'));
  }
  errors.push(...mapAndListTypes(schema, path));
  return errors;
}

function mapAndListTypes(schema: JSONSchemaProps, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const at = (child: string): string => childPath(path, child);
  const mapType = schema['x-kubernetes-map-type'];
  const listType = schema['x-kubernetes-list-type'];
  const mapKeys = schema['x-kubernetes-list-map-keys'] ?? [];
  const items = schema.items;
  const requireType = (expected: string, detail: string): void => {
    if (schema.type === expected) return;
    errors.push(schema.type ? fieldError.invalid(at('type'), schema.type, detail) : fieldError.required(at('type'), detail));
  };
  if (mapType !== undefined) requireType('object', 'must be object if x-kubernetes-map-type is specified');
  if (mapType !== undefined && mapType !== 'atomic' && mapType !== 'granular')
    errors.push(fieldError.notSupported(at('x-kubernetes-map-type'), mapType, ['atomic', 'granular']));
  if (listType !== undefined && schema.type !== 'array') {
    requireType('array', 'must be array if x-kubernetes-list-type is specified');
  } else if (listType === 'set' && items) {
    if (items.type === 'array' && items['x-kubernetes-list-type'] !== undefined && items['x-kubernetes-list-type'] !== 'atomic') {
      errors.push(
        fieldError.invalid(
          childPath(at('items'), 'x-kubernetes-list-type'),
          items['x-kubernetes-list-type'],
          'must be atomic as item of a list with x-kubernetes-list-type=set',
        ),
      );
    }
    if (items.type === 'object' && items['x-kubernetes-map-type'] !== 'atomic') {
      // Kubernetes reports the item's list type as the bad value here (null when unset).
      errors.push(
        fieldError.invalid(
          childPath(at('items'), 'x-kubernetes-map-type'),
          items['x-kubernetes-list-type'] ?? 'null',
          'must be atomic as item of a list with x-kubernetes-list-type=set',
        ),
      );
    }
  }
  if (listType !== undefined && !['atomic', 'set', 'map'].includes(listType))
    errors.push(fieldError.notSupported(at('x-kubernetes-list-type'), listType, ['atomic', 'set', 'map']));
  if (mapKeys.length > 0) {
    if (listType === undefined) errors.push(fieldError.required(at('x-kubernetes-list-type'), 'must be map if x-kubernetes-list-map-keys is non-empty'));
    else if (listType !== 'map')
      errors.push(fieldError.invalid(at('x-kubernetes-list-type'), listType, 'must be map if x-kubernetes-list-map-keys is non-empty'));
  }
  if (listType === 'map') {
    if (mapKeys.length === 0) errors.push(fieldError.required(at('x-kubernetes-list-map-keys'), 'must not be empty if x-kubernetes-list-type is map'));
    if (!items) errors.push(fieldError.required(at('items'), 'must have a schema if x-kubernetes-list-type is map'));
    else if (items.type !== 'object')
      errors.push(fieldError.invalid(childPath(at('items'), 'type'), items.type ?? '', "must be object if parent array's x-kubernetes-list-type is map"));
    else {
      const seen = new Set<string>();
      for (const key of mapKeys) {
        const keySchema = items.properties && Object.hasOwn(items.properties, key) ? items.properties[key] : undefined;
        if (!keySchema)
          errors.push(invalidWithGoValue(at('x-kubernetes-list-map-keys'), goStringSlice(mapKeys), 'entries must all be names of item properties'));
        else if (keySchema.type === 'array' || keySchema.type === 'object') {
          errors.push(
            fieldError.invalid(
              childPath(keyPath(childPath(at('items'), 'properties'), key), 'type'),
              items.type,
              "must be a scalar type if parent array's x-kubernetes-list-type is map",
            ),
          );
        }
        if (seen.has(key)) errors.push(invalidWithGoValue(at('x-kubernetes-list-map-keys'), goStringSlice(mapKeys), 'must not contain duplicate entries'));
        seen.add(key);
      }
    }
  }
  if ((listType === 'set' || listType === 'map') && items) {
    if (items.nullable) errors.push(fieldError.forbidden(childPath(at('items'), 'nullable'), `cannot be nullable when x-kubernetes-list-type is ${listType}`));
    if (listType === 'map') {
      for (const key of mapKeys) {
        const keySchema = items.properties && Object.hasOwn(items.properties, key) ? items.properties[key] : undefined;
        if (!keySchema) continue;
        const keyAt = keyPath(childPath(at('items'), 'properties'), key);
        if (!(items.required ?? []).includes(key) && keySchema.default === undefined) {
          errors.push(
            fieldError.required(
              childPath(keyAt, 'default'),
              'this property is in x-kubernetes-list-map-keys, so it must have a default or be a required property',
            ),
          );
        }
        if (keySchema.nullable)
          errors.push(fieldError.forbidden(childPath(keyAt, 'nullable'), 'this property is in x-kubernetes-list-map-keys, so it cannot be nullable'));
      }
    }
  }
  return errors;
}
