/**
 * One fault rule: its spec checked once when it is added (kube's Invalid, with a cause per bad
 * field), its selectors parsed once, and `selects(request)` — the cheap checks first, the
 * stored labels read last and only by a rule that has a label selector.
 */
import type { FaultRuleSpec, FaultStatusCode, FaultVerb } from '@dojo/console-protocol';
import { fieldError, LabelSelector, newInvalid, type FieldError } from '@dojo/kube-api';
import { seededRandom } from '@dojo/simulator-kit';

/** What a rule is matched against: a request's authorization attributes (kube's RequestInfo) and two lazy facts. */
export interface FaultRequest {
  readonly verb: string;
  readonly group: string;
  readonly resource: string;
  /** "" when none. */
  readonly subresource: string;
  /** "" for cluster-scoped requests. */
  readonly namespace: string;
  /** "" when the request names no object (a create, a list without a name in its fieldSelector). */
  readonly name: string;
  /** A watch that resumes from a resourceVersion (neither "" nor "0", and not a streaming list's initial events). */
  readonly resumesWatch: boolean;
  /** The stored labels of the one object the request addresses; undefined when there is none. */
  labels(): Readonly<Record<string, string>> | undefined;
}

export const faultVerbs: readonly FaultVerb[] = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];
export const faultStatusCodes: readonly FaultStatusCode[] = [403, 409, 429, 500, 503];

/** A minute is longer than any client's request timeout worth testing; beyond it a latency is a mistake. */
const maxLatencyMs = 5 * 60_000;

interface ResourceSelector {
  resource: string;
  group?: string;
  subresource?: string;
}

/** `resource[.group][/subresource]`, as kube prints a group resource ("deployments.apps"). */
function parseResource(text: string): ResourceSelector {
  const [qualified = '', subresource] = text.split('/', 2);
  const dot = qualified.indexOf('.');
  const resource = dot < 0 ? qualified : qualified.slice(0, dot);
  return { resource, ...(dot < 0 ? {} : { group: qualified.slice(dot + 1) }), ...(subresource ? { subresource } : {}) };
}

const isWatchOnly = (spec: FaultRuleSpec): boolean => spec.watchCut === true || spec.gone === true;

function specErrors(spec: FaultRuleSpec): FieldError[] {
  const errors: FieldError[] = [];
  const actions = [spec.status !== undefined, spec.watchCut === true, spec.gone === true].filter(Boolean).length;
  if (actions > 1) errors.push(fieldError.invalid('status', spec.status ?? (spec.watchCut ? 'watchCut' : 'gone'), 'choose one of status, watchCut and gone'));
  if (actions === 0 && spec.latencyMs === undefined) errors.push(fieldError.required('status', 'a rule needs status, latencyMs, watchCut or gone'));
  for (const [i, verb] of (spec.verbs ?? []).entries()) if (!faultVerbs.includes(verb)) errors.push(fieldError.notSupported(`verbs[${i}]`, verb, faultVerbs));
  if (isWatchOnly(spec) && spec.verbs?.length && spec.verbs.some((v) => v !== 'watch'))
    errors.push(fieldError.invalid('verbs', spec.verbs.join(','), 'watchCut and gone apply to watches only'));
  if (spec.status !== undefined && !faultStatusCodes.includes(spec.status)) errors.push(fieldError.notSupported('status', spec.status, faultStatusCodes));
  if (spec.retryAfterSeconds !== undefined) {
    if (spec.status !== 429) errors.push(fieldError.invalid('retryAfterSeconds', spec.retryAfterSeconds, 'only a 429 answer carries Retry-After'));
    else if (!Number.isInteger(spec.retryAfterSeconds) || spec.retryAfterSeconds < 1 || spec.retryAfterSeconds > 3600)
      errors.push(fieldError.invalid('retryAfterSeconds', spec.retryAfterSeconds, 'must be a whole number of seconds from 1 to 3600'));
  }
  if (spec.latencyMs !== undefined && (!Number.isFinite(spec.latencyMs) || spec.latencyMs <= 0 || spec.latencyMs > maxLatencyMs))
    errors.push(fieldError.invalid('latencyMs', spec.latencyMs, `must be more than 0 and at most ${maxLatencyMs}`));
  if (spec.rate !== undefined && spec.count !== undefined) errors.push(fieldError.invalid('rate', spec.rate, 'choose rate or count, not both'));
  if (spec.rate !== undefined && (!Number.isFinite(spec.rate) || spec.rate <= 0 || spec.rate > 1))
    errors.push(fieldError.invalid('rate', spec.rate, 'must be more than 0 and at most 1'));
  if (spec.count !== undefined && (!Number.isInteger(spec.count) || spec.count < 1))
    errors.push(fieldError.invalid('count', spec.count, 'must be a positive whole number'));
  if (spec.seed !== undefined && !Number.isInteger(spec.seed)) errors.push(fieldError.invalid('seed', spec.seed, 'must be a whole number'));
  if (spec.name !== undefined && spec.labelSelector !== undefined)
    errors.push(fieldError.invalid('labelSelector', spec.labelSelector, 'choose name or labelSelector, not both'));
  if (spec.resource !== undefined && !/^[a-z0-9-]+(\.[a-z0-9.-]+)?(\/[a-z]+)?$/.test(spec.resource))
    errors.push(
      fieldError.invalid('resource', spec.resource, 'must be resource[.group][/subresource], as "deployments.apps" or "foos.samplecontroller.k8s.io/status"'),
    );
  if (spec.labelSelector !== undefined) {
    try {
      LabelSelector.parse(spec.labelSelector);
    } catch (err) {
      errors.push(fieldError.invalid('labelSelector', spec.labelSelector, (err as Error).message));
    }
  }
  return errors;
}

/** A checked rule, ready to match: its selectors parsed and its rate's generator seeded. */
export class FaultRule {
  readonly spec: FaultRuleSpec;
  readonly #verbs: ReadonlySet<string> | undefined;
  readonly #resource: ResourceSelector | undefined;
  readonly #labels: LabelSelector | undefined;
  readonly #random: (() => number) | undefined;

  /** Throws kube's 422 Invalid naming every bad field. */
  constructor(spec: FaultRuleSpec) {
    const errors = specErrors(spec);
    if (errors.length) throw newInvalid({ group: 'console', kind: 'FaultRule' }, '', errors);
    this.spec = spec;
    const verbs = spec.verbs?.length ? spec.verbs : isWatchOnly(spec) ? ['watch'] : undefined;
    this.#verbs = verbs && new Set(verbs);
    this.#resource = spec.resource === undefined ? undefined : parseResource(spec.resource);
    this.#labels = spec.labelSelector === undefined ? undefined : LabelSelector.parse(spec.labelSelector);
    this.#random = spec.rate === undefined || spec.rate === 1 ? undefined : seededRandom(spec.seed ?? 1);
  }

  /** Whether the rule's selectors choose this request (its rate and count are not consulted). */
  selects(request: FaultRequest): boolean {
    if (this.#verbs && !this.#verbs.has(request.verb)) return false;
    const resource = this.#resource;
    if (resource) {
      if (resource.resource !== request.resource) return false;
      if (resource.group !== undefined && resource.group !== request.group) return false;
      // A rule on "pods" is about the pods themselves; "pods/status" about that subresource.
      if ((resource.subresource ?? '') !== request.subresource) return false;
    }
    if (this.spec.namespace !== undefined && this.spec.namespace !== request.namespace) return false;
    if (this.spec.name !== undefined && this.spec.name !== request.name) return false;
    // A 410 is how a server refuses to resume a watch: a watch starting from now has nothing to refuse.
    if (this.spec.gone && !request.resumesWatch) return false;
    if (this.#labels) {
      const labels = request.labels();
      if (!labels || !this.#labels.matches(labels)) return false;
    }
    return true;
  }

  /** The rate's draw for one selected request: true when it is faulted. */
  draws(): boolean {
    return this.#random === undefined || this.#random() < this.spec.rate!;
  }
}
