/**
 * FieldSet: a set of field paths stored as a trie, SMD's fieldpath.Set. A node can be a member
 * itself (someone set that exact field or list item) and also have children (fields below it);
 * FieldsV1 writes the first as `".": {}`. Operations return new sets and never share nodes.
 *
 * Every write's managedFields go through here (decode, compare, difference, encode), so the
 * hot paths walk paths by index instead of copying them, and a set never keeps an empty child:
 * `isEmpty()` is then two size checks instead of a walk of the whole trie.
 */
import { comparePathElements, serializePathElement, type FieldPath, type PathElement } from './field-path.ts';

interface Child {
  readonly element: PathElement;
  readonly set: FieldSet;
}

export interface FieldSetEntry {
  readonly element: PathElement;
  /** serializePathElement(element): the FieldsV1 key. */
  readonly key: string;
  /** The path ending here is itself in the set. */
  readonly member: boolean;
  /** Paths below this one, if any. */
  readonly children: FieldSet | undefined;
}

// Key, value and index elements serialize through canonical JSON; the same element object is
// serialized once per insert of every path below it, so remember the text.
const serialized = new WeakMap<PathElement, string>();

/** serializePathElement, remembered per element object. */
export function keyOfElement(element: PathElement): string {
  if (element.kind === 'field') return `f:${element.name}`;
  let key = serialized.get(element);
  if (key === undefined) serialized.set(element, (key = serializePathElement(element)));
  return key;
}

export class FieldSet {
  private readonly members = new Map<string, PathElement>();
  // Invariant: no child set is empty (every way of adding one adds a path to it first).
  private readonly children = new Map<string, Child>();

  static of(paths: Iterable<FieldPath>): FieldSet {
    const set = new FieldSet();
    for (const path of paths) set.insert(path);
    return set;
  }

  /** Adds a path; the empty path (the object itself) is never tracked. */
  insert(path: FieldPath): this {
    if (path.length === 0) return this;
    const element = path[path.length - 1]!;
    FieldSet.descend(this, path, true)!.members.set(keyOfElement(element), element);
    return this;
  }

  /** For decoders building a set bottom-up: `element` is a member at this level. */
  addMember(element: PathElement, key = keyOfElement(element)): this {
    this.members.set(key, element);
    return this;
  }

  /** For decoders building a set bottom-up: every path of `set`, below `element`. `set` becomes part of this one. */
  addChild(element: PathElement, set: FieldSet, key = keyOfElement(element)): this {
    if (set.isEmpty()) return this;
    const existing = this.children.get(key);
    this.children.set(key, { element: existing?.element ?? element, set: existing ? existing.set.union(set) : set });
    return this;
  }

  has(path: FieldPath): boolean {
    const node = FieldSet.descend(this, path, false);
    return node !== undefined && path.length > 0 && node.members.has(keyOfElement(path[path.length - 1]!));
  }

  /** True when the set holds `path` itself or anything below it. */
  hasAtOrBelow(path: FieldPath): boolean {
    if (path.length === 0) return !this.isEmpty();
    const node = FieldSet.descend(this, path, false);
    if (!node) return false;
    const key = keyOfElement(path[path.length - 1]!);
    return node.members.has(key) || node.children.has(key);
  }

  isEmpty(): boolean {
    return this.members.size === 0 && this.children.size === 0;
  }

  equals(other: FieldSet): boolean {
    return this.difference(other).isEmpty() && other.difference(this).isEmpty();
  }

  union(other: FieldSet): FieldSet {
    if (other.isEmpty()) return this.copy();
    if (this.isEmpty()) return other.copy();
    const out = new FieldSet();
    for (const [key, element] of this.members) out.members.set(key, element);
    for (const [key, element] of other.members) if (!out.members.has(key)) out.members.set(key, element);
    for (const [key, child] of this.children) {
      const theirs = other.children.get(key);
      out.children.set(key, { element: child.element, set: theirs ? child.set.union(theirs.set) : child.set.copy() });
    }
    for (const [key, child] of other.children) if (!this.children.has(key)) out.children.set(key, { element: child.element, set: child.set.copy() });
    return out;
  }

  intersection(other: FieldSet): FieldSet {
    const out = new FieldSet();
    const [small, large] = this.members.size <= other.members.size ? [this, other] : [other, this];
    for (const [key, element] of small.members) if (large.members.has(key)) out.members.set(key, this.members.get(key) ?? element);
    for (const [key, child] of this.children) {
      const theirs = other.children.get(key);
      if (!theirs) continue;
      const set = child.set.intersection(theirs.set);
      if (!set.isEmpty()) out.children.set(key, { element: child.element, set });
    }
    return out;
  }

  /** True when some path is in both sets: when `difference(other)` would take something away. */
  overlaps(other: FieldSet): boolean {
    if (this.isEmpty() || other.isEmpty()) return false;
    const [small, large] = this.members.size <= other.members.size ? [this, other] : [other, this];
    for (const key of small.members.keys()) if (large.members.has(key)) return true;
    for (const [key, child] of this.children) {
      const theirs = other.children.get(key);
      if (theirs && child.set.overlaps(theirs.set)) return true;
    }
    return false;
  }

  /** Paths in this set that are not, exactly, in `other`. */
  difference(other: FieldSet): FieldSet {
    if (other.isEmpty()) return this.copy();
    const out = new FieldSet();
    for (const [key, element] of this.members) if (!other.members.has(key)) out.members.set(key, element);
    for (const [key, child] of this.children) {
      const theirs = other.children.get(key);
      const set = theirs ? child.set.difference(theirs.set) : child.set.copy();
      if (!set.isEmpty()) out.children.set(key, { element: child.element, set });
    }
    return out;
  }

  /** Paths in this set that are neither in `other` nor below one of its paths. */
  recursiveDifference(other: FieldSet): FieldSet {
    const out = new FieldSet();
    for (const [key, element] of this.members) if (!other.members.has(key)) out.members.set(key, element);
    for (const [key, child] of this.children) {
      if (other.members.has(key)) continue;
      const otherChild = other.children.get(key);
      const set = otherChild ? child.set.recursiveDifference(otherChild.set) : child.set.copy();
      if (!set.isEmpty()) out.children.set(key, { element: child.element, set });
    }
    return out;
  }

  copy(): FieldSet {
    const out = new FieldSet();
    for (const [key, element] of this.members) out.members.set(key, element);
    for (const [key, child] of this.children) out.children.set(key, { element: child.element, set: child.set.copy() });
    return out;
  }

  /** Every path, ordered like SMD's Set.Iterate: a node's members first, then its children. */
  *paths(prefix: FieldPath = []): Generator<FieldPath> {
    for (const element of sortElements([...this.members.values()])) yield [...prefix, element];
    for (const child of sortChildren([...this.children.values()])) yield* child.set.paths([...prefix, child.element]);
  }

  /** This level's elements in order, each with its membership and subtree (for FieldsV1). */
  entries(): FieldSetEntry[] {
    const entries: FieldSetEntry[] = [];
    for (const [key, element] of this.members) entries.push({ element, key, member: true, children: this.children.get(key)?.set });
    for (const [key, child] of this.children) if (!this.members.has(key)) entries.push({ element: child.element, key, member: false, children: child.set });
    return entries.length > 1 ? entries.sort((a, b) => comparePathElements(a.element, b.element)) : entries;
  }

  /**
   * The node that holds `path`'s last element: creating the nodes on the way when `create`,
   * else undefined when one is absent.
   */
  private static descend(root: FieldSet, path: FieldPath, create: boolean): FieldSet | undefined {
    let node = root;
    for (let i = 0; i < path.length - 1; i++) {
      const element = path[i]!;
      const key = keyOfElement(element);
      let child = node.children.get(key);
      if (!child) {
        if (!create) return undefined;
        node.children.set(key, (child = { element, set: new FieldSet() }));
      }
      node = child.set;
    }
    return node;
  }
}

function sortElements(elements: PathElement[]): PathElement[] {
  return elements.sort(comparePathElements);
}

function sortChildren(children: Child[]): Child[] {
  return children.sort((a, b) => comparePathElements(a.element, b.element));
}
