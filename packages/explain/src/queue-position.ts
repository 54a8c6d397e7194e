/**
 * Where a key is in its controller's queue, from the controller's state: held at a breakpoint,
 * processing (maybe dirty: added again meanwhile), waiting for a worker, delayed (requeueAfter)
 * or in backoff (a rate-limited retry, with its retry count and when it comes back) — or in no
 * queue at all, when nothing will bring its controller to look unless an event comes.
 */
import type { ControllerState, Evidence } from '@dojo/console-protocol';

export type QueuePosition =
  | { readonly state: 'held'; readonly worker: number }
  | { readonly state: 'processing'; readonly worker?: number; readonly since: number; readonly dirty: boolean }
  | { readonly state: 'waiting'; readonly since: number; readonly blockedByBreakpoint: boolean }
  | { readonly state: 'delayed'; readonly readyAt: number }
  | { readonly state: 'backoff'; readonly readyAt: number; readonly retries: number }
  | { readonly state: 'none' };

export function queuePositionOf(state: ControllerState, key: string): QueuePosition {
  const held = state.heldAtBreakpoint.find((h) => h.key === key);
  if (held) return { state: 'held', worker: held.worker };
  const processing = state.queue.processing.find((p) => p.key === key);
  if (processing)
    return {
      state: 'processing',
      since: processing.startedAt,
      dirty: processing.dirty,
      ...(processing.worker === undefined ? {} : { worker: processing.worker }),
    };
  const waiting = state.queue.queued.find((w) => w.key === key);
  if (waiting) return { state: 'waiting', since: waiting.since, blockedByBreakpoint: state.blockedByBreakpoint.includes(key) };
  const delayed = state.queue.delayed.find((d) => d.key === key);
  if (delayed)
    return delayed.retries > 0 ? { state: 'backoff', readyAt: delayed.readyAt, retries: delayed.retries } : { state: 'delayed', readyAt: delayed.readyAt };
  return { state: 'none' };
}

/**
 * Every key's position, indexed once: `queuePositionOf` for each key of a list's hints would
 * scan the whole queue per key (10,000 queued Dojos: 10^8 comparisons). The first entry wins,
 * in the same order of precedence as `queuePositionOf`.
 */
export function queuePositionIndex(state: ControllerState): (key: string) => QueuePosition {
  const positions = new Map<string, QueuePosition>();
  const add = (key: string, position: QueuePosition) => void (positions.has(key) || positions.set(key, position));
  for (const held of state.heldAtBreakpoint) add(held.key, { state: 'held', worker: held.worker });
  for (const p of state.queue.processing)
    add(p.key, { state: 'processing', since: p.startedAt, dirty: p.dirty, ...(p.worker === undefined ? {} : { worker: p.worker }) });
  const blocked = new Set(state.blockedByBreakpoint);
  for (const w of state.queue.queued) add(w.key, { state: 'waiting', since: w.since, blockedByBreakpoint: blocked.has(w.key) });
  for (const d of state.queue.delayed)
    add(d.key, d.retries > 0 ? { state: 'backoff', readyAt: d.readyAt, retries: d.retries } : { state: 'delayed', readyAt: d.readyAt });
  return (key) => positions.get(key) ?? { state: 'none' };
}

/** The position as people read it, with the controller's paused state. */
export function describeQueuePosition(position: QueuePosition, controller: string, paused: boolean, now: number): Evidence[] {
  const pausedNote = paused ? ` (${controller} is paused)` : '';
  switch (position.state) {
    case 'held':
      return [{ label: 'queue', value: `held at a breakpoint by worker ${position.worker}` }];
    case 'processing':
      return [
        {
          label: 'queue',
          value: `processing${position.worker === undefined ? '' : ` on worker ${position.worker}`} for ${seconds(now - position.since)}${position.dirty ? '; changed again meanwhile, it will be queued again' : ''}`,
          time: position.since,
        },
      ];
    case 'waiting':
      return [
        {
          label: 'queue',
          value: `waiting for a worker for ${seconds(now - position.since)}${position.blockedByBreakpoint ? ', behind a breakpoint' : ''}${pausedNote}`,
          time: position.since,
        },
      ];
    case 'delayed':
      return [{ label: 'queue', value: `requeued to run again in ${seconds(position.readyAt - now)}${pausedNote}`, time: position.readyAt }];
    case 'backoff':
      return [
        {
          label: 'queue',
          value: `in backoff after ${position.retries} ${position.retries === 1 ? 'retry' : 'retries'}, back in ${seconds(position.readyAt - now)}${pausedNote}`,
          time: position.readyAt,
        },
      ];
    case 'none':
      return [{ label: 'queue', value: `in no queue: ${controller} will look again only when an event about it comes` }];
  }
}

function seconds(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  return s < 10 ? `${s.toFixed(1)} s` : s < 120 ? `${Math.round(s)} s` : `${Math.round(s / 60)} min`;
}
