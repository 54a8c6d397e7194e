/** The usual cure for a hot loop, from which field flaps and who writes it. */

export function cureFor(kind: 'self' | 'ping-pong' | 'churn', paths: readonly string[]): string {
  if (kind === 'churn') {
    const what = paths.length ? paths.join(', ') : 'the object';
    return `Seen from the audit stream, which shows writes but not the watch events behind them: if ${what} should have settled, the writer is reacting to its own writes — write only when something changed (compare before you update), and filter the echo of your own writes with a predicate.`;
  }
  if (kind === 'ping-pong') {
    return `Two writers own ${paths[0] ?? 'the same field'}: decide which one does, and make the other stop writing it (with server-side apply and distinct field managers the API server reports the conflict instead of letting them flap).`;
  }
  const path = paths[0] ?? '';
  if (/conditions\[[^\]]+\]\.lastTransitionTime$/.test(path)) {
    return "Set a condition's lastTransitionTime only when its status changes (meta.SetStatusCondition in Go does; in kube-rs or kopf, compare before you patch). Then the echo of your own write finds nothing to change and the loop ends.";
  }
  if (path.startsWith('status')) {
    return "Don't write a status that did not change (compare before you update), or filter the echo of your own status writes: a GenerationChangedPredicate on For() in controller-runtime (status writes leave metadata.generation alone).";
  }
  if (path.startsWith('metadata.annotations') || path.startsWith('metadata.labels')) {
    return 'Write the annotation or label only when its value changes: a timestamp or counter rewritten on every pass is a change, and every change is an event that brings the next pass.';
  }
  if (path.startsWith('spec')) {
    return 'The controller rewrites the spec of the object it watches on every pass: make its defaulting idempotent (or default in the CRD schema), so the second pass finds nothing to change.';
  }
  return 'Every write is an event that brings the next pass: write only when something changed, or filter the echo of your own writes with a predicate.';
}
