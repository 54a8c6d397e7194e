/**
 * The shape of a node of the generated server-side apply schema (builtin-ssa-schema.ts, written by
 * scripts/generate-ssa-schema.ts, read by builtin-ssa-meta.ts): a file of its own, so the
 * generated data and its reader do not import each other.
 */

/** A generated node (see the generator for the letters); a string names a definition, or is a scalar's one letter. */
export interface GeneratedSchemaNode {
  readonly a?: 1;
  readonly l?: 'set' | 'map';
  readonly k?: readonly string[];
  readonly s?: 1;
  readonly f?: { readonly [field: string]: GeneratedSchemaNode | string };
  readonly i?: GeneratedSchemaNode | string;
  readonly r?: string;
  /** The field overrides its atomic type: +structType=granular (a PersistentVolume's claimRef). */
  readonly g?: 1;
  /** SMD's atom (s string, n numeric, b boolean, u any scalar, x anything, l list, m map); a struct's or map's is implied. */
  readonly t?: 's' | 'n' | 'b' | 'u' | 'x' | 'l' | 'm';
  /** The struct takes fields it does not declare. */
  readonly u?: 1;
}
