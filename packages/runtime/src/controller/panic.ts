/**
 * JavaScript has no panic, so the controller decides what counts as one: what Go code would
 * have panicked on rather than returned. That is a thrown value that is not an Error at all, or
 * one of the built-in errors a bug throws (TypeError for "cannot read properties of undefined",
 * ReferenceError, RangeError for runaway recursion, SyntaxError from eval or JSON.parse). Like
 * controller-runtime with RecoverPanic, the controller recovers, counts it in
 * controller_runtime_reconcile_panics_total, and retries the key as for any error.
 */
export function isPanic(thrown: unknown): boolean {
  return (
    !(thrown instanceof Error) ||
    thrown instanceof TypeError ||
    thrown instanceof ReferenceError ||
    thrown instanceof RangeError ||
    thrown instanceof SyntaxError
  );
}

export function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message || thrown.name;
  try {
    return `non-error thrown: ${JSON.stringify(thrown) ?? String(thrown)}`;
  } catch {
    return `non-error thrown: ${String(thrown)}`;
  }
}
