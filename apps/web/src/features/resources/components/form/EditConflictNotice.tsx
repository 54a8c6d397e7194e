/**
 * Someone else changed the object while the person edits it. Shown at the top of the form and
 * focused when a save is refused with 409, so it is where the person looks, not under the
 * form. It names the fields both sides changed and offers the one safe way on: reload the
 * latest version and re-apply their changes onto it (a three-way merge), then save again.
 */
import { useEffect, useRef } from 'react';
import { Button } from '../../../../components/Button.tsx';

export type Reapplied = { kept: string[] } | { failed: string };

export function EditConflictNotice({
  kind,
  refused,
  conflicts,
  reapplied,
  busy,
  onReapply,
  valuesHidden = false,
}: {
  kind: string;
  /** A Secret's values read `<redacted>`: a change to one cannot be seen, only that the object moved on. */
  valuesHidden?: boolean;
  /** The last save was refused with 409 Conflict. */
  refused: boolean;
  /** Fields both changed, as far as the console has seen the latest version. */
  conflicts: readonly string[];
  /** The outcome of the last "reload and re-apply". */
  reapplied: Reapplied | undefined;
  busy: boolean;
  onReapply: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!refused) return;
    ref.current?.focus();
    ref.current?.scrollIntoView({ block: 'center' });
  }, [refused]);
  if (!refused && conflicts.length === 0) {
    if (!reapplied) return null;
    return (
      <div
        role="status"
        aria-label="Changes re-applied"
        className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-sky-900 dark:border-sky-700 dark:bg-sky-950/50 dark:text-sky-100"
      >
        {'failed' in reapplied ? (
          <p>Could not load the latest version: {reapplied.failed}</p>
        ) : reapplied.kept.length ? (
          <p>
            Your changes are now on the latest version. You kept your value where both of you changed a field: <FieldList fields={reapplied.kept} />. Review
            them and save again.
          </p>
        ) : (
          <p>Your changes are now on the latest version; nothing of theirs was overwritten. Review and save again.</p>
        )}
      </div>
    );
  }
  return (
    <div
      ref={ref}
      role="alert"
      aria-label="Edit conflict"
      tabIndex={-1}
      className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 outline-none focus-visible:outline-2 focus-visible:outline-amber-500 dark:border-amber-600 dark:bg-amber-950/50 dark:text-amber-100"
    >
      <p className="font-medium">
        {refused
          ? `Not saved: this ${kind} was changed by someone else since you opened it (409 Conflict).`
          : `This ${kind} was changed by someone else while you edit it.`}
      </p>
      {conflicts.length ? (
        <p className="mt-1">
          {valuesHidden
            ? 'They changed, or may have changed (its values are hidden from you), fields you changed too: '
            : 'They changed fields you changed too: '}
          <FieldList fields={conflicts} />.
        </p>
      ) : (
        <p className="mt-1">None of the fields you changed was touched; re-applying keeps all of their changes.</p>
      )}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button variant="primary" onClick={onReapply} disabled={busy}>
          Reload and re-apply my changes
        </Button>
        <span className="text-xs">Loads the latest version and puts your changes on top of it; nothing is saved until you save again.</span>
      </div>
    </div>
  );
}

function FieldList({ fields }: { fields: readonly string[] }) {
  return (
    <>
      {fields.map((field, i) => (
        <span key={field}>
          {i ? ', ' : ''}
          <code className="font-mono">{field}</code>
        </span>
      ))}
    </>
  );
}
