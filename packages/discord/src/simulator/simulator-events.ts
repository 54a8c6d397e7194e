import { EventEmitter } from 'node:events';
import type { DiscordClock } from '../clock.ts';
import type { StateChange } from './simulator-state.ts';

/** One state change, numbered. `seq` increases by one per event and restarts with the process. */
export type SimulatorEvent = StateChange & { seq: number; at: string };

/** One API request as it was answered, including injected faults; not kept, only emitted. */
export interface SimulatorRequestRecord {
  at: string;
  method: string;
  path: string;
  status: number;
  /** Set when a fault knob, not the state, decided the answer. */
  injected?: 'rate429' | 'rate5xx' | 'rate5xxAfterWrite' | undefined;
  durationMs: number;
}

export interface EventPage {
  events: SimulatorEvent[];
  /** The seq of the newest event, 0 when there is none yet. */
  latestSeq: number;
  /** True when events after `since` were already dropped: re-read `/_sim/state`, then resume. */
  resyncRequired: boolean;
}

interface EventMap {
  change: [SimulatorEvent];
  request: [SimulatorRequestRecord];
}

/**
 * The simulator's change feed: `on('change')` for live listeners in the same process, and a
 * bounded history that `GET /_sim/events?since=<seq>` pages through for remote readers.
 */
export class SimulatorEvents extends EventEmitter<EventMap> {
  private readonly history: SimulatorEvent[] = [];
  private seq = 0;

  constructor(
    private readonly clock: DiscordClock,
    private readonly capacity = 1000,
  ) {
    super();
  }

  publish(change: StateChange): SimulatorEvent {
    const event: SimulatorEvent = { ...change, seq: ++this.seq, at: new Date(this.clock.now()).toISOString() };
    this.history.push(event);
    if (this.history.length > this.capacity) this.history.splice(0, this.history.length - this.capacity);
    this.emit('change', event);
    return event;
  }

  /**
   * Events with seq greater than `since`, or all kept events when omitted. A `since` from
   * before the kept history, or from a previous process (ahead of the current seq), cannot be
   * resumed and says so.
   */
  since(since?: number): EventPage {
    const oldest = this.history[0]?.seq ?? this.seq + 1;
    const from = since ?? 0;
    return {
      events: this.history.filter((e) => e.seq > from),
      latestSeq: this.seq,
      resyncRequired: since !== undefined && (since > this.seq || since + 1 < oldest),
    };
  }
}
