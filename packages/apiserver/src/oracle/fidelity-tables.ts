/**
 * docs/fidelity.md's tables of known differences, rendered from the lists the differential
 * suite checks (known-differences.ts, known-differences-more.ts), so the document cannot say
 * something the suite does not: `npm run oracle -- doc` writes them, and fidelity-tables.test.ts
 * fails when the document and the lists part.
 */
import type { KnownDifference } from './known-differences.ts';

/** Each table sits between a begin marker naming its list and the end marker. */
export const tableMarkers = {
  begin: (list: string) => `<!-- generated from ${list} by \`npm run oracle -- doc\`: do not edit -->`,
  end: '<!-- end of generated table -->',
};

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderKnownDifferences(differences: Record<string, KnownDifference>): string {
  const entries = Object.entries(differences);
  if (entries.length === 0) return 'None: every step of this list answers as kube-apiserver does.';
  return [
    '| step | difference: embedded answer vs kube-apiserver 1.37.2 | intended / open |',
    '| --- | --- | --- |',
    ...entries.map(([step, { status, what }]) => `| ${cell(step)} | ${cell(what)} | ${status} |`),
  ].join('\n');
}

/** The document with each marked table replaced by its list's rendering; throws when a marker is missing. */
export function withRenderedTables(document: string, lists: Record<string, Record<string, KnownDifference>>): string {
  let out = document;
  for (const [list, differences] of Object.entries(lists)) {
    const begin = tableMarkers.begin(list);
    const start = out.indexOf(begin);
    const end = start < 0 ? -1 : out.indexOf(tableMarkers.end, start);
    if (start < 0 || end < 0) throw new Error(`docs/fidelity.md has no table marked for ${list}`);
    out = `${out.slice(0, start)}${begin}\n${renderKnownDifferences(differences)}\n${out.slice(end)}`;
  }
  return out;
}
