/**
 * A client's report card (`GET /api/clients/:name/report`): one row per habit Kubernetes
 * expects of a controller, its verdict in words and colour, the sentence that explains it, the
 * figures behind it and links to its evidence. The links' URLs come from `linkOf` (the app
 * layer builds them: the request log at a seq, a reconcile on the timeline, a hot loop's
 * object), so this feature imports no other; evidence without a page is shown as text.
 */
import type { ClientReportCard, ReportLine, ReportLink, ReportVerdict } from '@dojo/console-protocol';
import { Link } from '../../lib/router.tsx';

export interface ReportCardProps {
  card: ClientReportCard;
  /** The console URL that opens a piece of evidence; undefined when the console has no page for it. */
  linkOf: (link: ReportLink) => string | undefined;
}

const verdicts: Record<ReportVerdict, { words: string; className: string }> = {
  good: { words: 'Good', className: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-100' },
  warning: { words: 'Warning', className: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/60 dark:text-amber-100' },
  problem: { words: 'Problem', className: 'border-rose-300 bg-rose-50 text-rose-900 dark:border-rose-800 dark:bg-rose-950/60 dark:text-rose-100' },
  'not-seen': { words: 'Not seen yet', className: 'border-slate-300 bg-slate-50 text-slate-600 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-300' },
};

/** How many lines have each verdict, worst first, as one sentence: "1 problem, 2 warnings, 5 good, 2 not seen yet". */
export function verdictTally(lines: readonly ReportLine[]): string {
  const count = (v: ReportVerdict) => lines.filter((l) => l.verdict === v).length;
  const parts = [
    [count('problem'), 'problem', 'problems'],
    [count('warning'), 'warning', 'warnings'],
    [count('good'), 'good', 'good'],
    [count('not-seen'), 'not seen yet', 'not seen yet'],
  ] as const;
  return parts
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(', ');
}

function EvidenceLink({ link, linkOf }: { link: ReportLink; linkOf: ReportCardProps['linkOf'] }) {
  const to = linkOf(link);
  if (!to) return <span>{link.label}</span>;
  return (
    <Link to={to} className="underline">
      {link.label}
    </Link>
  );
}

function ReportRow({ line, linkOf }: { line: ReportLine; linkOf: ReportCardProps['linkOf'] }) {
  const verdict = verdicts[line.verdict];
  return (
    <li
      className="flex flex-col gap-1 border-b border-slate-200 py-3 last:border-b-0 sm:flex-row sm:gap-3 dark:border-slate-800"
      data-line={line.id}
      data-verdict={line.verdict}
    >
      <span className={`h-fit w-fit shrink-0 rounded border px-2 py-0.5 text-xs font-medium sm:w-24 sm:text-center ${verdict.className}`}>{verdict.words}</span>
      <div className="min-w-0 flex-1">
        <h3 className="text-sm font-semibold">{line.title}</h3>
        <p className="text-sm break-words">{line.summary}</p>
        {line.figures.length > 0 && (
          <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-slate-600 dark:text-slate-400">
            {line.figures.map((figure) => (
              <div key={figure.label} className="flex gap-1">
                <dt>{figure.label}:</dt>
                <dd className="font-medium break-all">{figure.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {line.links.length > 0 && (
          <ul aria-label={`Evidence: ${line.title}`} className="mt-1 flex flex-col gap-0.5 text-xs break-words">
            {line.links.map((link, i) => (
              <li key={i}>
                <EvidenceLink link={link} linkOf={linkOf} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

export function ReportCard({ card, linkOf }: ReportCardProps) {
  const span =
    card.from.firstSeq !== undefined
      ? `from its ${card.from.records.toLocaleString()} journal records (seq ${card.from.firstSeq}–${card.from.lastSeq})`
      : 'no journal records of its yet';
  return (
    <section aria-label={`Report card of ${card.client}`} className="flex flex-col">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {verdictTally(card.lines)} — {span}.
      </p>
      <ul className="mt-2">
        {card.lines.map((line) => (
          <ReportRow key={line.id} line={line} linkOf={linkOf} />
        ))}
      </ul>
    </section>
  );
}
