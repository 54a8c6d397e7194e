/**
 * @dojo/runtime — a controller runtime with client-go's semantics, instrumented at every step.
 *
 * Promises:
 * - Workqueue: a key is never processed by two workers at once; adding a queued key merges
 *   with it; a key added while it is processing is queued again after `done`; shutdown drains.
 * - Watcher: list+watch state machine that resumes from its last resourceVersion and relists
 *   on 410; after any sequence of dropped connections its cache converges to a fresh LIST.
 * - Controller: one place decides what a reconcile result means (error -> rate-limited
 *   requeue, terminal error -> none, requeueAfter -> forget + addAfter, success -> forget).
 * - Every step emits a telemetry record with a global sequence number, so the console can
 *   answer "what triggered this reconcile?".
 * - All time goes through an injected `Clock`.
 *
 * Misuse: the informer cache may be stale; never treat a cached read as a precondition.
 */
export {};
