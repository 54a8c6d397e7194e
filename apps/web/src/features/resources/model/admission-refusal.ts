/**
 * Whether a refused write was refused by admission, read from kube's own text: a webhook's
 * denial (`admission webhook "NAME" denied the request…`, webhook/errors/statuserror.go), a
 * failed call under failurePolicy Fail (`failed calling webhook "NAME": …`), a validating
 * policy's (`ValidatingAdmissionPolicy 'P' with binding 'B' denied request: …`) or a mutating
 * policy's (`policy 'P' with binding 'B' denied request: …`). The form shows that message even
 * when the Status also carries field causes: it is the only place that names who refused.
 */
import type { Status } from '@dojo/kube-api';

// Not anchored: kube wraps some of them (`configmaps "x" is forbidden: ValidatingAdmissionPolicy …`,
// `Internal error occurred: failed calling webhook …`).
const refusalTexts: readonly RegExp[] = [
  /admission webhook ".*?" (denied the request|does not support dry run)/s,
  /failed calling webhook ".*?":/s,
  /(ValidatingAdmissionPolicy|MutatingAdmissionPolicy|policy) '.*?'( with binding '.*?')? denied request/s,
];

/** The message naming the webhook or policy that refused, or undefined when admission did not refuse. */
export function admissionRefusalMessage(status: Status | undefined): string | undefined {
  const message = status?.message;
  return message && refusalTexts.some((text) => text.test(message)) ? message : undefined;
}
