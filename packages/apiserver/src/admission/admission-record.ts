/**
 * One admission decision as the console shows it: which webhook (or, later, policy) was asked
 * about which write, what it answered and how long it took. Declared once here; the store hands
 * each record to the request's WriteObserver (`admitted`), which routes it into the request
 * journal, so the journal, the object's Admission tab and the Overview read the same shape.
 */
import type { AdmissionOperation } from './admission-operation.ts';

/** allowed: let through (a mutation may have patched it); denied: refused by the webhook; error: the call failed. */
export type AdmissionVerdict = 'allowed' | 'denied' | 'error';

export interface AdmissionRecord {
  /** `webhook` for admission webhooks; policies will add their own source. */
  source: 'webhook';
  /** Mutating or validating phase. */
  phase: 'mutating' | 'validating';
  /** The webhook's name (`webhooks[].name`). */
  name: string;
  /** The ValidatingWebhookConfiguration or MutatingWebhookConfiguration it comes from. */
  configuration: string;
  operation: AdmissionOperation;
  /** `group/version/resource`, with `/subresource` when the request addressed one (`apps/v1/deployments/status`). */
  resource: string;
  namespace?: string;
  /** The object's name ('' for a create that only has generateName). */
  objectName: string;
  verdict: AdmissionVerdict;
  /** What kube answers the client for a denial or a failure under failurePolicy Fail. */
  message?: string;
  /** The HTTP code of that answer. */
  code?: number;
  /** `request.uid` of the AdmissionReview sent, as the webhook's own logs show it (absent when nothing was sent). */
  reviewUid?: string;
  /** Wall time of the call, in milliseconds. */
  latencyMs: number;
  /** The JSONPatch a mutating webhook returned (operations as sent). */
  patch?: unknown[];
  warnings: string[];
  /** The webhook's failurePolicy; on an error, `Ignore` means the write went on without it. */
  failurePolicy: 'Ignore' | 'Fail';
  /** 0 for the first round of mutating webhooks, 1 for a reinvocation (reinvocationPolicy IfNeeded). */
  round: number;
  dryRun: boolean;
}
