/**
 * Each 409 on the object: a resourceVersion race traced to the version its writer had read and
 * the write it had not seen; a server-side apply's field-manager conflict with the fields and
 * their owners (no version won it).
 */
import type { ConflictTrace } from '@dojo/console-protocol';
import { Link } from '../../../lib/router.tsx';
import { formatClock } from '../../../lib/time-format.ts';
import { fieldOwnersText } from '../model/field-text.ts';
import type { FieldLinks } from './field-links.ts';
import { WriterRef } from './WriterRef.tsx';

export function ConflictTraces({ conflicts, links }: { conflicts: readonly ConflictTrace[]; links: FieldLinks }) {
  return (
    // Field paths are long unbroken words: they wrap rather than widen a phone's page.
    <ol aria-label="409 Conflicts traced" className="flex flex-col gap-2 text-sm break-words">
      {conflicts.map((c) =>
        c.cause?.kind === 'fieldManager' ? (
          <li
            key={c.seq}
            aria-label={`Apply conflict at ${formatClock(c.time)}`}
            className="rounded-md border border-amber-200 bg-amber-50/60 px-3 py-2 dark:border-amber-900 dark:bg-amber-950/30"
          >
            <p>
              <span className="font-mono text-xs">{formatClock(c.time)}</span> <strong>{c.controller ?? 'A client'}</strong>'s server-side apply was refused:{' '}
              <span className="font-mono">{fieldOwnersText(c.cause.fields)}</span>.
            </p>
            <p className="mt-1 text-xs">
              A field-manager conflict, not a race: nothing was written and no version won. Apply without those fields, or with force to take them over.
            </p>
          </li>
        ) : (
          <li
            key={c.seq}
            aria-label={`409 at ${formatClock(c.time)}`}
            className="rounded-md border border-rose-200 bg-rose-50/60 px-3 py-2 dark:border-rose-900 dark:bg-rose-950/30"
          >
            <p>
              <span className="font-mono text-xs">{formatClock(c.time)}</span> <strong>{c.controller ?? 'A client'}</strong> wrote with resourceVersion{' '}
              <span className="font-mono">{c.staleRV ?? '(none)'}</span>
              {c.injected ? ' (an injected fault)' : ''}
              {c.reconcileId ? (
                <>
                  {' '}
                  in reconcile{' '}
                  <Link to={links.reconcile(c.reconcileId)} className="font-mono text-indigo-700 underline dark:text-indigo-300">
                    {c.reconcileId.slice(0, 8)}
                  </Link>
                </>
              ) : null}
              .
            </p>
            <p className="mt-1 text-xs">
              {c.staleVersion ? (
                <>
                  The stale read: <VersionLink resourceVersion={c.staleVersion.resourceVersion} part="Stale read" links={links} />, written by{' '}
                  <WriterRef writer={c.staleVersion.writer} links={links} /> at {formatClock(c.staleVersion.time)}.
                </>
              ) : (
                <>The version it had read ({c.staleRV ?? 'unknown'}) was not recorded.</>
              )}{' '}
              {c.nextVersion ? (
                <>
                  It had not seen <VersionLink resourceVersion={c.nextVersion.resourceVersion} part="Unseen write" links={links} />, written by{' '}
                  <WriterRef writer={c.nextVersion.writer} links={links} />
                  {c.changedPaths?.length ? (
                    <>
                      , which changed <span className="font-mono">{c.changedPaths.slice(0, 5).join(', ')}</span>
                      {c.changedPaths.length > 5 ? ` and ${c.changedPaths.length - 5} more` : ''}
                    </>
                  ) : null}
                  .
                </>
              ) : c.currentRV ? (
                <>
                  The version that won: {c.currentRV}
                  {c.currentManager ? `, by ${c.currentManager}` : ''}.
                </>
              ) : null}
            </p>
          </li>
        ),
      )}
    </ol>
  );
}

/** A link to one version of the object, named for the part it played in the race. */
function VersionLink({ resourceVersion, part, links }: { resourceVersion: string; part: string; links: FieldLinks }) {
  return (
    <Link
      to={links.version(resourceVersion)}
      className="font-mono text-indigo-700 underline dark:text-indigo-300"
      aria-label={`${part}, version ${resourceVersion}`}
    >
      version {resourceVersion}
    </Link>
  );
}
