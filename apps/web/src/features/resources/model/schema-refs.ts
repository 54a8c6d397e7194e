/**
 * Reading a schema node the way kube writes them: a built-in kind's OpenAPI v3 schema names its
 * parts by `$ref` into `components.schemas`, usually wrapped as `allOf: [{$ref}]` beside the
 * property's own `description` and `default` (kube-openapi's way of giving a referenced type a
 * field-specific description). `resolveNode` folds the `allOf` parts and the definitions they
 * name into one node; the node's own keywords win over the definition's.
 *
 * Some definitions refer to themselves (a CRD's JSONSchemaProps, through its properties), so
 * the definitions already open on the path are passed along: meeting one again is a cycle, which
 * the caller edits as YAML instead of unrolling.
 */

/** The part of OpenAPI v3 (and kube's extensions) the generated forms read. */
export interface SchemaNode {
  type?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  additionalProperties?: SchemaNode | boolean;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  allOf?: SchemaNode[];
  $ref?: string;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  'x-kubernetes-int-or-string'?: boolean;
}

export type Definitions = Readonly<Record<string, SchemaNode>>;

/** A kind's schema and the definitions its `$ref`s reach, as `GET /api/schema/...` answers. */
export interface KindSchemaNodes {
  schema: SchemaNode;
  definitions: Definitions;
}

const refPrefix = '#/components/schemas/';

/**
 * Definitions kube's documents spell as plain strings that mean more: a Quantity ("500m",
 * "1Gi") takes a number too, and is told by its definition's name alone.
 */
const formatOfDefinition: Readonly<Record<string, string>> = {
  'io.k8s.apimachinery.pkg.api.resource.Quantity': 'quantity',
  'io.k8s.apimachinery.pkg.util.intstr.IntOrString': 'int-or-string',
};

export interface Resolved {
  node: SchemaNode;
  /** The definitions open on the path to this node, its own included. */
  open: ReadonlySet<string>;
}

/** `base` with `over`'s keywords on top; properties and required lists are joined. */
function merged(base: SchemaNode, over: SchemaNode): SchemaNode {
  const node: SchemaNode = { ...base, ...over };
  if (base.properties || over.properties) node.properties = { ...base.properties, ...over.properties };
  if (base.required || over.required) node.required = [...new Set([...(base.required ?? []), ...(over.required ?? [])])];
  return node;
}

/** One node with its `$ref` and `allOf` folded in, or 'cycle' when it reopens a definition on the path. */
export function resolveNode(node: SchemaNode, definitions: Definitions, open: ReadonlySet<string> = new Set()): Resolved | 'cycle' {
  let opened = open;
  const expand = (part: SchemaNode): SchemaNode | 'cycle' => {
    const { $ref, allOf, ...own } = part;
    let base: SchemaNode = {};
    if ($ref !== undefined) {
      const name = $ref.startsWith(refPrefix) ? $ref.slice(refPrefix.length) : $ref;
      if (opened.has(name)) return 'cycle';
      opened = new Set(opened).add(name);
      const definition = definitions[name];
      // A definition the document does not carry is edited as YAML (an empty node).
      const expanded = definition ? expand(definition) : {};
      if (expanded === 'cycle') return 'cycle';
      base = formatOfDefinition[name] && !expanded.format ? { ...expanded, format: formatOfDefinition[name] } : expanded;
    }
    for (const inner of allOf ?? []) {
      const expanded = expand(inner);
      if (expanded === 'cycle') return 'cycle';
      base = merged(base, expanded);
    }
    return merged(base, own);
  };
  const expanded = expand(node);
  return expanded === 'cycle' ? 'cycle' : { node: expanded, open: opened };
}
