/**
 * A simulated cluster for property tests: actions run in time order against one journal, and
 * watch events reaching the operator schedule its reactions; Activity ticks as time passes.
 */
import type { RequestJournalRecord } from '@dojo/console-protocol';
import { Activity } from '../activity.ts';
import { ClientIdentifier } from '../client-identity.ts';
import { deployments, dojos, SimulatedJournal, type Who } from './simulated-journal.ts';

export class Simulation {
  readonly journal: SimulatedJournal;
  readonly activity: Activity;
  readonly #queue: { at: number; seq: number; run: () => void }[] = [];
  #seq = 0;
  #onOperatorEvent: (record: Extract<RequestJournalRecord, { type: 'watch-event' }>) => void = () => {};
  #operatorWatches = new Set<string>();

  /** `deliveries: false` is the audit view: the operator still reacts to its watch events, the console never sees them. */
  constructor(op: Who, options: { deliveries?: boolean } = {}) {
    let activity: Activity | undefined;
    const deliveries = options.deliveries ?? true;
    this.journal = new SimulatedJournal((record) => {
      if (deliveries || record.type !== 'watch-event') activity!.ingest(record);
      if (record.type === 'watch-event' && this.#operatorWatches.has(record.watchId)) this.#onOperatorEvent(record);
    });
    this.activity = activity = new Activity({ clock: this.journal.clock, emit: () => {}, identifier: new ClientIdentifier() });
    this.#operatorWatches.add(this.journal.watch(op, dojos));
    this.#operatorWatches.add(this.journal.watch(op, deployments));
  }

  onOperatorEvent(handler: (record: Extract<RequestJournalRecord, { type: 'watch-event' }>) => void): void {
    this.#onOperatorEvent = handler;
  }

  at(time: number, run: () => void): void {
    this.#queue.push({ at: time, seq: this.#seq++, run });
  }

  runUntil(end: number): void {
    for (;;) {
      this.#queue.sort((a, b) => a.at - b.at || a.seq - b.seq);
      const next = this.#queue[0];
      if (!next || next.at > end) break;
      this.#queue.shift();
      if (next.at > this.journal.time) {
        // Tick as time passes, the way the console does every 250 ms.
        for (let t = this.journal.time + 250; t < next.at; t += 250) {
          this.journal.time = t;
          this.activity.tick();
        }
        this.journal.time = next.at;
      }
      next.run();
    }
    this.journal.time = end;
    this.activity.tick();
  }
}
