/**
 * What the Debug page says about a controller's workers, from the runtime's own state: paused
 * by the person, stopped because a breakpoint holds a key (the runtime pauses the whole
 * controller then: queued keys wait behind it), or running. A worker held at a breakpoint has
 * taken its key, so it counts as busy (the runtime counts it so).
 */
import type { ControllerState } from '@dojo/console-protocol';
import type { Tone } from '../../../components/ConditionChip.tsx';

export interface RunState {
  /** "Paused", "Running", "Stopped at a breakpoint". */
  label: string;
  tone: Tone;
  /** "1 key held at a breakpoint", or nothing. */
  detail?: string;
}

export function runState(state: Pick<ControllerState, 'paused' | 'heldAtBreakpoint'>): RunState {
  const held = state.heldAtBreakpoint.length;
  const detail = held ? `${held} key${held === 1 ? '' : 's'} held at a breakpoint` : undefined;
  if (!state.paused) return { label: 'Running', tone: 'good', ...(detail ? { detail } : {}) };
  if (held) return { label: 'Stopped at a breakpoint', tone: 'busy', ...(detail ? { detail } : {}) };
  return { label: 'Paused', tone: 'unknown' };
}
