/** One line under a history view: since when it is complete and what retention evicted. */
import type { HistoryStreamName } from '@dojo/console-protocol';
import { coverageText, evictedCount, useStreamCoverage, type CountedThing } from '../lib/history-coverage.ts';

export function HistoryNote({ stream, thing }: { stream: HistoryStreamName; thing: CountedThing }) {
  const coverage = useStreamCoverage(stream);
  if (!coverage) return null;
  const evicted = evictedCount(coverage, thing) > 0;
  return (
    <p role="note" aria-label="History coverage" className={`text-xs ${evicted ? 'text-amber-800 dark:text-amber-300' : 'text-slate-600 dark:text-slate-400'}`}>
      {coverageText(coverage, thing)}
    </p>
  );
}
