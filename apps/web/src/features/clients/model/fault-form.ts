/**
 * The Faults tab's form, as words in and a `FaultRuleSpec` out, and a rule in words. Only the
 * form's own words are checked here; whether a rule makes sense is the server's to say (its
 * 422 Invalid is shown as it comes).
 */
import type { FaultRuleSpec, FaultStatusCode, FaultVerb } from '@dojo/console-protocol';

export const faultVerbs: readonly FaultVerb[] = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];

/** What a rule does: kube's Status for a code, a delay only, a watch cut, or 410 on a resumed watch. */
export const faultEffects = {
  '409': '409 Conflict',
  '403': '403 Forbidden',
  '429': '429 TooManyRequests',
  '500': '500 InternalError',
  '503': '503 ServiceUnavailable',
  latency: 'latency only',
  'watch-cut': 'watch cut',
  gone: '410 Gone on resume',
} as const;
export type FaultEffect = keyof typeof faultEffects;

export interface FaultForm {
  verbs: FaultVerb[];
  resource: string;
  namespace: string;
  name: string;
  labelSelector: string;
  effect: FaultEffect;
  /** Milliseconds, as typed: alone for `latency`, or before a status answer. */
  latencyMs: string;
  retryAfterSeconds: string;
  how: 'always' | 'rate' | 'count';
  rate: string;
  count: string;
}

export const emptyFaultForm: FaultForm = {
  verbs: [],
  resource: '',
  namespace: '',
  name: '',
  labelSelector: '',
  effect: '409',
  latencyMs: '',
  retryAfterSeconds: '',
  how: 'always',
  rate: '0.5',
  count: '3',
};

const positive = (text: string) => {
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) && n > 0 ? n : undefined;
};

/** The rule the form describes, or what is wrong with the form. */
export function faultSpecFromForm(form: FaultForm): { spec: FaultRuleSpec } | { error: string } {
  const latencyMs = form.latencyMs.trim() === '' ? undefined : positive(form.latencyMs);
  if (form.latencyMs.trim() !== '' && latencyMs === undefined) return { error: 'Latency must be a number of milliseconds above 0.' };
  if (form.effect === 'latency' && latencyMs === undefined) return { error: 'Say how much latency to add.' };
  if (form.name.trim() && form.labelSelector.trim()) return { error: 'Choose by name or by label selector, not both.' };
  const spec: { -readonly [K in keyof FaultRuleSpec]: FaultRuleSpec[K] } = {};
  if (form.verbs.length) spec.verbs = form.verbs;
  if (form.resource.trim()) spec.resource = form.resource.trim();
  if (form.namespace.trim()) spec.namespace = form.namespace.trim();
  if (form.name.trim()) spec.name = form.name.trim();
  if (form.labelSelector.trim()) spec.labelSelector = form.labelSelector.trim();
  if (form.effect === 'watch-cut') spec.watchCut = true;
  else if (form.effect === 'gone') spec.gone = true;
  else if (form.effect !== 'latency') spec.status = Number(form.effect) as FaultStatusCode;
  if (latencyMs !== undefined && form.effect !== 'watch-cut' && form.effect !== 'gone') spec.latencyMs = latencyMs;
  if (form.effect === '429' && form.retryAfterSeconds.trim()) {
    const seconds = positive(form.retryAfterSeconds);
    if (seconds === undefined || !Number.isInteger(seconds)) return { error: 'Retry-After must be a whole number of seconds.' };
    spec.retryAfterSeconds = seconds;
  }
  if (form.how === 'rate') {
    const rate = positive(form.rate);
    if (rate === undefined || rate > 1) return { error: 'A rate is a chance above 0 and at most 1.' };
    spec.rate = rate;
  } else if (form.how === 'count') {
    const count = positive(form.count);
    if (count === undefined || !Number.isInteger(count)) return { error: 'A count is a whole number above 0.' };
    spec.count = count;
  }
  return { spec };
}

/** A rule in words: "409 Conflict on update configmaps in default/a, 3 times". */
export function faultRuleText(rule: FaultRuleSpec): string {
  const effect = rule.watchCut
    ? 'watch cut'
    : rule.gone
      ? '410 Gone on resume'
      : [rule.latencyMs ? `${rule.latencyMs} ms latency` : '', rule.status ? faultEffects[String(rule.status) as FaultEffect] : '']
          .filter(Boolean)
          .join(', then ');
  const verbs = rule.verbs?.length ? rule.verbs.join(',') : 'every verb';
  const object = rule.name ? ` ${rule.namespace ? `${rule.namespace}/` : ''}${rule.name}` : rule.namespace ? ` in ${rule.namespace}` : '';
  const selector = rule.labelSelector ? ` with labels ${rule.labelSelector}` : '';
  const how = rule.count ? `, ${rule.count} time${rule.count === 1 ? '' : 's'}` : rule.rate ? `, ${Math.round(rule.rate * 100)}% of the time` : '';
  return `${effect} on ${verbs} ${rule.resource ?? 'every resource'}${object}${selector}${how}`;
}
