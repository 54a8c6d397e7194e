/**
 * Turns a kind's OpenAPI v3 schema into a form description, so every kind (and every CRD added
 * later) gets a create/edit form without form code of its own. The mapping:
 * - string, integer, number with their bounds and defaults; `enum` becomes a choice;
 * - boolean becomes a choice of true/false/not set (so "not set" lets the default apply);
 * - object with properties becomes a group of fields; `required` marks fields;
 * - an object field named `*Ref` with a `name` property becomes an object-reference picker,
 *   its target kind resolved by `resolveTarget` (see reference-target.ts);
 * - a map of strings (additionalProperties) becomes a key/value editor, a list of scalars a
 *   list editor; int-or-string and Quantity fields take a number or a string;
 * - `$ref`s into the document's definitions and `allOf` wrappers are read through
 *   (schema-refs.ts), as kube's built-in kinds are written;
 * - anything else (preserve-unknown-fields, lists of objects, a definition met again inside
 *   itself, fields nested deeper than `maxDepth`) is edited as YAML.
 * `apiVersion`, `kind`, `metadata` (the form asks for name and namespace itself) and `status`
 * (written by controllers, never by people) are left out.
 */

import { resolveNode, type Definitions, type SchemaNode } from './schema-refs.ts';

export interface ReferenceTarget {
  group: string;
  version: string;
  resource: string;
  kind: string;
  namespaced: boolean;
}

interface FieldBase {
  /** Path from the object root, e.g. ["spec", "credentialsRef", "name"]. */
  path: string[];
  /** The path as Kubernetes writes field errors: "spec.credentialsRef.name". */
  id: string;
  label: string;
  description?: string;
  required: boolean;
  default?: unknown;
}

export type FormField =
  | (FieldBase & { kind: 'string'; minLength?: number; maxLength?: number; pattern?: string; format?: string })
  | (FieldBase & { kind: 'integer' | 'number'; minimum?: number; maximum?: number; exclusiveMinimum?: boolean; exclusiveMaximum?: boolean })
  | (FieldBase & { kind: 'boolean' })
  | (FieldBase & { kind: 'enum'; options: string[] })
  | (FieldBase & { kind: 'object'; fields: FormField[] })
  | (FieldBase & { kind: 'reference'; target?: ReferenceTarget; fields: FormField[] })
  /** `byte`: the values are base64 (a Secret's `data`, a ConfigMap's `binaryData`). */
  | (FieldBase & { kind: 'map'; valueFormat?: 'byte' })
  /** A string or an integer (a port name or number); a Quantity ("500m", "2") is kept as typed. */
  | (FieldBase & { kind: 'intOrString' | 'quantity' })
  | (FieldBase & { kind: 'list'; itemKind: 'string' | 'integer' | 'number' })
  | (FieldBase & { kind: 'yaml' });

export type ResolveTarget = (fieldName: string, description: string | undefined) => ReferenceTarget | undefined;

const acronyms: Record<string, string> = { id: 'ID', url: 'URL', uri: 'URI', api: 'API', ip: 'IP', dns: 'DNS', tls: 'TLS', uid: 'UID', cpu: 'CPU' };

/** "accountId" -> "Account ID", "credentialsRef" -> "Credentials ref", "maxRetries" -> "Max retries". */
export function humanize(name: string): string {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .split(/\s+/)
    .map((w) => acronyms[w.toLowerCase()] ?? w.toLowerCase());
  if (words.length === 0 || !words[0]) return name;
  const first = words[0];
  words[0] = acronyms[first.toLowerCase()] ?? first.charAt(0).toUpperCase() + first.slice(1);
  return words.join(' ');
}

const skippedAtRoot = new Set(['apiVersion', 'kind', 'metadata', 'status']);

function isReference(name: string, node: SchemaNode): boolean {
  return /(Ref|Reference)$/.test(name) && node.properties?.name?.type === 'string';
}

function base(path: string[], node: SchemaNode, required: boolean): FieldBase {
  const name = path[path.length - 1] ?? '';
  const field: FieldBase = { path, id: path.join('.'), label: humanize(name), required };
  if (node.description) field.description = node.description;
  if (node.default !== undefined) field.default = node.default;
  return field;
}

/** Beyond this many levels a field is edited as YAML (a Deployment's deepest typed fields, in its pod template's security context, sit 6 down). */
const maxDepth = 8;

const objectMeta = 'io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta';

/**
 * An ObjectMeta below the root (a pod template's, a StatefulSet's volume claim templates'):
 * people write its labels and annotations; the rest (uid, resourceVersion, managedFields...)
 * the server fills in.
 */
function templateMetadata(node: SchemaNode): SchemaNode {
  const { labels, annotations } = node.properties ?? {};
  return { ...node, properties: { ...(labels ? { labels } : {}), ...(annotations ? { annotations } : {}) } };
}

interface Reading {
  resolveTarget: ResolveTarget;
  definitions: Definitions;
}

function toField(path: string[], raw: SchemaNode, required: boolean, reading: Reading, open: ReadonlySet<string>): FormField {
  const resolved = resolveNode(raw, reading.definitions, open);
  if (resolved === 'cycle' || path.length > maxDepth) return { ...base(path, raw, required), kind: 'yaml' };
  const node = resolved.open.has(objectMeta) && !open.has(objectMeta) ? templateMetadata(resolved.node) : resolved.node;
  const name = path[path.length - 1] ?? '';
  const b = base(path, node, required);
  if (node['x-kubernetes-int-or-string'] || node.format === 'int-or-string') return { ...b, kind: 'intOrString' };
  if (node.format === 'quantity') return { ...b, kind: 'quantity' };
  if (node.enum?.length && node.enum.every((v) => typeof v === 'string')) return { ...b, kind: 'enum', options: node.enum as string[] };
  switch (node.type) {
    case 'string': {
      const f: FormField = { ...b, kind: 'string' };
      if (node.minLength !== undefined) f.minLength = node.minLength;
      if (node.maxLength !== undefined) f.maxLength = node.maxLength;
      if (node.pattern !== undefined) f.pattern = node.pattern;
      if (node.format !== undefined) f.format = node.format;
      return f;
    }
    case 'integer':
    case 'number': {
      const f: FormField = { ...b, kind: node.type };
      if (typeof node.minimum === 'number') f.minimum = node.minimum;
      if (typeof node.maximum === 'number') f.maximum = node.maximum;
      // OpenAPI 3.0 writes exclusive bounds as booleans next to minimum/maximum; 3.1 as numbers.
      if (typeof node.exclusiveMinimum === 'number') Object.assign(f, { minimum: node.exclusiveMinimum, exclusiveMinimum: true });
      else if (node.exclusiveMinimum === true) f.exclusiveMinimum = true;
      if (typeof node.exclusiveMaximum === 'number') Object.assign(f, { maximum: node.exclusiveMaximum, exclusiveMaximum: true });
      else if (node.exclusiveMaximum === true) f.exclusiveMaximum = true;
      return f;
    }
    case 'boolean':
      return { ...b, kind: 'boolean' };
    case 'array': {
      const items = node.items ? resolveNode(node.items, reading.definitions, resolved.open) : undefined;
      const item = items === 'cycle' ? undefined : items?.node;
      if (item && (item.type === 'string' || item.type === 'integer' || item.type === 'number') && !item.enum) {
        return { ...b, kind: 'list', itemKind: item.type };
      }
      return { ...b, kind: 'yaml' };
    }
    case 'object':
    case undefined: {
      if (node.properties && Object.keys(node.properties).length > 0 && !node['x-kubernetes-preserve-unknown-fields']) {
        const fields = objectFields(path, node, reading, resolved.open);
        if (isReference(name, node)) {
          const target = reading.resolveTarget(name, node.description);
          return target ? { ...b, kind: 'reference', target, fields } : { ...b, kind: 'reference', fields };
        }
        return { ...b, kind: 'object', fields };
      }
      const resolvedValues =
        typeof node.additionalProperties === 'object' ? resolveNode(node.additionalProperties, reading.definitions, resolved.open) : undefined;
      const values = resolvedValues === 'cycle' ? undefined : resolvedValues?.node;
      // Quantities (resource limits, a Pod's overhead) are edited as the strings kube writes them as.
      if ((values?.type === 'string' || values?.format === 'quantity') && !values.enum)
        return values.format === 'byte' ? { ...b, kind: 'map', valueFormat: 'byte' } : { ...b, kind: 'map' };
      return { ...b, kind: 'yaml' };
    }
    default:
      return { ...b, kind: 'yaml' };
  }
}

function objectFields(path: string[], node: SchemaNode, reading: Reading, open: ReadonlySet<string>): FormField[] {
  const required = new Set(node.required ?? []);
  return Object.entries(node.properties ?? {}).map(([name, child]) => toField([...path, name], child, required.has(name), reading, open));
}

/**
 * The editable fields of a kind, from the schema and definitions `GET /api/schema/...` returns.
 * A schema that keeps unknown fields at its root (a kind served without a full schema) ends
 * with one YAML field for everything it does not describe: its path is empty.
 */
export function formFieldsForKind(schema: SchemaNode, resolveTarget: ResolveTarget = () => undefined, definitions: Definitions = {}): FormField[] {
  const resolved = resolveNode(schema, definitions);
  const root = resolved === 'cycle' ? schema : resolved.node;
  const open = resolved === 'cycle' ? new Set<string>() : resolved.open;
  const reading: Reading = { resolveTarget, definitions };
  const required = new Set(root.required ?? []);
  const fields = Object.entries(root.properties ?? {})
    .filter(([name]) => !skippedAtRoot.has(name))
    .map(([name, child]) => toField([name], child, required.has(name), reading, open));
  if (root['x-kubernetes-preserve-unknown-fields']) {
    fields.push({
      kind: 'yaml',
      path: [],
      id: '',
      label: fields.length ? 'Other fields' : 'Fields',
      required: false,
      description: 'Everything besides metadata, as YAML (e.g. data, spec); the schema does not describe these fields.',
    });
  }
  return fields;
}

/** Top-level names the form never edits as "other fields". */
export function describedRootFields(fields: readonly FormField[]): Set<string> {
  return new Set([...skippedAtRoot, ...fields.map((f) => f.path[0]).filter((n): n is string => n !== undefined)]);
}

/** Every field id in a form, nested ones included: where server-side errors may land. */
export function allFieldIds(fields: readonly FormField[]): string[] {
  return fields.flatMap((f) => (f.kind === 'object' || f.kind === 'reference' ? [f.id, ...allFieldIds(f.fields)] : f.id ? [f.id] : []));
}

/** How many inputs the whole form would show with every group open. */
export function inputCount(fields: readonly FormField[]): number {
  return fields.reduce((n, f) => n + (f.kind === 'object' || f.kind === 'reference' ? inputCount(f.fields) : 1), 0);
}

/** Beyond this many inputs a form folds its optional empty groups: a Pod's has ~150, a CRD's a dozen. */
export const longFormInputs = 40;

/**
 * Labels that more than one input of the form would have (`Name` of the object, of `spec`, of
 * `credentialsRef`), `also` counting the inputs outside the schema (metadata's Name and
 * Namespace). Those inputs get their group's label in their accessible name.
 */
export function repeatedLabels(fields: readonly FormField[], also: readonly string[] = []): Set<string> {
  const inputs = (list: readonly FormField[]): string[] => list.flatMap((f) => (f.kind === 'object' || f.kind === 'reference' ? inputs(f.fields) : [f.label]));
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const label of [...also, ...inputs(fields)]) (seen.has(label) ? repeated : seen).add(label);
  return repeated;
}

/** A short text for bounds and defaults: "≥ 0 · default 1". */
export function constraintText(field: FormField): string {
  const parts: string[] = [];
  if (field.kind === 'integer' || field.kind === 'number') {
    if (field.minimum !== undefined) parts.push(`${field.exclusiveMinimum ? '>' : '≥'} ${field.minimum}`);
    if (field.maximum !== undefined) parts.push(`${field.exclusiveMaximum ? '<' : '≤'} ${field.maximum}`);
  }
  if (field.kind === 'string') {
    if (field.minLength !== undefined && field.minLength > 0) parts.push(`at least ${field.minLength} characters`);
    if (field.maxLength !== undefined) parts.push(`at most ${field.maxLength} characters`);
    if (field.pattern) parts.push(`pattern ${field.pattern}`);
  }
  if (field.default !== undefined) parts.push(`default ${typeof field.default === 'string' ? field.default : JSON.stringify(field.default)}`);
  return parts.join(' · ');
}
