/** Every client's watches, as the API server saw them (from the request journal); one client's with ?client=. */
import { PageHeader } from '../../components/PageHeader.tsx';
import { useActivity } from '../../features/activity/api/activity.ts';
import { WatchesView } from '../../features/activity/components/WatchesView.tsx';
import { navigate } from '../../lib/router.tsx';
import { paths } from '../paths.ts';

export function WatchesPage({ client }: { client?: string | undefined }) {
  const { data } = useActivity();
  const clients = [...new Set([...(data?.watches.map((w) => w.client) ?? []), ...(client ? [client] : [])])].sort();
  return (
    <>
      <PageHeader
        title="Watches"
        description="What each client of the API server watches, from which resourceVersion, the events it received, and how often it relisted — the reflector's view from the server's side."
        actions={
          <label className="flex items-center gap-2 text-sm">
            Client
            <select
              value={client ?? ''}
              onChange={(e) => navigate(paths.watches(e.target.value ? { client: e.target.value } : {}))}
              className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-950"
            >
              <option value="">All clients</option>
              {clients.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
        }
      />
      <WatchesView client={client} />
    </>
  );
}
