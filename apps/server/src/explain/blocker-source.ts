/**
 * A blocker source: one module that knows one reason an object may not be ready. It reads what
 * it needs (`gather`: the caches, the controllers' queues, the recorded history) and then says
 * what blocks the object (`blockers`: pure, unit-tested over hand-made evidence). Adding a
 * reason is adding a module and one line in sources/blocker-sources.ts; nothing else changes.
 *
 * `cheap` sources read only the object, the caches and the queues: list hints run them for
 * every object of a kind. `recorded` sources read the history on disk and run for one object
 * at a time.
 */
import type { Blocker, FieldWriter, ObjectVersionRecord, TelemetryRecord, TelemetryRecordType } from '@dojo/console-protocol';
import type { KubeObject, ObjectIdentity } from '@dojo/kube-api';
import type { ObjectGraph } from './object-graph.ts';
import type { ControllerDirectory } from './controller-directory.ts';
import type { Assessment } from './readiness/assess-object.ts';
import type { JournalWritesView } from './journal-writers.ts';

/** The object being explained, and what every source needs to know about it. */
export interface ExplainSubject {
  readonly identity: ObjectIdentity;
  readonly object: KubeObject;
  /** The object's own readiness (readiness/assess-object.ts), computed once. */
  readonly assessment: Assessment;
  /** The controller the console runs For the object's kind, if any. */
  readonly controller?: string;
  /** The key its controller's queue knows it by ("namespace/name", or "name"). */
  readonly key: string;
  readonly now: number;
}

/** What the explainer reads from the history on disk; absent for list hints. */
export interface RecordedHistoryView {
  /** The object's recorded versions (this incarnation), oldest first. */
  versions(): readonly ObjectVersionRecord[];
  /** The newest telemetry records about the object (this incarnation), oldest first. */
  telemetry(types: readonly TelemetryRecordType[], limit: number): readonly TelemetryRecord[];
  /** Who wrote a version: the reconcile whose write returned it, else its managedFields writer. */
  writerOf(version: ObjectVersionRecord): FieldWriter;
}

export interface ExplainContext {
  readonly graph: ObjectGraph;
  readonly controllers: ControllerDirectory;
  readonly history?: RecordedHistoryView;
  /** Who wrote each object, as the API server's request journal saw it (the embedded cluster). */
  readonly writes?: JournalWritesView;
}

export interface BlockerSource<E> {
  readonly name: string;
  readonly cost: 'cheap' | 'recorded';
  gather(subject: ExplainSubject, context: ExplainContext): E | Promise<E>;
  blockers(subject: ExplainSubject, evidence: E): Blocker[];
}

/** A source with its evidence type hidden, as the table of sources holds it. */
export interface RunnableSource {
  readonly name: string;
  readonly cost: BlockerSource<unknown>['cost'];
  run(subject: ExplainSubject, context: ExplainContext): Promise<Blocker[]>;
}

export function runnable<E>(source: BlockerSource<E>): RunnableSource {
  return {
    name: source.name,
    cost: source.cost,
    run: async (subject, context) => source.blockers(subject, await source.gather(subject, context)),
  };
}
