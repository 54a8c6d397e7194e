/**
 * The StatusError a policy denial becomes: admission.NewForbidden (`deployments.apps "web" is
 * forbidden: …`, named by the request, else the object's name or generateName, else "Unknown")
 * whose reason and code the policy plugins then overwrite, with the denial repeated as the one
 * cause. The validating plugin keeps the Forbidden prefix in the message; the generic dispatcher
 * (mutating policies) replaces the message with the denial alone.
 */
import { newForbidden, type StatusError, type StatusReason } from '@dojo/kube-api';
import type { AdmissionAttributes } from '../admission-attributes.ts';

function nameForError(attributes: AdmissionAttributes): string {
  if (attributes.name) return attributes.name;
  const meta = attributes.object?.metadata;
  return meta?.name || meta?.generateName || 'Unknown';
}

/** validating's reasonToCode: only reasons a validation may declare reach it. */
export function codeForReason(reason: StatusReason): number {
  switch (reason) {
    case 'Forbidden':
      return 403;
    case 'Unauthorized':
      return 401;
    case 'RequestEntityTooLarge':
      return 413;
    default:
      return 422;
  }
}

export interface DenialShape {
  reason: StatusReason;
  code: number;
  /** Drop the `… is forbidden: ` prefix (the generic policy dispatcher does). */
  messageOnly: boolean;
}

export function policyDenial(attributes: AdmissionAttributes, denial: string, shape: DenialShape): StatusError {
  const error = newForbidden({ group: attributes.resource.group, resource: attributes.resource.resource }, nameForError(attributes), denial);
  if (shape.messageOnly) {
    error.status.message = denial;
    error.message = denial;
  }
  error.status.reason = shape.reason;
  error.status.code = shape.code;
  error.status.details = { ...error.status.details, causes: [{ message: denial }] };
  return error;
}
