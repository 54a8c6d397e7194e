/** A client's view state (ClientViewState) as lines for a person: what the CLI prints after each command. */
import type { ClientBreakpoint, ClientViewState, HeldEvent } from '@dojo/console-protocol';

const iso = (ms: number): string => new Date(ms).toISOString();

export function describeBreakpoint(b: ClientBreakpoint): string {
  const where = b.name
    ? `${b.namespace ? `${b.namespace}/` : ''}${b.name}`
    : b.labelSelector
      ? `${b.namespace ? `in ${b.namespace} ` : ''}-l ${b.labelSelector}`
      : b.namespace
        ? `in ${b.namespace}`
        : '(all)';
  return `${b.kind} ${where}`;
}

export function describeHeldEvent(e: HeldEvent): string {
  return `${e.type} ${e.kind} ${e.namespace ? `${e.namespace}/` : ''}${e.name} (resourceVersion ${e.resourceVersion}, held since ${iso(e.since)} by ${e.because})`;
}

export function describeClientView(state: ClientViewState): string {
  const lines = [`Client "${state.client}" (controls are kept in memory since ${iso(state.keptSince)}: a restart or removing its credential lifts them)`];
  if (state.stepped) lines.push(`  stepped:     ${describeHeldEvent(state.stepped)}`);
  else if (state.released !== undefined) lines.push(`  released:    ${state.released} event${state.released === 1 ? '' : 's'}`);
  lines.push(state.paused ? `  paused:      since ${iso(state.paused.since)}, at resourceVersion ${state.paused.resourceVersion}` : '  paused:      no');
  lines.push(`  breakpoints: ${state.breakpoints.length ? state.breakpoints.map(describeBreakpoint).join('; ') : 'none'}`);
  if (state.stale)
    lines.push(`  stale view:  ${'behind' in state.stale ? `${state.stale.behind} resourceVersions behind` : `${state.stale.seconds} s behind`}`);
  lines.push(`  reads:       ${state.readsAt ? `answered as of resourceVersion ${state.readsAt}` : 'the latest state'}`);
  const held = state.watches.reduce((n, w) => n + w.held.length, 0);
  lines.push(`  held:        ${held} event${held === 1 ? '' : 's'} on ${state.watches.length} open watch${state.watches.length === 1 ? '' : 'es'}`);
  for (const w of state.watches) {
    if (w.held.length === 0) continue;
    lines.push(`    watch ${w.resource}${w.namespace ? ` in ${w.namespace}` : ''}${w.watchId ? ` (${w.watchId})` : ''}:`);
    for (const e of w.held) lines.push(`      ${describeHeldEvent(e)}`);
  }
  return `${lines.join('\n')}\n`;
}
