/**
 * Admission as the console shows it: every call to an admission webhook and every evaluation of
 * an admission policy made for a write, carried on that write's request record
 * (`RequestRecord.admission`), so the request journal, the object's Admission tab, the Overview's
 * admission cards and a recording all read the one shape declared here.
 *
 * The write itself (verb, resource, namespace, name, the client, dry run) is the enclosing
 * RequestRecord's; a record here only says what one webhook or policy did to it.
 */

/** What configured the call: a webhook (by its configuration's kind) or a policy. */
export type AdmissionConfigurationKind =
  'MutatingWebhookConfiguration' | 'ValidatingWebhookConfiguration' | 'MutatingAdmissionPolicy' | 'ValidatingAdmissionPolicy';

/**
 * allowed: let through unchanged; mutated: let through with the patch it applied; denied:
 * refused the write (a webhook's `allowed: false`, a policy's Deny); warned / audited: a policy
 * failure whose validationActions were only Warn / Audit; error: the call or evaluation failed
 * (timeout, garbage answer, a patch that does not apply, an erroring expression): `ignored` says
 * whether failurePolicy Ignore let the write go on.
 */
export type AdmissionVerdict = 'allowed' | 'mutated' | 'denied' | 'warned' | 'audited' | 'error';

/** One RFC 6902 operation, as a webhook returned it or as the console derived it from a policy's mutation. */
export interface AdmissionPatchOperation {
  readonly op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  readonly path: string;
  readonly value?: unknown;
  readonly from?: string;
}

export interface AdmissionRecord {
  readonly kind: AdmissionConfigurationKind;
  /** A webhook: its `webhooks[].name` (`mpod.example.com`). A policy: the policy's name. */
  readonly name: string;
  /** A webhook: its configuration object's name. A policy: the binding's name ('' when the policy could not be configured). */
  readonly configuration: string;
  /** A policy evaluated with a param: `namespace/name` (or `name`) of the param object. */
  readonly param?: string;
  readonly phase: 'mutating' | 'validating';
  readonly verdict: AdmissionVerdict;
  /** What the client was answered for a denial or a failure (kube's text), or why an error was ignored. */
  readonly message?: string;
  /** The HTTP code of that answer. */
  readonly code?: number;
  /** The field path the denial names (a Status cause's `field`), when it names one: forms show the message under it. */
  readonly field?: string;
  /** Wall time of the call or evaluation, in milliseconds. */
  readonly latencyMs: number;
  /** A mutation's change to the object, as JSON Patch operations (a webhook's as it answered them). */
  readonly patch?: readonly AdmissionPatchOperation[];
  /** Warnings this call added to the response. */
  readonly warnings?: readonly string[];
  readonly failurePolicy?: 'Fail' | 'Ignore';
  /** The call failed and failurePolicy Ignore let the write go on without it. */
  readonly ignored?: boolean;
  /** A validating policy's binding's actions. */
  readonly validationActions?: readonly ('Deny' | 'Warn' | 'Audit')[];
  /** Audit annotations a policy published (`POLICY/KEY` → value). */
  readonly auditAnnotations?: Readonly<Record<string, string>>;
  /** A webhook: `request.uid` of the AdmissionReview sent, as its own logs show it. */
  readonly reviewUid?: string;
  /** 0 for the first round of mutations, 1 for a reinvocation (reinvocationPolicy IfNeeded). */
  readonly round?: number;
}

/** One webhook's or policy's calls over the console's session, for its Overview card. */
export interface AdmissionSummaryEntry {
  readonly kind: AdmissionConfigurationKind;
  readonly name: string;
  readonly configuration: string;
  /** Calls of writes that were not dry runs, since `countingSince`. */
  readonly calls: number;
  /** Calls of dry-run writes (a form checking its draft as a person types): never in `calls`, `denials` or `failures`. */
  readonly dryRunCalls: number;
  /**
   * Epoch ms its counts start from: the summary's `since`, or later when the console had
   * forgotten this webhook or policy (more than the summary keeps were called) and started
   * counting it again.
   */
  readonly countingSince: number;
  /** Calls per second over the last `windowSeconds`. */
  readonly callsPerSecond: number;
  readonly denials: number;
  /** Calls that failed (verdict error), ignored or not. */
  readonly failures: number;
  /** p99 of the calls' latency, in ms (of the last 1,000 calls). */
  readonly p99LatencyMs: number;
  /** Epoch ms of the newest call, and what it answered. */
  readonly lastCall: number;
  readonly lastVerdict: AdmissionVerdict;
  readonly lastMessage?: string;
}

export interface AdmissionSummary {
  readonly entries: readonly AdmissionSummaryEntry[];
  /** The window callsPerSecond is taken over. */
  readonly windowSeconds: number;
  /** Epoch ms of the oldest journal record the counts include. */
  readonly since: number;
}
