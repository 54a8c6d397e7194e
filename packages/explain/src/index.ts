/**
 * @dojo/explain — "why is this not ready?": for one object, every reason it may not be ready,
 * ranked, with its verdict; for a list, each object's verdict and top blocker.
 *
 * Promises:
 * - One answer for any client: the object's own status (kstatus' rules, readiness/), its
 *   children, its controller's queue, its finalizers, its conflicts and last writers, its
 *   reconcile errors — each a blocker source (blocker-source.ts) listed once in
 *   sources/blocker-sources.ts. Adding a reason is one module and one line.
 * - Reads, never writes: informer caches as they are now, the controllers' states read once
 *   per question, the recorded history and the request journal's writers when given. What it
 *   could not see is said in the answer's notes, never guessed.
 * - List hints run only the `cheap` sources and keep an answer until the objects it depends on
 *   change (readiness-hints-cache.ts); `recorded` sources run for one object at a time.
 * - Bounded memory: the journal's writers (journal-writers.ts) forget the oldest past capacity.
 *
 * Misuse: the explainer does not own the informers or the history store; close() stops only
 * its own following of the informers.
 */
export { ExplainService, type ExplainAnswers, type ExplainServiceDeps, type RecordedHistory } from './explain-service.ts';
export { JournalWriters, type JournalWritesView } from './journal-writers.ts';
export { informerGraph, type CachedKind, type ObjectGraph } from './object-graph.ts';
export { controllerDirectory, type ControllerDirectory, type DirectoryEntry } from './controller-directory.ts';
export { readinessHints } from './explain-object.ts';
export { ReadinessHintsCache } from './readiness-hints-cache.ts';
