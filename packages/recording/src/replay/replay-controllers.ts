/**
 * The controllers of a recording, each rebuilt at the instant asked about from its telemetry
 * (queue-replay.ts): the last `maxRecords` queue, reconcile and debug records before the
 * instant, from the history store's index by controller. An instant stays on screen while a
 * person looks at it, so answers are kept per controller and instant.
 */
import type { ControllerDetails, ControllerSummary, RecordedController, TelemetryRecord } from '@dojo/console-protocol';
import type { HistoryStream } from '@dojo/history';
import { parseIdentityKey } from '@dojo/kube-api';
import type { ControllerView } from '@dojo/console-live';
import { replayController } from './queue-replay.ts';

const replayedTypes = ['enqueue', 'dequeue', 'reconcile-start', 'reconcile-end', 'backoff', 'debug'];
const kept = 256;

export interface ReplayControllersOptions {
  /** Records replayed per answer, newest kept (default 20,000). */
  maxRecords?: number;
}

export class ReplayControllers implements ControllerView {
  readonly #telemetry: HistoryStream<TelemetryRecord>;
  readonly #controllers: readonly RecordedController[];
  readonly #end: number;
  readonly #maxRecords: number;
  readonly #answers = new Map<string, ControllerDetails>();

  /** `recorded`: what the console kept about its controllers; without it they are found in the telemetry. */
  constructor(
    telemetry: HistoryStream<TelemetryRecord>,
    recorded: readonly RecordedController[] | undefined,
    end: number,
    options: ReplayControllersOptions = {},
  ) {
    this.#telemetry = telemetry;
    this.#end = end;
    this.#maxRecords = options.maxRecords ?? 20_000;
    this.#controllers = recorded && recorded.length > 0 ? recorded : foundIn(telemetry);
  }

  list(at: number = this.#end): ControllerSummary[] {
    return this.#controllers.map((c) => summaryOf(this.#replay(c, at)));
  }

  describe(name: string, at: number = this.#end): ControllerDetails | undefined {
    const controller = this.#controllers.find((c) => c.name === name);
    return controller ? this.#replay(controller, at) : undefined;
  }

  #replay(controller: RecordedController, at: number): ControllerDetails {
    const id = `${controller.name}@${at}`;
    const known = this.#answers.get(id);
    if (known) return known;
    const where = { controller: controller.name };
    const records = this.#telemetry.query({ where, types: replayedTypes, to: at + 1, newest: true, limit: this.#maxRecords });
    const details = replayController({
      controller,
      records,
      at,
      totalReconciles: this.#telemetry.count({ where, types: ['reconcile-end'], to: at + 1 }),
      fromStart: records.length < this.#maxRecords,
    });
    if (this.#answers.size >= kept) this.#answers.delete(this.#answers.keys().next().value!);
    this.#answers.set(id, details);
    return details;
  }
}

function summaryOf(details: ControllerDetails): ControllerSummary {
  const { state: _state, ...summary } = details;
  return summary;
}

/** Controllers named by the newest reconciles, for a store that kept no description of them. */
function foundIn(telemetry: HistoryStream<TelemetryRecord>): RecordedController[] {
  const found = new Map<string, RecordedController>();
  for (const h of telemetry.headers({ types: ['reconcile-start'], newest: true, limit: 50_000 })) {
    const name = h.columns.controller;
    if (typeof name !== 'string' || found.has(name)) continue;
    const object = typeof h.columns.object === 'string' ? parseIdentityKey(h.columns.object) : undefined;
    found.set(name, {
      name,
      role: 'operator',
      forKind: { group: object?.group ?? '', version: '', kind: object?.kind ?? '' },
      maxConcurrentReconciles: 1,
      watches: [],
    });
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}
