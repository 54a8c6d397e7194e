/**
 * FieldSet: a set of field paths stored as a trie, SMD's fieldpath.Set. A node can be a member
 * itself (someone set that exact field or list item) and also have children (fields below it);
 * FieldsV1 writes the first as `".": {}`. Operations return new sets and never share nodes.
 */
import { comparePathElements, serializePathElement, type FieldPath, type PathElement } from './field-path.ts';

interface Child {
  readonly element: PathElement;
  readonly set: FieldSet;
}

export interface FieldSetEntry {
  readonly element: PathElement;
  /** The path ending here is itself in the set. */
  readonly member: boolean;
  /** Paths below this one, if any. */
  readonly children: FieldSet | undefined;
}

export class FieldSet {
  private readonly members = new Map<string, PathElement>();
  private readonly children = new Map<string, Child>();

  static of(paths: Iterable<FieldPath>): FieldSet {
    const set = new FieldSet();
    for (const path of paths) set.insert(path);
    return set;
  }

  /** Adds a path; the empty path (the object itself) is never tracked. */
  insert(path: FieldPath): this {
    const [head, ...rest] = path;
    if (!head) return this;
    const key = serializePathElement(head);
    if (rest.length === 0) {
      this.members.set(key, head);
      return this;
    }
    let child = this.children.get(key);
    if (!child) {
      child = { element: head, set: new FieldSet() };
      this.children.set(key, child);
    }
    child.set.insert(rest);
    return this;
  }

  has(path: FieldPath): boolean {
    const [head, ...rest] = path;
    if (!head) return false;
    const key = serializePathElement(head);
    return rest.length === 0 ? this.members.has(key) : (this.children.get(key)?.set.has(rest) ?? false);
  }

  /** True when the set holds `path` itself or anything below it. */
  hasAtOrBelow(path: FieldPath): boolean {
    const [head, ...rest] = path;
    if (!head) return !this.isEmpty();
    const key = serializePathElement(head);
    if (rest.length === 0) return this.members.has(key) || this.children.has(key);
    return this.children.get(key)?.set.hasAtOrBelow(rest) ?? false;
  }

  isEmpty(): boolean {
    return this.members.size === 0 && [...this.children.values()].every((c) => c.set.isEmpty());
  }

  equals(other: FieldSet): boolean {
    return this.difference(other).isEmpty() && other.difference(this).isEmpty();
  }

  union(other: FieldSet): FieldSet {
    return this.combine(other, (inThis, inOther) => inThis || inOther, (a, b) => a.union(b), true);
  }

  intersection(other: FieldSet): FieldSet {
    return this.combine(other, (inThis, inOther) => inThis && inOther, (a, b) => a.intersection(b), false);
  }

  /** Paths in this set that are not, exactly, in `other`. */
  difference(other: FieldSet): FieldSet {
    return this.combine(other, (inThis, inOther) => inThis && !inOther, (a, b) => a.difference(b), 'left');
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
    return this.union(new FieldSet());
  }

  /** Every path, ordered like SMD's Set.Iterate: a node's members first, then its children. */
  *paths(prefix: FieldPath = []): Generator<FieldPath> {
    for (const element of sortElements([...this.members.values()])) yield [...prefix, element];
    for (const child of sortChildren([...this.children.values()])) yield* child.set.paths([...prefix, child.element]);
  }

  /** This level's elements in order, each with its membership and subtree (for FieldsV1). */
  entries(): FieldSetEntry[] {
    const keys = new Set([...this.members.keys(), ...this.children.keys()]);
    const entries = [...keys].map((key) => {
      const child = this.children.get(key);
      const children = child && !child.set.isEmpty() ? child.set : undefined;
      return { element: (this.members.get(key) ?? child?.element)!, member: this.members.has(key), children };
    });
    return entries.filter((e) => e.member || e.children).sort((a, b) => comparePathElements(a.element, b.element));
  }

  private combine(
    other: FieldSet,
    keepMember: (inThis: boolean, inOther: boolean) => boolean,
    recurse: (a: FieldSet, b: FieldSet) => FieldSet,
    childrenFrom: boolean | 'left',
  ): FieldSet {
    const out = new FieldSet();
    for (const [key, element] of [...this.members, ...other.members]) {
      if (keepMember(this.members.has(key), other.members.has(key))) out.members.set(key, element);
    }
    const keys = new Set([...this.children.keys(), ...other.children.keys()]);
    for (const key of keys) {
      const mine = this.children.get(key);
      const theirs = other.children.get(key);
      let set: FieldSet | undefined;
      if (mine && theirs) set = recurse(mine.set, theirs.set);
      else if (mine && childrenFrom !== false) set = recurse(mine.set, new FieldSet());
      else if (theirs && childrenFrom === true) set = recurse(new FieldSet(), theirs.set);
      if (set && !set.isEmpty()) out.children.set(key, { element: (mine ?? theirs)!.element, set });
    }
    return out;
  }
}

function sortElements(elements: PathElement[]): PathElement[] {
  return elements.sort(comparePathElements);
}

function sortChildren(children: Child[]): Child[] {
  return children.sort((a, b) => comparePathElements(a.element, b.element));
}
