/** What shows while a page's code loads: and when the server is away, that the page is waiting for it. */
import { useWaitingForServer } from '../lib/chunk-retry.ts';
import { Loading } from './EmptyState.tsx';

export function PageLoading() {
  const waiting = useWaitingForServer();
  if (!waiting) return <Loading />;
  return (
    <p role="status" className="py-4 text-sm text-amber-800 dark:text-amber-200">
      Waiting for the console server: this page could not be loaded yet. It opens by itself when the server is back.
    </p>
  );
}
