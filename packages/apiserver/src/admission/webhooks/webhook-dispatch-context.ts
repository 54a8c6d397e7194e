/**
 * What both dispatchers share: where services are, how to select a webhook, and how one call's
 * outcome becomes an admission record for the console.
 */
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { AdmissionRecord, AdmissionVerdict } from '../admission-record.ts';
import type { ServiceUrls } from './webhook-client.ts';
import type { Webhook } from './webhook-configurations.ts';
import type { SelectionContext } from './webhook-selection.ts';

export interface DispatchContext extends SelectionContext {
  serviceUrls: ServiceUrls;
  /** Every record, besides the request's own observer (the console's per-webhook figures). */
  onRecord?: (record: AdmissionRecord) => void;
}

export interface RecordFacts {
  verdict: AdmissionVerdict;
  latencyMs: number;
  message?: string;
  code?: number;
  patch?: unknown[];
  warnings?: string[];
  round?: number;
  reviewUid?: string;
}

export function emitRecord(context: DispatchContext, webhook: Webhook, attributes: AdmissionAttributes, facts: RecordFacts): void {
  const { info, subresource } = attributes;
  const record: AdmissionRecord = {
    source: 'webhook',
    phase: webhook.kind,
    name: webhook.name,
    configuration: webhook.configuration,
    operation: attributes.operation,
    resource: `${info.group ? `${info.group}/` : ''}${info.version}/${info.resource}${subresource ? `/${subresource}` : ''}`,
    ...(attributes.namespace ? { namespace: attributes.namespace } : {}),
    objectName: attributes.name,
    verdict: facts.verdict,
    ...(facts.message !== undefined ? { message: facts.message } : {}),
    ...(facts.code !== undefined ? { code: facts.code } : {}),
    latencyMs: facts.latencyMs,
    ...(facts.reviewUid ? { reviewUid: facts.reviewUid } : {}),
    ...(facts.patch ? { patch: facts.patch } : {}),
    warnings: facts.warnings ?? [],
    failurePolicy: webhook.failurePolicy,
    round: facts.round ?? 0,
    dryRun: attributes.dryRun,
  };
  attributes.observer?.admitted?.(record);
  context.onRecord?.(record);
}
