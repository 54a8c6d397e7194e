/**
 * The command palette's search over every kind and every object: what a person types is a
 * name, or a kind and a name as kubectl takes them ("po web", "deploy/api", "dojos hall").
 * A first word that names a kind (its kind, plural, singular or short name) narrows the
 * objects to that kind. Matches rank exact, then prefix, then anywhere, then in order of
 * appearance of their words; kinds before objects at the same rank.
 */
import type { ResourceType } from '@dojo/console-protocol';

export interface NamedObject {
  type: ResourceType;
  namespace?: string | undefined;
  name: string;
}

export type PaletteItem = { kind: 'kind'; type: ResourceType } | ({ kind: 'object' } & NamedObject);

const singular = (type: ResourceType) => type.kind.toLowerCase();

/** The words a kind is known by, lowercase. */
export function kindNames(type: ResourceType): string[] {
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

export function searchPalette(query: string, types: readonly ResourceType[], objects: readonly NamedObject[], limit = 50): PaletteItem[] {
  const { kindWord, rest } = split(query);
  const narrowed = kindWord ? types.filter((t) => kindNames(t).includes(kindWord) || t.kind.toLowerCase() === kindWord) : [];
  const needle = narrowed.length ? rest : query.trim().toLowerCase();
  const scored: { item: PaletteItem; score: number }[] = [];
  if (!narrowed.length) {
    for (const type of types) {
      const best = Math.min(...kindNames(type).map((n) => rank(n, needle) ?? 9), rank(type.group, needle) === 0 ? 2 : 9);
      if (best < 9) scored.push({ item: { kind: 'kind', type }, score: best * 2 });
    }
  }
  for (const object of objects) {
    if (narrowed.length && !narrowed.includes(object.type)) continue;
    const r = rank(object.name, needle) ?? (object.namespace ? rank(`${object.namespace}/${object.name}`, needle) : undefined);
    if (r !== undefined) scored.push({ item: { kind: 'object', ...object }, score: r * 2 + 1 });
  }
  return scored
    .map((s, i) => ({ ...s, i }))
    .sort((a, b) => a.score - b.score || a.i - b.i)
    .slice(0, limit)
    .map((s) => s.item);
}
