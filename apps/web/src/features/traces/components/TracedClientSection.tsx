/**
 * The traces of an API server client, inside that client's card: each controller whose spans'
 * API calls the console matched to the client's requests (or whose service is named as the
 * client) — the same operator seen both ways, so one card instead of two.
 */
import { useNow } from '../../../lib/use-now.ts';
import { useTraces } from '../api/traces.ts';
import { TracedStats } from './TracedStats.tsx';

export function TracedClientSection({ client, timeline }: { client: string; timeline: (controller: string) => string }) {
  const { data } = useTraces();
  const now = useNow();
  const traced = (data?.controllers ?? []).filter((c) => c.client === client);
  return traced.map((c) => (
    <section
      key={c.controller}
      aria-label={`From traces: ${c.controller}`}
      className="flex flex-col gap-2 border-t border-slate-100 pt-2 dark:border-slate-800"
    >
      <h4 className="text-xs font-semibold text-slate-700 dark:text-slate-300">
        {c.controller} <span className="font-normal text-slate-500 dark:text-slate-400">— from traces, service {c.service}; exact, not inferred</span>
      </h4>
      <TracedStats controller={c} timeline={timeline(c.controller)} now={now} />
    </section>
  ));
}
