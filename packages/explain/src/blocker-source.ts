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
  /** The newest telemetry records about the object (this incarnation), oldest first; only `controller`'s when given. */
  telemetry(types: readonly TelemetryRecordType[], limit: number, controller?: string): readonly TelemetryRecord[];
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

/**
 * What a cheap source's answer depends on, so list hints know what they may keep:
 * `owner-tree` — only the object, the objects it owns (through `graph.ownedBy`) and the name of
 * its kind's controller, so an answer stays right until one of those changes;
 * `queue-and-clock` — also the controllers' queues and the time, so it is asked every time.
 */
export type CheapDependency = 'owner-tree' | 'queue-and-clock';

export type SourceCost = { readonly cost: 'cheap'; readonly dependsOn: CheapDependency } | { readonly cost: 'recorded' };

export type BlockerSource<E> = SourceCost & {
  readonly name: string;
  gather(subject: ExplainSubject, context: ExplainContext): E | Promise<E>;
  blockers(subject: ExplainSubject, evidence: E): Blocker[];
};

/** A source with its evidence type hidden, as the table of sources holds it. */
export type RunnableSource = SourceCost & {
  readonly name: string;
  run(subject: ExplainSubject, context: ExplainContext): Promise<Blocker[]>;
};

export function runnable<E>(source: BlockerSource<E>): RunnableSource {
  const run = async (subject: ExplainSubject, context: ExplainContext) => source.blockers(subject, await source.gather(subject, context));
  return source.cost === 'cheap' ? { name: source.name, cost: 'cheap', dependsOn: source.dependsOn, run } : { name: source.name, cost: 'recorded', run };
}
