// `node --import tsx scripts/generate-ssa-schema.ts [dumpDir]`: writes
// packages/apiserver/src/patch/builtin-ssa-schema.ts, the structural markers server-side apply
// and managedFields need (list-type, list-map-keys, map-type/structType atomic, and which fields
// Go always serializes), read from the OpenAPI v3 documents the real kube-apiserver 1.37 serves.
// That is the schema kube's field manager records ownership with (k8s.io/apiserver's
// TypeConverter over the same models, via kube-openapi's schemaconv), so ours cannot drift from
// it by hand. Starts the kube oracle (tools/kube-oracle) unless given a directory of documents
// saved earlier (one JSON file per /openapi/v3 path). Descriptions are not kept: only markers.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startKubeOracle } from '@dojo/apiserver/testing';

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  items?: Schema;
  allOf?: Schema[];
  $ref?: string;
  default?: unknown;
  'x-kubernetes-list-type'?: string;
  'x-kubernetes-list-map-keys'?: string[];
  'x-kubernetes-map-type'?: string;
  'x-kubernetes-patch-strategy'?: string;
  'x-kubernetes-patch-merge-key'?: string;
  'x-kubernetes-group-version-kind'?: { group: string; version: string; kind: string }[];
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  format?: string;
}

/**
 * SMD's atom for a value (kube-openapi's schemaconv convertPrimitive): s string (and byte), n
 * numeric, b boolean, u any scalar (other string formats: date-time, int-or-string), x anything
 * (no type), l a list, m a map; structs (with `f`) and maps (with `i`) leave it out.
 */
type Atom = 's' | 'n' | 'b' | 'u' | 'x' | 'l' | 'm';

/** The generated node: `a` atomic, `l`/`k` list type and keys, `s` always serialized, `f` fields, `i` items; a string names a definition. */
interface Node {
  a?: 1;
  l?: 'set' | 'map';
  k?: string[];
  s?: 1;
  f?: Record<string, Node | string>;
  i?: Node | string;
  r?: string;
  g?: 1;
  t?: Atom;
  /** Undeclared fields allowed: x-kubernetes-preserve-unknown-fields, or additionalProperties beside properties. */
  u?: 1;
}

const outFile = new URL('../packages/apiserver/src/patch/builtin-ssa-schema.ts', import.meta.url).pathname;

async function loadDocuments(dir: string | undefined): Promise<Record<string, Schema>> {
  const schemas: Record<string, Schema> = {};
  if (dir) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      Object.assign(schemas, JSON.parse(readFileSync(join(dir, file), 'utf8'))?.components?.schemas ?? {});
    }
    return schemas;
  }
  const oracle = await startKubeOracle();
  try {
    const index = await oracle.call('GET', '/openapi/v3');
    for (const path of Object.keys(index.body.paths)) {
      const doc = await oracle.call('GET', `/openapi/v3/${path}`);
      Object.assign(schemas, doc.body?.components?.schemas ?? {});
    }
  } finally {
    await oracle.stop();
  }
  return schemas;
}

const shortName = (ref: string): string =>
  ref
    .replace('#/components/schemas/', '')
    .replace(/^io\.k8s\.(api|apimachinery\.pkg\.apis|apimachinery\.pkg|apiextensions-apiserver\.pkg\.apis|kube-aggregator\.pkg\.apis)\./, '');

function refOf(schema: Schema): string | undefined {
  return schema.$ref ?? schema.allOf?.find((s) => s.$ref)?.$ref;
}

/** kube-openapi's schemaconv: x-kubernetes-list-type, else what the patch strategy implies, else atomic. */
function listTypeOf(schema: Schema): Pick<Node, 'l' | 'k'> {
  const explicit = schema['x-kubernetes-list-type'];
  if (explicit === 'map') return { l: 'map', k: schema['x-kubernetes-list-map-keys'] ?? [] };
  if (explicit === 'set') return { l: 'set' };
  if (explicit) return {};
  if (!(schema['x-kubernetes-patch-strategy'] ?? '').split(',').includes('merge')) return {};
  const key = schema['x-kubernetes-patch-merge-key'];
  return key ? { l: 'map', k: [key] } : { l: 'set' };
}

const scalarAtom = (schema: Schema): Atom | undefined => {
  switch (schema.type) {
    case 'integer':
    case 'number':
      return 'n';
    case 'boolean':
      return 'b';
    case 'string':
      return !schema.format || schema.format === 'byte' ? 's' : 'u';
    default:
      return undefined;
  }
};

/** Definitions schemaconv hard-codes: a Quantity is any scalar, a RawExtension anything. */
const hardCodedAtoms: Record<string, Atom> = { 'api.resource.Quantity': 'u', 'runtime.RawExtension': 'x' };

function generate(schemas: Record<string, Schema>): { defs: Record<string, Node>; kinds: Record<string, string> } {
  const defs: Record<string, Node> = {};
  const nameOf = new Map<string, string>();
  for (const full of Object.keys(schemas)) nameOf.set(`#/components/schemas/${full}`, shortName(full));

  const isEmptyObject = (s: Schema) => s.type === 'object' && !s.properties && s.additionalProperties === undefined;
  const convertField = (schema: Schema): Node | string => {
    const ref = refOf(schema);
    const node: Node = {};
    if (schema['x-kubernetes-map-type'] === 'atomic') node.a = 1;
    // A field may make an atomic type granular (+structType=granular: a PV's claimRef).
    if (schema['x-kubernetes-map-type'] === 'granular') node.g = 1;
    if (schema.default !== undefined && typeof schema.default === 'object' && schema.default !== null && !Array.isArray(schema.default)) node.s = 1;
    if (ref) {
      if (Object.keys(node).length === 0) return nameOf.get(ref)!;
      return { ...node, r: nameOf.get(ref)! };
    }
    const inline = convertInline(schema);
    // A bare scalar is written as its letter alone, which no definition name can be.
    if (Object.keys(node).length === 0 && Object.keys(inline).length === 1 && inline.t && inline.t !== 'l' && inline.t !== 'm') return inline.t;
    return { ...node, ...inline };
  };
  const convertInline = (schema: Schema): Node => {
    const node: Node = {};
    if (schema['x-kubernetes-map-type'] === 'atomic') node.a = 1;
    const scalar = scalarAtom(schema);
    if (scalar) {
      node.t = scalar;
    } else if (schema.type === 'array' && schema.items) {
      node.t = 'l';
      Object.assign(node, listTypeOf(schema));
      node.i = convertField(schema.items);
    } else if (schema.properties) {
      node.f = {};
      for (const [name, field] of Object.entries(schema.properties)) node.f[name] = convertField(field);
      if (schema['x-kubernetes-preserve-unknown-fields'] || schema.additionalProperties !== undefined) node.u = 1;
    } else if (typeof schema.additionalProperties === 'object') {
      node.i = convertField(schema.additionalProperties);
    } else if (isEmptyObject(schema)) {
      // Free-form objects without fields: kube owns them whole.
      node.a = 1;
      node.t = 'm';
    } else if (!schema.type) {
      node.t = 'x';
    }
    return node;
  };
  for (const [full, schema] of Object.entries(schemas)) {
    const name = shortName(full);
    const hardCoded = hardCodedAtoms[name];
    // RawExtension stays atomic (owned whole), as it was before atoms were kept.
    defs[name] = hardCoded ? { t: hardCoded, ...(hardCoded === 'x' ? { a: 1 as const } : {}) } : convertInline(schema);
  }

  const kinds: Record<string, string> = {};
  for (const [full, schema] of Object.entries(schemas)) {
    for (const gvk of schema['x-kubernetes-group-version-kind'] ?? []) {
      // Lists are never written (nor owned): only objects with metadata of their own.
      if (!schema.properties?.metadata || (gvk.kind.endsWith('List') && schema.properties.items)) continue;
      kinds[`${gvk.group ? `${gvk.group}/` : ''}${gvk.version}/${gvk.kind}`] = shortName(full);
    }
  }
  return { defs, kinds };
}

/**
 * The definitions some kind reaches, whole: SMD checks every field's atom and refuses fields a
 * struct does not declare, so nothing below a kind can be left out.
 */
function reachable(defs: Record<string, Node>, kinds: Record<string, string>): Record<string, Node> {
  const kept: Record<string, Node> = {};
  const visit = (node: Node | string | undefined): void => {
    if (node === undefined) return;
    if (typeof node === 'string') {
      if (node.length === 1 || kept[node] || !defs[node]) return;
      kept[node] = defs[node];
      visit(defs[node]);
      return;
    }
    if (node.r) visit(node.r);
    if (node.i) visit(node.i);
    for (const field of Object.values(node.f ?? {})) visit(field);
  };
  for (const name of Object.values(kinds)) visit(name);
  return kept;
}

const dir = process.argv[2];
const { defs, kinds } = generate(await loadDocuments(dir));
const kept = reachable(defs, kinds);
const keptKinds = Object.fromEntries(
  Object.entries(kinds)
    .filter(([, def]) => kept[def])
    .sort(([a], [b]) => a.localeCompare(b)),
);
const sortedDefs = Object.fromEntries(Object.entries(kept).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(
  outFile,
  `// Generated by scripts/generate-ssa-schema.ts from kube-apiserver 1.37's OpenAPI v3. Do not edit.
// Structural markers only (see builtin-ssa-meta.ts for how they are read): a = atomic, g = granular,
// l/k = list type and map keys, s = always serialized (a non-pointer struct), f = fields,
// i = items or map values, r = the definition a field refers to; a string names a definition.
import type { GeneratedSchemaNode } from './builtin-ssa-schema-node.ts';

export const ssaDefinitions: { readonly [name: string]: GeneratedSchemaNode } = ${JSON.stringify(sortedDefs)};

/** "group/version/Kind" (no group for the core API) to the definition of that kind. */
export const ssaKinds: { readonly [gvk: string]: string } = ${JSON.stringify(keptKinds)};
`,
);
console.log(`wrote ${outFile}: ${Object.keys(keptKinds).length} kinds, ${Object.keys(kept).length} definitions`);
