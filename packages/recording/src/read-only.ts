/**
 * A recording is read-only: every write, through the Kubernetes proxy or the console's own
 * API, is refused with one Status that says why (405 MethodNotAllowed, "read-only recording").
 */
import { newStatusError, type StatusError } from '@dojo/kube-api';

export function readOnlyRecording(what: string): StatusError {
  return newStatusError(
    405,
    'MethodNotAllowed',
    `read-only recording: this console serves a recording, and ${what} cannot be changed; open a live console to make changes`,
  );
}
