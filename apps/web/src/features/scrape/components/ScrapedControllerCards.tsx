/**
 * Every controller of every operator the console scrapes (`--scrape NAME=URL`, or added with
 * "Add metrics endpoint"), as cards beside the embedded ones, each endpoint under its own
 * header, and the REST requests each operator made by status code. A live console always shows
 * the section (to add the first endpoint); a recording shows it only when it scraped something.
 */
import { useState } from 'react';
import type { ScrapeTargetStatus } from '@dojo/console-protocol';
import { Button } from '../../../components/Button.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useSession } from '../../session/api/session.ts';
import { useScrape } from '../api/scrape.ts';
import { freshnessNote } from '../model/scrape-text.ts';
import { AddScrapeTargetDialog } from './AddScrapeTargetDialog.tsx';
import { ScrapedControllerCard } from './ScrapedControllerCard.tsx';
import { ScrapeTargetHeader } from './ScrapeTargetHeader.tsx';

function RestRequests({ target }: { target: ScrapeTargetStatus }) {
  if (target.restClientRequests.length === 0) return null;
  return (
    <p className="mt-2 text-xs text-slate-500 tabular-nums dark:text-slate-400" title="rest_client_requests_total by status code">
      {target.name} API requests: {target.restClientRequests.map((r) => `${r.total.toLocaleString()} × ${r.code}`).join(' · ')}
    </p>
  );
}

export function ScrapedControllerCards() {
  const { data, error } = useScrape();
  const { data: session } = useSession();
  const [adding, setAdding] = useState(false);
  const now = useNow();
  const editable = session !== undefined && !session.recording;
  if (error) return <ErrorNotice error={error} title="Could not load the scraped operators' metrics" />;
  const targets = data?.targets ?? [];
  if (!editable && targets.length === 0) return null;
  return (
    <section aria-labelledby="scraped-heading">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id="scraped-heading" className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          Controllers from metrics <span className="font-normal text-slate-500 dark:text-slate-400">— scraped from operators' Prometheus endpoints</span>
        </h3>
        {editable ? <Button onClick={() => setAdding(true)}>Add metrics endpoint</Button> : null}
      </div>
      {targets.length === 0 ? (
        <p className="mb-4 text-sm text-slate-500 dark:text-slate-400">
          No endpoint scraped yet: add an operator's /metrics to see its workqueues and reconciles from controller-runtime's metrics.
        </p>
      ) : null}
      {targets.map((target) => (
        <div key={target.name} className="mb-4" role="group" aria-label={`Metrics endpoint ${target.name}`}>
          <ScrapeTargetHeader target={target} editable={editable} />
          {target.controllers.length === 0 ? (
            <EmptyState title={`${target.name}: no controllers yet.`}>
              {freshnessNote(target, now) ?? `${target.url} exposes no controller-runtime metrics.`}
            </EmptyState>
          ) : (
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {target.controllers.map((c) => (
                <ScrapedControllerCard key={c.name} target={target} controller={c} now={now} />
              ))}
            </div>
          )}
          <RestRequests target={target} />
        </div>
      ))}
      {editable ? <AddScrapeTargetDialog open={adding} onClose={() => setAdding(false)} /> : null}
    </section>
  );
}
