/** How the Watches view says where a watch started. */
import type { ClientWatch } from '@dojo/console-protocol';

/**
 * A streaming list (client-go's WatchList, `sendInitialEvents=true`) sends the current state
 * first, not older than its resourceVersion when it names one; a classic watch starts after the
 * resourceVersion its LIST returned, or now with every current object first as ADDED.
 */
export function watchStart(w: Pick<ClientWatch, 'streamingList' | 'startResourceVersion' | 'initialEvents'>): string {
  if (w.streamingList) return `streaming list (+${w.initialEvents} current${w.startResourceVersion ? `, not older than ${w.startResourceVersion}` : ''})`;
  return w.startResourceVersion ?? `now (+${w.initialEvents} current)`;
}
