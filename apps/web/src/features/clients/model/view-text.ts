/**
 * The words for a client's view controls: what is held (oldest first, which is what Step
 * releases: the oldest event across all of the client's watches), a breakpoint, the stale view,
 * and the card's badge.
 */
import type { ClientBreakpoint, ClientFaults, ClientStaleView, ClientViewState, HeldEvent, HeldWatch } from '@dojo/console-protocol';

export interface HeldRow extends HeldEvent {
  readonly watch: HeldWatch;
}

const rvNumber = (rv: string) => (/^\d+$/.test(rv) ? Number(rv) : Number.MAX_SAFE_INTEGER);

/** Every held event with its watch, oldest first: the first row is the one Step delivers. */
export function heldOldestFirst(state: Pick<ClientViewState, 'watches'>): HeldRow[] {
  return state.watches
    .flatMap((watch) => watch.held.map((event) => ({ ...event, watch })))
    .sort((a, b) => a.since - b.since || rvNumber(a.resourceVersion) - rvNumber(b.resourceVersion));
}

export function heldCount(state: Pick<ClientViewState, 'watches'>): number {
  return state.watches.reduce((sum, w) => sum + w.held.length, 0);
}

export function objectText(o: { namespace?: string | undefined; name: string }): string {
  return o.namespace ? `${o.namespace}/${o.name}` : o.name;
}

export function breakpointText(b: ClientBreakpoint): string {
  const where = b.name ? objectText({ namespace: b.namespace, name: b.name }) : b.namespace ? `in ${b.namespace}` : 'in every namespace';
  return `${b.kind} ${where}${b.labelSelector ? ` with labels ${b.labelSelector}` : ''}`;
}

export function staleText(stale: ClientStaleView | undefined): string {
  if (!stale) return 'off';
  return 'behind' in stale ? `${stale.behind} version${stale.behind === 1 ? '' : 's'} behind` : `${stale.seconds} s behind`;
}

/** What the client's card says is in force, or nothing when no control is. */
export function controlsBadge(view: ClientViewState | undefined, faults: ClientFaults | undefined): string | undefined {
  const parts: string[] = [];
  if (view?.paused) parts.push('paused');
  const held = view ? heldCount(view) : 0;
  if (held > 0) parts.push(`${held} held`);
  if (view && view.breakpoints.length > 0) parts.push(`${view.breakpoints.length} breakpoint${view.breakpoints.length === 1 ? '' : 's'}`);
  if (view?.stale) parts.push('stale view');
  if (faults?.rules.some((r) => !r.exhausted)) parts.push('faults on');
  return parts.length ? parts.join(' · ') : undefined;
}

/** The sentence under the controls: they live in the API server's memory only. */
export const keptNote = 'Controls are lifted when the console restarts or the client’s credential is removed (removing it first delivers everything held).';
