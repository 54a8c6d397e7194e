/** One blocker: how bad, what, since when, the message behind it, its evidence and where to look. */
import type { Blocker, LinkTarget } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { Link } from '../../../lib/router.tsx';
import { formatAge } from '../../../lib/time-format.ts';
import { severityText, severityTone } from '../model/blocker-text.ts';

export type LinkTo = (target: LinkTarget) => string | undefined;

export function BlockerItem({ blocker, now, linkTo, open }: { blocker: Blocker; now: number; linkTo: LinkTo; open: boolean }) {
  const links = blocker.links.flatMap((link) => {
    const to = linkTo(link.target);
    return to ? [{ label: link.label, to }] : [];
  });
  return (
    <li aria-label={blocker.title} className="flex flex-col gap-1.5 px-4 py-3">
      <div className="flex flex-wrap items-baseline gap-2">
        <Badge tone={severityTone[blocker.severity]}>{severityText[blocker.severity]}</Badge>
        <span className="font-medium break-words text-slate-900 dark:text-slate-100">{blocker.title}</span>
        {blocker.since !== undefined ? (
          <time dateTime={new Date(blocker.since).toISOString()} className="text-xs text-slate-600 dark:text-slate-400">
            for {formatAge(blocker.since, now)}
          </time>
        ) : null}
      </div>
      {blocker.detail && blocker.detail !== blocker.title ? <p className="text-sm break-words text-slate-700 dark:text-slate-300">{blocker.detail}</p> : null}
      {blocker.evidence.length > 0 ? (
        <details open={open} className="text-xs">
          <summary className="cursor-pointer text-slate-600 dark:text-slate-400">Evidence ({blocker.evidence.length})</summary>
          <dl className="mt-1 grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-0.5">
            {blocker.evidence.map((e, i) => (
              <div key={i} className="contents">
                <dt className="text-slate-600 dark:text-slate-400">{e.label}</dt>
                <dd
                  className="font-mono break-words text-slate-800 dark:text-slate-200"
                  title={e.time === undefined ? undefined : new Date(e.time).toISOString()}
                >
                  {e.value}
                </dd>
              </div>
            ))}
          </dl>
        </details>
      ) : null}
      {links.length > 0 ? (
        <ul aria-label={`Where to look: ${blocker.title}`} className="flex flex-wrap gap-x-4 gap-y-1 text-xs">
          {links.map((l) => (
            <li key={`${l.label}${l.to}`}>
              <Link to={l.to} className="text-indigo-700 underline dark:text-indigo-300">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
