/**
 * "Why is this not ready?" in a recording, as of the instant asked about: the same explainer a
 * live console runs (@dojo/explain's ExplainService), over what the recording says was true then —
 * the objects of every recorded kind at the instant (as the informer caches held them), the
 * controllers rebuilt from their telemetry, the history up to the instant, and who wrote what
 * as the replayed request journal says. Nothing after the instant is seen: an answer at an
 * earlier instant is the answer a person would have had then. A person looks at one instant
 * for a while, so the last few instants' explainers are kept.
 */
import type { ClientIdentifier } from '@dojo/activity';
import type { Explanation, ReadinessHints, RequestJournalRecord } from '@dojo/console-protocol';
import type { HistoryStream } from '@dojo/history';
import type { ObjectIdentity } from '@dojo/kube-api';
import { ExplainService, JournalWriters, type CachedKind, type ExplainAnswers, type RecordedHistory } from '@dojo/explain';
import { defaultIndexers, Store } from '@dojo/runtime';
import type { ControllerView } from '@dojo/console-live';
import type { RecordedObjects } from './recorded-objects.ts';
import type { ReplayKinds } from './replay-kinds.ts';

export interface ReplayExplainDeps {
  readonly objects: RecordedObjects;
  readonly kinds: ReplayKinds;
  readonly controllers: ControllerView;
  /** The recording's history up to `until` (inclusive); `isController` names the controllers a version's writer may be. */
  readonly historyAt: (until: number, isController: (name: string) => boolean) => RecordedHistory;
  /** The recorded request journal, when the recording has one. */
  readonly requests?: HistoryStream<RequestJournalRecord>;
  /** Names the writer of a journaled request (client-identity.ts). */
  readonly identifier: ClientIdentifier;
  /** The instant asked about when a request names none (the recording's end). */
  readonly end: number;
}

const keptInstants = 4;
const journalReplayed = 50_000;

export class ReplayExplain implements ExplainAnswers {
  readonly #deps: ReplayExplainDeps;
  readonly #services = new Map<number, ExplainService>();

  constructor(deps: ReplayExplainDeps) {
    this.#deps = deps;
  }

  explain(identity: ObjectIdentity, at: number = this.#deps.end): Promise<Explanation> {
    return this.#at(at).explain(identity);
  }

  hints(group: string, kind: string, namespace?: string, at: number = this.#deps.end): Promise<ReadinessHints> {
    return this.#at(at).hints(group, kind, namespace);
  }

  #at(requested: number): ExplainService {
    const at = Math.min(requested, this.#deps.end);
    let service = this.#services.get(at);
    if (service) return service;
    const { objects, controllers, historyAt, requests, identifier } = this.#deps;
    const informers = this.#cachesAt(at);
    const directory = controllers
      .list(at)
      // The garbage collector's For kind is every kind ("*"): it owns none of them.
      .filter((c) => c.forKind.kind !== '*')
      .map((c) => ({ name: c.name, forKind: c.forKind, state: () => controllers.describe(c.name, at)!.state }));
    const writes = new JournalWriters(identifier);
    for (const record of requests?.query({ types: ['request'], to: at + 1, newest: true, limit: journalReplayed }) ?? []) writes.append(record);
    service = new ExplainService({
      informers: () => informers,
      controllers: () => directory,
      history: historyAt(at, (name) => directory.some((c) => c.name === name)),
      ...(requests ? { writes } : {}),
      recordsVersionsOf: (group, kind) => objects.has(group, kind),
      now: () => at,
    });
    if (this.#services.size >= keptInstants) {
      const oldest = this.#services.keys().next().value!;
      this.#services.get(oldest)!.close();
      this.#services.delete(oldest);
    }
    this.#services.set(at, service);
    return service;
  }

  /** Every recorded kind's objects at `at`, as an informer's cache would have held them; Events, which no blocker reads, left out. */
  #cachesAt(at: number): CachedKind[] {
    const { objects, kinds } = this.#deps;
    return objects
      .kinds()
      .filter(({ kind }) => kind !== 'Event')
      .map(({ group, kind }) => {
        const served = kinds.types().find((t) => t.group === group && t.kind === kind);
        const store = new Store(defaultIndexers);
        const found = objects.objectsAt(group, kind, at);
        for (const version of found) store.upsert(version.object);
        const namespaced = served?.namespaced ?? found.some((v) => v.object.metadata.namespace !== undefined);
        return { type: { group, kind, namespaced }, store };
      });
  }

  close(): void {
    for (const service of this.#services.values()) service.close();
    this.#services.clear();
  }
}
