/** One line above a grid of cards whose names went beyond the console's limit (lib/overflow-text.ts). */
import type { NameOverflow } from '@dojo/console-protocol';
import { overflowText, type OverflowNouns } from '../lib/overflow-text.ts';

export function OverflowNote({ overflow, nouns }: { overflow: NameOverflow | undefined; nouns: OverflowNouns }) {
  if (!overflow) return null;
  const text = overflowText(overflow, nouns);
  if (!text) return null;
  return (
    <p role="note" aria-label={`${nouns.many} beyond the limit`} className="mb-3 text-sm text-amber-800 dark:text-amber-200">
      {text}
    </p>
  );
}
