/** All controllers as live cards: the featured ones (the operator's main controller) first, then operator, then system controllers. */
import { EmptyState, Loading } from '../../../components/EmptyState.tsx';
import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { useControllerHistory, useControllers } from '../api/controllers.ts';
import { ControllerCard, type ControllerLinks } from './ControllerCard.tsx';

export function ControllerCards({ links, featured = [] }: { links: ControllerLinks; featured?: readonly string[] }) {
  const { data: controllers, error, isPending } = useControllers();
  const { data: history } = useControllerHistory();
  if (isPending) return <Loading label="Loading controllers…" />;
  if (error) return <ErrorNotice error={error} title="Could not load controllers" />;
  if (controllers.length === 0) return <EmptyState title="No controllers are running yet." />;
  const rank = (c: (typeof controllers)[number]) => (featured.includes(c.name) ? 0 : c.role === 'operator' ? 1 : 2);
  const sorted = [...controllers].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
      {sorted.map((c) => (
        <ControllerCard key={c.name} controller={c} history={history?.[c.name] ?? []} links={links} />
      ))}
    </div>
  );
}
