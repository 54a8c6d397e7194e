/**
 * A status condition at a glance. Colour follows meaning, not the raw status: Degraded=True is
 * bad, Available=True is good. Conditions whose polarity is unknown use a neutral colour. The
 * text always says type and status, so colour is never the only signal.
 */
import type { ReactNode } from 'react';
import type { Condition } from '@dojo/kube-api';

/** Conditions where True means trouble (Kubernetes' "abnormal-true" conditions). */
const abnormalWhenTrue = new Set(['Degraded', 'Failed', 'Stalled', 'ReplicaFailure', 'MemoryPressure', 'DiskPressure', 'PIDPressure', 'NetworkUnavailable']);
const inProgress = new Set(['Progressing', 'Reconciling']);

export type Tone = 'good' | 'bad' | 'busy' | 'neutral' | 'unknown';

export function conditionTone(condition: Pick<Condition, 'type' | 'status'>): Tone {
  if (condition.status === 'Unknown') return 'unknown';
  const isTrue = condition.status === 'True';
  if (abnormalWhenTrue.has(condition.type)) return isTrue ? 'bad' : 'neutral';
  if (inProgress.has(condition.type)) return isTrue ? 'busy' : 'neutral';
  return isTrue ? 'good' : 'bad';
}

export const toneClass: Record<Tone, string> = {
  good: 'border-emerald-300 bg-emerald-50 text-emerald-800 dark:border-emerald-700 dark:bg-emerald-950/60 dark:text-emerald-200',
  bad: 'border-rose-300 bg-rose-50 text-rose-800 dark:border-rose-700 dark:bg-rose-950/60 dark:text-rose-200',
  busy: 'border-sky-300 bg-sky-50 text-sky-800 dark:border-sky-700 dark:bg-sky-950/60 dark:text-sky-200',
  neutral: 'border-slate-300 bg-slate-50 text-slate-600 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-300',
  unknown: 'border-amber-300 bg-amber-50 text-amber-800 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-200',
};

export function ConditionChip({ condition }: { condition: Pick<Condition, 'type' | 'status' | 'reason' | 'message'> }) {
  const tone = conditionTone(condition);
  const title = [condition.reason, condition.message].filter(Boolean).join(': ');
  return (
    <span
      title={title || undefined}
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${toneClass[tone]}`}
    >
      {condition.type}
      <span className="font-normal">{condition.status}</span>
    </span>
  );
}

export function Badge({ tone = 'neutral', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${toneClass[tone]}`}>{children}</span>
  );
}
