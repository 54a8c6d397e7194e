/** The kinds the cluster serves (`GET /api/resources`) and their schemas (`GET /api/schema/...`). */

/** One served kind, once, at its group's preferred version. */
export interface ServedResource {
  readonly group: string;
  /** The version the console reads and writes the kind at: the group's preferred one when it serves the resource. */
  readonly version: string;
  /** Every version of the group that serves the resource, `version` first, then the group's order. */
  readonly versions?: readonly string[];
  /** The plural resource name, as in URLs. */
  readonly resource: string;
  readonly kind: string;
  readonly namespaced: boolean;
  readonly verbs: readonly string[];
  readonly shortNames?: readonly string[];
  readonly categories?: readonly string[];
  /** `status`, `scale`, ...: the subresources the kind serves at `version`. */
  readonly subresources?: readonly string[];
}

/** `GET /api/resources`. */
export interface ResourceTypeList {
  readonly resources: readonly ServedResource[];
}

/**
 * `GET /api/schema/<group>/<version>/<kind>`: the kind's OpenAPI v3 schema, metadata inlined,
 * and the `components.schemas` its `$ref`s reach (kube's built-in kinds are written with
 * `$ref`s, `#/components/schemas/<name>`; a CRD's schema has none).
 */
export interface KindSchema {
  readonly schema: Record<string, unknown>;
  readonly definitions: Readonly<Record<string, Record<string, unknown>>>;
}
