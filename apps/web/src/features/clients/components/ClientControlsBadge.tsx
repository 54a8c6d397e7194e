/** On a connected client's card: what is in force on it ("paused · 3 held · faults on"), linking to its page. */
import { Link } from '../../../lib/router.tsx';
import { useClientFaults } from '../api/client-faults.ts';
import { useClientView } from '../api/client-view.ts';
import { controlsBadge } from '../model/view-text.ts';

export function ClientControlsBadge({ client, to }: { client: string; to: string }) {
  const { data: view } = useClientView(client);
  const { data: faults } = useClientFaults(client);
  const text = controlsBadge(view, faults);
  if (!text) return null;
  return (
    <Link
      to={to}
      className="self-start rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 hover:underline dark:bg-amber-900/50 dark:text-amber-100"
      aria-label={`Controls in force on ${client}: ${text}`}
    >
      {text}
    </Link>
  );
}
