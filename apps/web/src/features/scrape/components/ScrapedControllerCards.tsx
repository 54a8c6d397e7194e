/**
 * Every controller of every operator the console scrapes (`--scrape NAME=URL`), as cards beside
 * the embedded ones, and the REST requests each operator made by status code. Renders nothing
 * when the console scrapes no endpoint.
 */
import type { ScrapeTargetStatus } from '@dojo/console-protocol';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { useScrape } from '../api/scrape.ts';
import { freshnessNote } from '../model/scrape-text.ts';
import { ScrapedControllerCard } from './ScrapedControllerCard.tsx';

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
  const now = useNow();
  if (error) return <ErrorNotice error={error} title="Could not load the scraped operators' metrics" />;
  if (!data || data.targets.length === 0) return null;
  return (
    <section aria-labelledby="scraped-heading">
      <h3 id="scraped-heading" className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-300">
        Controllers from metrics <span className="font-normal text-slate-500 dark:text-slate-400">— scraped from operators' Prometheus endpoints</span>
      </h3>
      {data.targets.map((target) => (
        <div key={target.name} className="mb-4">
          {target.controllers.length === 0 ? (
            <EmptyState title={`${target.name}: no controllers yet.`}>{freshnessNote(target, now) ?? `${target.url} exposes no controller-runtime metrics.`}</EmptyState>
          ) : (
            <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {target.controllers.map((c) => (
                <ScrapedControllerCard key={c.name} target={target} controller={c} now={now} />
              ))}
            </div>
          )}
          <RestRequests target={target} />
        </div>
      ))}
    </section>
  );
}
