/**
 * Every field with its values over the recorded versions and who wrote each; the fields more
 * than one manager wrote (or own now) marked, so a fight over a field stands out.
 */
import type { FieldTimeline } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { Link } from '../../../lib/router.tsx';
import { formatAge, formatClock } from '../../../lib/time-format.ts';
import { valueText, writerText } from '../model/field-text.ts';
import type { FieldLinks } from './field-links.ts';
import { WriterRef } from './WriterRef.tsx';

export function FieldTimelines({ fields, links, now }: { fields: readonly FieldTimeline[]; links: FieldLinks; now: number }) {
  return (
    <ul aria-label="Fields" className="divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
      {fields.map((field) => {
        const last = field.changes[field.changes.length - 1]!;
        return (
          <li
            key={field.path}
            aria-label={field.path}
            className={field.contested ? 'border-l-4 border-amber-400 bg-amber-50/60 dark:border-amber-500 dark:bg-amber-950/30' : ''}
          >
            <details>
              <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 px-3 py-1.5 text-sm">
                <span className="font-mono text-xs break-all text-slate-900 dark:text-slate-100">{field.path}</span>
                <span className="max-w-xs truncate font-mono text-xs text-slate-700 dark:text-slate-300">{valueText(last)}</span>
                {/* A summary holds no links (it is a control itself): the writer's reconcile link is in the body. */}
                <span className="text-xs text-slate-600 dark:text-slate-400">
                  {writerText(last.writer)} · {formatAge(last.time, now)} ago
                </span>
                {field.contested ? (
                  <Badge tone="unknown">{`written by ${Math.max(field.writers.filter((w) => w !== 'unknown').length, field.owners.length)} managers`}</Badge>
                ) : null}
                {field.changes.length > 1 ? <span className="text-xs text-slate-600 dark:text-slate-400">{field.changes.length} values</span> : null}
              </summary>
              <div className="px-3 pb-2">
                {field.owners.length > 0 ? (
                  <p className="mb-1 text-xs text-slate-600 dark:text-slate-400">Owned now by {field.owners.join(', ')} (managedFields).</p>
                ) : null}
                <ol aria-label={`Changes of ${field.path}`} className="flex flex-col gap-0.5 text-xs">
                  {[...field.changes].reverse().map((change) => (
                    <li key={change.resourceVersion} className="grid grid-cols-[6rem_4rem_minmax(6rem,1fr)_auto] items-baseline gap-2">
                      <time className="font-mono text-slate-600 dark:text-slate-400" dateTime={new Date(change.time).toISOString()}>
                        {formatClock(change.time)}
                      </time>
                      <Link
                        to={links.version(change.resourceVersion)}
                        className="font-mono text-indigo-700 underline dark:text-indigo-300"
                        aria-label={`Version ${change.resourceVersion}`}
                      >
                        {change.resourceVersion}
                      </Link>
                      <span className={`font-mono break-all ${change.removed ? 'text-slate-500 italic' : ''}`}>{valueText(change)}</span>
                      <WriterRef writer={change.writer} links={links} />
                    </li>
                  ))}
                </ol>
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
