/** The lists of known differences docs/fidelity.md shows, by the file each lives in. */
import type { KnownDifference } from './known-differences.ts';
import { knownDifferences } from './known-differences.ts';
import { knownDifferencesMore } from './known-differences-more.ts';

export const fidelityLists: Record<string, Record<string, KnownDifference>> = {
  'known-differences.ts': knownDifferences,
  'known-differences-more.ts': knownDifferencesMore,
};
