/**
 * The explainer as the console serves it: builds each question's context (the informer caches
 * as they are now, the controllers' states read once, the object's recorded history) and says
 * in the answer's notes what it could not see. Objects of kinds the console does not watch are
 * read once from the API server.
 */
import type {
  Explanation,
  FieldWriter,
  ObjectVersionRecord,
  ReadinessHints,
  StreamCoverage,
  TelemetryRecord,
  TelemetryRecordType,
} from '@dojo/console-protocol';
import { newNotFound, type KubeObject, type ObjectIdentity } from '@dojo/kube-api';
import type { ExplainContext, RecordedHistoryView } from './blocker-source.ts';
import { controllerDirectory, type DirectoryEntry } from './controller-directory.ts';
import { explainObject } from './explain-object.ts';
import { ReadinessHintsCache } from './readiness-hints-cache.ts';
import { informerGraph, type CachedKind } from './object-graph.ts';
import type { JournalWritesView } from './journal-writers.ts';

/**
 * The history on disk as the explainer reads it: the console's recorded history, live or a
 * recording's at an instant. The caller owns the store; the explainer only reads.
 */
export interface RecordedHistory {
  versionsCoverage(): StreamCoverage;
  /** The object's newest recorded versions (of its incarnation when `uid` is known), oldest first. */
  versions(object: ObjectIdentity): ObjectVersionRecord[];
  /** The newest `limit` records of these types about the object (`controller`'s only, when given), oldest first. */
  telemetry(object: ObjectIdentity, types: readonly TelemetryRecordType[], limit: number, controller?: string): TelemetryRecord[];
  /** Each version's writer, by resourceVersion. */
  writers(object: ObjectIdentity, versions: readonly ObjectVersionRecord[]): Map<string, FieldWriter>;
}

/** What answers "why is this not ready?": the live ExplainService (which has only now), or a recording's replay at an instant. */
export interface ExplainAnswers {
  explain(identity: ObjectIdentity, at?: number): Promise<Explanation>;
  hints(group: string, kind: string, namespace?: string, at?: number): Promise<ReadinessHints>;
}

export interface ExplainServiceDeps {
  readonly informers: () => readonly CachedKind[];
  readonly controllers: () => readonly DirectoryEntry[];
  readonly history?: RecordedHistory;
  /** The request journal's writers; absent on a cluster the console does not serve. */
  readonly writes?: JournalWritesView;
  readonly recordsVersionsOf?: (group: string, kind: string) => boolean;
  /** Reads an object of a kind the caches do not hold; undefined when it does not exist. */
  readonly fetch?: (identity: ObjectIdentity) => Promise<KubeObject | undefined>;
  readonly now?: () => number;
}

export class ExplainService {
  readonly #deps: ExplainServiceDeps;
  readonly #hints = new ReadinessHintsCache();

  constructor(deps: ExplainServiceDeps) {
    this.#deps = deps;
  }

  async explain(identity: ObjectIdentity): Promise<Explanation> {
    const now = (this.#deps.now ?? Date.now)();
    const graph = informerGraph(this.#deps.informers());
    const notes: string[] = [];
    let object = graph.get(identity);
    if (!object && !graph.watches(identity.group, identity.kind) && this.#deps.fetch) {
      object = await this.#deps.fetch(identity);
      if (object) notes.push(`The console does not watch ${identity.kind}: it read the object once, and looked for its children among the kinds it watches.`);
    }
    if (!object) throw newNotFound({ group: identity.group, resource: identity.kind }, identity.name);
    const subject = { ...identity, ...(object.metadata.uid ? { uid: object.metadata.uid } : {}) };
    const history = this.#deps.history;
    if (history) notes.push(...this.#historyNotes(identity, history));
    const context: ExplainContext = {
      graph,
      controllers: controllerDirectory(this.#deps.controllers()),
      ...(history ? { history: historyView(history, subject) } : {}),
      ...(this.#deps.writes ? { writes: this.#deps.writes } : {}),
    };
    return explainObject(identity, object, context, { now, notes });
  }

  /** The object as the informer caches hold it now (managedFields included), if they do. */
  cachedObject(identity: ObjectIdentity): KubeObject | undefined {
    return informerGraph(this.#deps.informers()).get(identity);
  }

  async hints(group: string, kind: string, namespace?: string): Promise<ReadinessHints> {
    const informers = this.#deps.informers();
    const graph = informerGraph(informers);
    const context: ExplainContext = { graph, controllers: controllerDirectory(this.#deps.controllers()) };
    return this.#hints.hints({ group, kind }, graph.list(group, kind, namespace), informers, context, (this.#deps.now ?? Date.now)());
  }

  /** Stops following the informers (list hints keep answers between calls). */
  close(): void {
    this.#hints.close();
  }

  #historyNotes(identity: ObjectIdentity, history: RecordedHistory): string[] {
    const notes: string[] = [];
    if (this.#deps.recordsVersionsOf && !this.#deps.recordsVersionsOf(identity.group, identity.kind)) {
      notes.push(`The console does not record versions of ${identity.kind}: finalizer owners and last writes are not known.`);
    }
    const coverage = history.versionsCoverage();
    if (coverage.evicted > 0)
      notes.push(`Versions before ${new Date(coverage.completeSince).toISOString()} were evicted by retention: writers of older versions are not known.`);
    return notes;
  }
}

/** The object's history, read at most once per question. */
function historyView(history: RecordedHistory, object: ObjectIdentity): RecordedHistoryView {
  let versions: ObjectVersionRecord[] | undefined;
  const writers = new Map<string, FieldWriter>();
  return {
    versions: () => (versions ??= history.versions(object)),
    telemetry: (types, limit, controller) => history.telemetry(object, types, limit, controller),
    writerOf(version) {
      let writer = writers.get(version.resourceVersion);
      if (!writer) {
        writer = history.writers(object, [version]).get(version.resourceVersion) ?? { source: 'unknown' };
        writers.set(version.resourceVersion, writer);
      }
      return writer;
    },
  };
}
