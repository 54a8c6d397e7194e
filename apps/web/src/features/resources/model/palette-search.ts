/**
 * The command palette's search over the console's pages, its controllers, every kind and every
 * object: what a person types is a page ("timeline"), a name, or a kind and a name as kubectl
 * takes them ("po web", "deploy/api", "dojos hall"). A first word that names a kind (its kind,
 * plural, singular or short name) narrows the objects to that kind.
 *
 * Ranking: exact matches first; then by what people open first (pages, their operator's kinds
 * and objects, everyday workloads, plumbing, Events last: kind-priority.ts); then prefix before
 * anywhere; then pages, kinds, controllers, objects; then in order of appearance.
 */
import type { ServedResource } from '@dojo/console-protocol';
import { kindPriority } from './kind-priority.ts';

export interface NamedObject {
  type: ServedResource;
  namespace?: string | undefined;
  name: string;
}

/** A place in the console itself: a page of the sidebar, or a controller's workqueue or debugger. */
export interface PaletteLink {
  label: string;
  to: string;
  what: 'page' | 'controller';
  /** Further words it is found by (a controller's name). */
  words?: readonly string[];
}

export type PaletteItem = { kind: 'kind'; type: ServedResource } | ({ kind: 'object' } & NamedObject) | ({ kind: 'link' } & PaletteLink);

const singular = (type: ServedResource) => type.kind.toLowerCase();

/** The words a kind is known by, lowercase. */
export function kindNames(type: ServedResource): string[] {
  return [singular(type), type.resource, ...(type.shortNames ?? [])];
}

/** 0 exact, 1 prefix, 2 anywhere; undefined: no match. */
function rank(text: string, needle: string): number | undefined {
  if (!needle) return 2;
  const t = text.toLowerCase();
  if (t === needle) return 0;
  if (t.startsWith(needle)) return 1;
  return t.includes(needle) ? 2 : undefined;
}

function split(query: string): { kindWord?: string; rest: string } {
  // A space after the first word says "this is a kind": "dojos " lists the Dojos.
  const text = query.trimStart().toLowerCase();
  const m = /^([a-z0-9.-]+)[\s/]+(.*)$/.exec(text);
  return m ? { kindWord: m[1]!, rest: m[2]!.trim() } : { rest: text };
}

interface Scored {
  item: PaletteItem;
  /** 0 exact, 1 prefix, 2 anywhere. */
  match: number;
  /** kindPriority, or -1 for pages. */
  tier: number;
  /** pages 0, kinds 1, controllers 2, objects 3. */
  category: number;
}

const order = (a: Scored & { i: number }, b: Scored & { i: number }) =>
  Number(a.match > 0) - Number(b.match > 0) || a.tier - b.tier || a.match - b.match || a.category - b.category || a.i - b.i;

export function searchPalette(
  query: string,
  types: readonly ServedResource[],
  objects: readonly NamedObject[],
  limit = 50,
  links: readonly PaletteLink[] = [],
): PaletteItem[] {
  const { kindWord, rest } = split(query);
  const narrowed = kindWord ? types.filter((t) => kindNames(t).includes(kindWord) || t.kind.toLowerCase() === kindWord) : [];
  const needle = narrowed.length ? rest : query.trim().toLowerCase();
  const scored: Scored[] = [];
  if (!narrowed.length) {
    for (const link of links) {
      const match = Math.min(...[link.label, ...(link.words ?? [])].map((word) => rank(word, needle) ?? 9));
      if (match < 9) scored.push({ item: { kind: 'link', ...link }, match, tier: link.what === 'page' ? -1 : 0, category: link.what === 'page' ? 0 : 2 });
    }
    for (const type of types) {
      const match = Math.min(...kindNames(type).map((n) => rank(n, needle) ?? 9), rank(type.group, needle) === 0 ? 2 : 9);
      if (match < 9) scored.push({ item: { kind: 'kind', type }, match, tier: kindPriority(type), category: 1 });
    }
  }
  for (const object of objects) {
    if (narrowed.length && !narrowed.includes(object.type)) continue;
    const match = rank(object.name, needle) ?? (object.namespace ? rank(`${object.namespace}/${object.name}`, needle) : undefined);
    if (match !== undefined) scored.push({ item: { kind: 'object', ...object }, match, tier: kindPriority(object.type), category: 3 });
  }
  return scored
    .map((s, i) => ({ ...s, i }))
    .sort(order)
    .slice(0, limit)
    .map((s) => s.item);
}
