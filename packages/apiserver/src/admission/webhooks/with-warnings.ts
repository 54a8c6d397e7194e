import type { StatusError } from '@dojo/kube-api';

/** kube writes the warnings a request collected on whatever it answers, a refusal included. */
export function withWarnings(error: StatusError, warnings: readonly string[]): StatusError {
  if (warnings.length) error.warnings = [...error.warnings, ...warnings];
  return error;
}
