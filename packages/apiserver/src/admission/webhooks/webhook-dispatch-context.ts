/**
 * What both dispatchers share: where services are, how to select a webhook, and how one call's
 * outcome becomes an admission record for the console (@dojo/console-protocol's AdmissionRecord,
 * the shape policies emit too).
 */
import type { AdmissionPatchOperation, AdmissionRecord, AdmissionVerdict } from '@dojo/console-protocol';
import type { StatusError } from '@dojo/kube-api';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { deniedFieldOf } from '../denied-field.ts';
import type { ServiceUrls } from './webhook-client.ts';
import type { Webhook } from './webhook-configurations.ts';
import type { SelectionContext } from './webhook-selection.ts';

export interface DispatchContext extends SelectionContext {
  serviceUrls: ServiceUrls;
  /** Every record, besides the request's own observer (the console's per-webhook figures). */
  onRecord?: (record: AdmissionRecord) => void;
}

export interface RecordFacts {
  /** What the webhook decided; a non-empty patch makes an `allowed` call `mutated`. */
  verdict: Exclude<AdmissionVerdict, 'mutated' | 'warned' | 'audited'>;
  latencyMs: number;
  /** The answer the client got for a denial or a failure: its message, code and the field its causes name. */
  error?: StatusError;
  /** A failure failurePolicy Ignore let the write go on without. */
  ignored?: boolean;
  patch?: unknown[];
  warnings?: string[];
  round?: number;
  reviewUid?: string;
}

const configurationKind = { mutating: 'MutatingWebhookConfiguration', validating: 'ValidatingWebhookConfiguration' } as const;

export function emitRecord(context: DispatchContext, webhook: Webhook, attributes: AdmissionAttributes, facts: RecordFacts): void {
  const { error } = facts;
  const field = error && facts.verdict === 'denied' ? deniedFieldOf(error) : undefined;
  const patched = facts.patch !== undefined && facts.patch.length > 0;
  const record: AdmissionRecord = {
    kind: configurationKind[webhook.kind],
    name: webhook.name,
    configuration: webhook.configuration,
    phase: webhook.kind,
    verdict: facts.verdict === 'allowed' && patched ? 'mutated' : facts.verdict,
    ...(error ? { message: error.message, code: error.code } : {}),
    ...(field ? { field } : {}),
    latencyMs: facts.latencyMs,
    // As the webhook answered them: the dispatcher has checked they are a list of operations.
    ...(patched ? { patch: facts.patch as AdmissionPatchOperation[] } : {}),
    ...(facts.warnings?.length ? { warnings: facts.warnings } : {}),
    failurePolicy: webhook.failurePolicy,
    ...(facts.ignored ? { ignored: true } : {}),
    ...(facts.reviewUid ? { reviewUid: facts.reviewUid } : {}),
    ...(webhook.kind === 'mutating' ? { round: facts.round ?? 0 } : {}),
  };
  attributes.observer?.admitted?.(record, attributes.name);
  context.onRecord?.(record);
}
