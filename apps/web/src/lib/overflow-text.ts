/**
 * What the console says when names went beyond one of its limits (the server's name-limits.ts,
 * README's Security section): how many were folded into "other", what they did, and how many
 * idle ones were forgotten to make room. One sentence, the same on every card grid.
 */
import type { NameOverflow } from '@dojo/console-protocol';

export interface OverflowNouns {
  /** What is counted: "client", "controller". */
  readonly one: string;
  readonly many: string;
  /** What the folded ones did, counted together: "requests", "reconciles". */
  readonly events: string;
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function overflowText(overflow: NameOverflow, nouns: OverflowNouns): string {
  const parts: string[] = [];
  if (overflow.folded > 0 || overflow.foldedAtLeast) {
    const folded = `${overflow.foldedAtLeast ? 'at least ' : ''}${count(overflow.folded, `more ${nouns.one}`, `more ${nouns.many}`)}`;
    const since = overflow.since !== undefined ? ` since ${new Date(overflow.since).toISOString().slice(11, 19)} UTC` : '';
    parts.push(
      `${folded} folded into "other" (limit ${overflow.limit.toLocaleString('en-US')})${since}: their ${overflow.foldedEvents.toLocaleString('en-US')} ${nouns.events} are counted, not shown one by one.`,
    );
  }
  if (overflow.evicted > 0) parts.push(`${count(overflow.evicted, `idle ${nouns.one} was`, `idle ${nouns.many} were`)} forgotten to make room.`);
  return parts.join(' ');
}
