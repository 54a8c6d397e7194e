/**
 * "Why is this not ready?" at the top of every object's page: the verdict and the ranked
 * blockers with their evidence and links, the first few open. A ready object gets one line.
 */
import { useId, useState } from 'react';
import type { ObjectIdentity } from '@dojo/kube-api';
import { Button } from '../../../components/Button.tsx';
import { Badge } from '../../../components/ConditionChip.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useExplanation } from '../api/explanation.ts';
import { readinessText, readinessTone } from '../model/blocker-text.ts';
import { BlockerItem, type LinkTo } from './BlockerItem.tsx';

const shownFirst = 4;

export function WhyNotReady({ identity, resourceVersion, linkTo }: { identity: ObjectIdentity; resourceVersion: string | undefined; linkTo: LinkTo }) {
  const headingId = useId();
  const { data, error, isPending } = useExplanation(identity, resourceVersion);
  const now = useNow(5_000);
  const [all, setAll] = useState(false);
  const blockers = data?.blockers ?? [];
  const worrying = blockers.filter((b) => b.severity !== 'info').length;
  const shown = all ? blockers : blockers.slice(0, shownFirst);
  return (
    <section aria-labelledby={headingId} className="mb-4 rounded-lg border border-slate-200 bg-white shadow-xs dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-2.5 dark:border-slate-800">
        <h3 id={headingId} className="text-sm font-semibold text-slate-900 dark:text-slate-100">
          Why is this not ready?
        </h3>
        {data ? (
          <>
            <Badge tone={readinessTone[data.readiness]}>{readinessText[data.readiness]}</Badge>
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {worrying === 0 ? 'nothing blocks it' : `${worrying} ${worrying === 1 ? 'blocker' : 'blockers'}`}
              {data.controller ? ` · reconciled by ${data.controller}` : ' · no controller of the console reconciles this kind'}
            </span>
          </>
        ) : null}
      </div>
      {isPending ? <p className="px-4 py-3 text-sm text-slate-600 dark:text-slate-400">Working out what blocks it…</p> : null}
      {error && !data ? (
        <div className="p-3">
          <ErrorNotice error={error} title="Could not explain this object" />
        </div>
      ) : null}
      {shown.length > 0 ? (
        <ol aria-label="Blockers" className="divide-y divide-slate-100 dark:divide-slate-800">
          {shown.map((b, i) => (
            <BlockerItem key={b.id} blocker={b} now={now} linkTo={linkTo} open={i === 0 && b.severity !== 'info'} />
          ))}
        </ol>
      ) : null}
      {blockers.length > shownFirst ? (
        <div className="px-4 pb-3">
          <Button variant="ghost" onClick={() => setAll(!all)} aria-expanded={all}>
            {all ? 'Show fewer' : `Show ${blockers.length - shownFirst} more`}
          </Button>
        </div>
      ) : null}
      {data?.notes.length ? (
        <ul
          aria-label="What the explanation could not see"
          className="border-t border-slate-100 px-4 py-2 text-xs text-amber-800 dark:border-slate-800 dark:text-amber-300"
        >
          {data.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
