/** The header's live-connection light. The text says it too: colour is never the only signal. */
import { useConnectionState } from '../../../lib/live-socket-context.tsx';
import type { ConnectionState } from '../../../lib/live-socket-types.ts';

const look: Record<ConnectionState, { text: string; dot: string; hint: string }> = {
  connecting: { text: 'Connecting…', dot: 'bg-amber-400 animate-pulse', hint: 'Opening the live connection' },
  live: { text: 'Live', dot: 'bg-emerald-500', hint: 'Views update as the cluster changes' },
  reconnecting: { text: 'Reconnecting…', dot: 'bg-amber-500 animate-pulse', hint: 'The live connection dropped; views resume where they left off' },
  closed: { text: 'Offline', dot: 'bg-slate-400', hint: 'No live connection' },
};

export function ConnectionIndicator() {
  const state = useConnectionState();
  const { text, dot, hint } = look[state];
  return (
    <div role="status" aria-label={`Connection: ${text}`} title={hint} className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-300">
      <span aria-hidden="true" className={`size-2.5 rounded-full ${dot}`} />
      <span className="sr-only sm:not-sr-only">{text}</span>
    </div>
  );
}
