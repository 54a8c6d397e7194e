/**
 * How the console words an admission record (console-protocol's admission.ts): its verdict in
 * plain words and a tone, who made the decision, and a write's verdicts in one compact line.
 */
import type { AdmissionConfigurationKind, AdmissionRecord, AdmissionVerdict } from '@dojo/console-protocol';
import type { Tone } from '../../../components/ConditionChip.tsx';

/** The verdict as a person says it; an error under failurePolicy Ignore says that the write went on. */
export function verdictText(record: Pick<AdmissionRecord, 'verdict' | 'ignored'>): string {
  if (record.verdict === 'error') return record.ignored ? 'error, ignored by failurePolicy Ignore' : 'error';
  return record.verdict;
}

const verdictTones: Record<AdmissionVerdict, Tone> = {
  allowed: 'good',
  mutated: 'busy',
  denied: 'bad',
  warned: 'unknown',
  audited: 'neutral',
  error: 'bad',
};

export function verdictTone(record: Pick<AdmissionRecord, 'verdict' | 'ignored'>): Tone {
  return record.verdict === 'error' && record.ignored ? 'unknown' : verdictTones[record.verdict];
}

const kindWords: Record<AdmissionConfigurationKind, string> = {
  MutatingWebhookConfiguration: 'mutating webhook',
  ValidatingWebhookConfiguration: 'validating webhook',
  MutatingAdmissionPolicy: 'mutating policy',
  ValidatingAdmissionPolicy: 'validating policy',
};

/** "validating webhook", "mutating policy". */
export function deciderKindText(kind: AdmissionConfigurationKind): string {
  return kindWords[kind];
}

export function isPolicy(kind: AdmissionConfigurationKind): boolean {
  return kind === 'MutatingAdmissionPolicy' || kind === 'ValidatingAdmissionPolicy';
}

/**
 * Where the decider comes from: a webhook's configuration object, a policy's binding (and its
 * param), e.g. `in ValidatingWebhookConfiguration deny-dojos` or `binding b, param default/limits`.
 */
export function deciderSourceText(record: Pick<AdmissionRecord, 'kind' | 'configuration' | 'param'>): string {
  const parts = isPolicy(record.kind) ? [record.configuration ? `binding ${record.configuration}` : 'no binding'] : [`${record.kind} ${record.configuration}`];
  if (record.param) parts.push(`param ${record.param}`);
  return parts.join(', ');
}

/**
 * A write's admission in a few words, for a compact marker: each verdict with how many records
 * had it, in the order the verdicts matter (denied first): `denied · mutated ×2 · allowed`.
 */
export function verdictTally(records: readonly Pick<AdmissionRecord, 'verdict' | 'ignored'>[]): string {
  const order: readonly AdmissionVerdict[] = ['denied', 'error', 'warned', 'mutated', 'audited', 'allowed'];
  const counts = new Map<AdmissionVerdict, number>();
  for (const r of records) counts.set(r.verdict, (counts.get(r.verdict) ?? 0) + 1);
  return order
    .filter((v) => counts.has(v))
    .map((v) => (counts.get(v)! > 1 ? `${v} ×${counts.get(v)}` : v))
    .join(' · ');
}
