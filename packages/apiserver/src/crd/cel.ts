/**
 * Evaluation of x-kubernetes-validations rules over an object, as apiextensions' cel.Validator
 * does: every non-null value whose schema node has rules is checked with `self` bound to it; on
 * update, `oldSelf` is the correlated old value (same property or map key, same key in a map
 * list). A failing rule gives kube-apiserver's error:
 *
 *   spec: Invalid value: "object": replicationFactor is immutable
 *
 * (value = the node's schema type; `reason` picks Forbidden/Required/Duplicate instead, and
 * `fieldPath` moves the error below the node). Transition rules (those reading `oldSelf`) run only
 * when there is an old value, unless `optionalOldSelf` makes `oldSelf` an optional.
 *
 * On update, failures of non-transition rules on values that did not change are ratcheted: they
 * come back as warnings, not errors (CRDValidationRatcheting).
 */
import { fieldError, formatFieldError, type FieldError } from '@dojo/kube-api';
import { Optional } from '@marcbachmann/cel-js';
import { compiledRules, type CompiledRule } from './cel-compile.ts';
import { toCelValue } from './cel-values.ts';
import { childPath, indexPath, keyPath, renderPath } from './field-path.ts';
import { isObject, jsonEqual, ownValue } from './json-value.ts';
import type { JSONSchemaProps, ValidationRule } from './schema-types.ts';

export interface CelValidationOptions {
  /** The old value (update); omit on create. */
  oldValue?: unknown;
  /** Field path of `value` ("" for the object root, which Kubernetes prints as `<nil>`). */
  fieldPath?: string;
  /** Turn failures on unchanged values into warnings (default true when there is an old value). */
  ratcheting?: boolean;
}

export interface CelValidationResult {
  errors: FieldError[];
  /** Ratcheted failures, as kube-apiserver sends them in Warning headers. */
  warnings: string[];
}

const maxMessageExpressionLength = 5 * 1024;

interface Node {
  schema: JSONSchemaProps;
  value: unknown;
  /** Correlated old value; undefined when there is none. */
  old: unknown;
  path: string;
  /** Whether the nearest correlatable node (this one or an ancestor) is unchanged. */
  unchanged: boolean;
  ratcheting: boolean;
}

export function validateCelRules(schema: JSONSchemaProps, value: unknown, options: CelValidationOptions = {}): CelValidationResult {
  const result: CelValidationResult = { errors: [], warnings: [] };
  const hasOld = options.oldValue !== undefined && options.oldValue !== null;
  const old = hasOld ? options.oldValue : undefined;
  const ratcheting = hasOld && options.ratcheting !== false;
  visit({ schema, value, old, path: options.fieldPath ?? '', unchanged: ratcheting && jsonEqual(value, old), ratcheting }, result);
  return result;
}

function visit(node: Node, result: CelValidationResult): void {
  const { schema, value } = node;
  if (value === null || value === undefined) return; // rules only see non-null values
  evaluateRules(node, compiledRules(schema), result);
  for (const branch of schema.allOf ?? []) evaluateRules(node, compiledRules(branch), result);
  if (Array.isArray(value) && schema.items) {
    const items = schema.items;
    const correlate = mapListCorrelator(schema, node.old);
    value.forEach((item, i) => visit(child(node, items, item, correlate(item), indexPath(node.path, i)), result));
  } else if (isObject(value)) {
    // Only granular maps correlate old and new values by key.
    const oldMap = schema['x-kubernetes-map-type'] !== 'atomic' && isObject(node.old) ? node.old : undefined;
    const additional = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
    for (const [key, field] of Object.entries(value)) {
      const old = oldMap ? ownValue(oldMap, key) : undefined;
      if (schema.properties && Object.hasOwn(schema.properties, key)) {
        visit(child(node, schema.properties[key]!, field, old, childPath(node.path, key)), result);
      } else if (additional) {
        visit(child(node, additional, field, old, keyPath(node.path, key)), result);
      }
    }
  }
}

/** A node without an old value of its own is as (un)changed as its nearest correlated ancestor. */
function child(parent: Node, schema: JSONSchemaProps, value: unknown, oldValue: unknown, path: string): Node {
  const old = oldValue === null ? undefined : oldValue; // a null old value is no old value
  const unchanged = parent.ratcheting && (old !== undefined ? jsonEqual(value, old) : parent.unchanged);
  return { schema, value, old, path, unchanged, ratcheting: parent.ratcheting };
}

function mapListCorrelator(schema: JSONSchemaProps, old: unknown): (item: unknown) => unknown {
  const keys = schema['x-kubernetes-list-map-keys'] ?? [];
  if (schema['x-kubernetes-list-type'] !== 'map' || keys.length === 0 || !Array.isArray(old)) return () => undefined;
  return (item) => {
    if (!isObject(item)) return undefined;
    return old.find((o) => isObject(o) && keys.every((k) => jsonEqual(ownValue(o, k), ownValue(item, k))));
  };
}

function ruleErrorString(rule: ValidationRule): string {
  return rule.message && rule.message.length > 0 ? rule.message.trim() : (rule.rule ?? '').trim();
}

function ruleMessageOrDefault(rule: ValidationRule): string {
  return rule.message && rule.message.length > 0 ? rule.message.trim() : `failed rule: ${ruleErrorString(rule)}`;
}

/** cel-go's error text for the failures this CEL implementation reports differently. */
function runtimeErrorText(error: unknown): { text: string; overload: boolean } {
  const e = error as { code?: string; summary?: string; message?: string };
  const first = e.summary ?? (e.message ?? String(error)).split('\n')[0] ?? '';
  const text = first.replace(/^No such key/, 'no such key');
  return { text, overload: e.code === 'no_matching_overload' || e.code === 'no_such_overload' || text.startsWith('no such overload') };
}

function evaluateRules(node: Node, rules: readonly CompiledRule[], result: CelValidationResult): void {
  if (rules.length === 0) return;
  const typeValue = node.schema.type ?? '';
  const self = toCelValue(node.value, node.schema);
  const oldSelf = node.old === undefined ? undefined : toCelValue(node.old, node.schema);
  for (const compiled of rules) {
    const { rule } = compiled;
    if (compiled.error) {
      result.errors.push(fieldError.invalid(renderPath(node.path), typeValue, `rule compile error: ${compiled.error}`));
      continue;
    }
    if (!compiled.program) continue;
    const optional = rule.optionalOldSelf === true;
    if (compiled.usesOldSelf && oldSelf === undefined && !optional) continue;
    const activation = {
      self,
      oldSelf: optional ? (oldSelf === undefined ? Optional.none() : Optional.of(oldSelf)) : oldSelf,
    };
    let outcome: unknown;
    try {
      outcome = compiled.program(activation);
    } catch (error) {
      const { text, overload } = runtimeErrorText(error);
      const detail = overload
        ? `'${text}': call arguments did not match a supported operator, function or macro signature for rule: ${ruleErrorString(rule)}`
        : `${text} evaluating rule: ${ruleErrorString(rule)}`;
      result.errors.push(fieldError.invalid(renderPath(node.path), typeValue, detail));
      continue;
    }
    if (outcome === true) continue;
    const path = compiled.fieldPath ? childPath(node.path, compiled.fieldPath) : node.path;
    const detail = messageExpressionResult(compiled, activation) ?? ruleMessageOrDefault(rule);
    const error = errorForReason(renderPath(path), typeValue, detail, rule.reason);
    if (!compiled.usesOldSelf && node.unchanged) result.warnings.push(formatFieldError(error));
    else result.errors.push(error);
  }
}

/** The evaluated messageExpression, or undefined to fall back to `message`. */
function messageExpressionResult(compiled: CompiledRule, activation: object): string | undefined {
  if (!compiled.messageProgram) return undefined;
  try {
    const message: unknown = compiled.messageProgram(activation);
    if (typeof message !== 'string') return undefined;
    const trimmed = message.trim();
    if (trimmed === '' || /\n/.test(trimmed) || Buffer.byteLength(trimmed) > maxMessageExpressionLength) return undefined;
    return trimmed;
  } catch {
    return undefined;
  }
}

function errorForReason(path: string, value: unknown, detail: string, reason: string | undefined): FieldError {
  switch (reason) {
    case 'FieldValueForbidden':
      return fieldError.forbidden(path, detail);
    case 'FieldValueRequired':
      return fieldError.required(path, detail);
    case 'FieldValueDuplicate':
      return fieldError.duplicate(path, value);
    default:
      return fieldError.invalid(path, value, detail);
  }
}
