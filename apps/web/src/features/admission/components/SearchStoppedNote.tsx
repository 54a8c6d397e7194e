/**
 * A history search that stopped before it filled the page (the server reads a bounded number of
 * records a poll): says how far back it looked, so "nothing here" is never claimed for the part
 * of the log it did not read, and offers to look further back from there.
 */
import { Button } from '../../../components/Button.tsx';

export function SearchStoppedNote({
  searchedBackTo,
  what,
  onLookFurther,
  looking,
}: {
  searchedBackTo: number;
  what: string;
  onLookFurther: () => void;
  looking: boolean;
}) {
  return (
    <div role="note" aria-label={`Search for ${what} stopped`} className="flex flex-wrap items-center gap-2 text-sm text-amber-800 dark:text-amber-200">
      <span>
        Searched the request log back to seq {searchedBackTo} for {what}; older ones may exist.
      </span>
      <Button onClick={onLookFurther} disabled={looking}>
        {looking ? 'Looking…' : 'Look further back'}
      </Button>
    </div>
  );
}
