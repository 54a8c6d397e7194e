/**
 * Whether a client of the API server has stopped: it holds no watch and has sent nothing for
 * a while (an operator that exited, or was stopped), or has sent nothing for much longer (a
 * client whose watch the server still counts, but that no longer does anything). A running
 * controller holds its informers' watches and renews them every few minutes; a client the
 * journal never saw is not called gone.
 */
import type { ClientSummary } from '@dojo/console-protocol';

/** Silent this long with no watch held: gone. */
export const silentWithoutWatchesMs = 30_000;
/** Silent this long, watches or not: gone (client-go renews a watch at most every 10 minutes). */
export const silentMs = 15 * 60_000;

export function clientGone(client: Pick<ClientSummary, 'lastSeen' | 'watchesHeld'> | undefined, now: number): boolean {
  if (!client) return false;
  const silent = now - client.lastSeen;
  return silent > silentMs || (client.watchesHeld === 0 && silent > silentWithoutWatchesMs);
}
