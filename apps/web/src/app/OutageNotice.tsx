/** Says, above every page, that the server is away and that the console will pick up by itself. */
import { useConnectionState } from '../lib/live-socket-context.tsx';
import { useResumeAfterOutage } from '../lib/use-resume-after-outage.ts';

export function OutageNotice() {
  useResumeAfterOutage();
  const state = useConnectionState();
  if (state !== 'reconnecting') return null;
  return (
    <p
      role="status"
      className="mb-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950/50 dark:text-amber-100"
    >
      The console server is not answering. Waiting for it: views resume where they left off when it is back, without a reload.
    </p>
  );
}
