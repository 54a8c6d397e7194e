/**
 * The Job controller's arithmetic (kube's pkg/controller/job), pure: how many Pods a Job
 * still wants and which completion indexes, when it has succeeded, when it has failed
 * (backoffLimit, activeDeadlineSeconds), how long to wait before replacing a failed Pod, and
 * the conditions it reports.
 */
import { formatTime } from '@dojo/kube-api';
import type { Job, JobCondition } from '../core/batch-types.ts';
import type { Pod } from '../core/workload-types.ts';

/** batch.JobTrackingFinalizer: a finished Pod is not deleted before its Job counted it. */
export const jobTrackingFinalizer = 'batch.kubernetes.io/job-tracking';
/** batch.JobCompletionIndexAnnotation, also set as a label since 1.28. */
export const completionIndexKey = 'batch.kubernetes.io/job-completion-index';

export function isPodFinished(pod: Pod): boolean {
  return pod.status?.phase === 'Succeeded' || pod.status?.phase === 'Failed';
}

/** A Pod's completion index, from its annotation; undefined when absent or not a number. */
export function completionIndexOf(pod: Pod): number | undefined {
  const text = pod.metadata.annotations?.[completionIndexKey] ?? pod.metadata.labels?.[completionIndexKey];
  const index = text === undefined ? Number.NaN : Number(text);
  return Number.isInteger(index) && index >= 0 ? index : undefined;
}

/** status.completedIndexes ("1,3-5,7") as a set. */
export function parseIndexes(text: string | undefined): Set<number> {
  const indexes = new Set<number>();
  for (const part of (text ?? '').split(',').filter((p) => p !== '')) {
    const [from, to] = part.split('-').map(Number);
    if (from === undefined || Number.isNaN(from)) continue;
    for (let i = from; i <= (to ?? from); i++) indexes.add(i);
  }
  return indexes;
}

/** A set of indexes as kube writes it: ascending, consecutive runs of three or more as "a-b". */
export function formatIndexes(indexes: Iterable<number>): string {
  const sorted = [...new Set(indexes)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j === i ? `${sorted[i]}` : j === i + 1 ? `${sorted[i]},${sorted[j]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export interface JobProgress {
  readonly succeeded: number;
  readonly failed: number;
  readonly active: number;
  /** Indexed Jobs: the indexes that succeeded and those an active Pod works on. */
  readonly succeededIndexes: ReadonlySet<number>;
  readonly activeIndexes: ReadonlySet<number>;
}

/** Whether the Job reached its success criteria (a SuccessCriteriaMet condition is due). */
export function successCriteriaMet(job: Job, progress: JobProgress): boolean {
  const completions = job.spec.completions;
  if (job.spec.completionMode === 'Indexed') return completions !== undefined && progress.succeededIndexes.size >= completions;
  // Without completions (a work queue), the first success ends the Job once nothing else runs.
  if (completions === undefined || completions === null) return progress.succeeded > 0 && progress.active === 0;
  return progress.succeeded >= completions;
}

/** What the Job still wants created: a count, and for Indexed Jobs which indexes (lowest first). */
export function podsToCreate(job: Job, progress: JobProgress): { count: number; indexes?: number[] } {
  const parallelism = job.spec.parallelism ?? 1;
  const completions = job.spec.completions;
  if (job.spec.completionMode === 'Indexed') {
    const missing: number[] = [];
    for (let i = 0; i < (completions ?? 0) && missing.length < parallelism - progress.active; i++) {
      if (!progress.succeededIndexes.has(i) && !progress.activeIndexes.has(i)) missing.push(i);
    }
    return { count: missing.length, indexes: missing };
  }
  const wantActive =
    completions === undefined || completions === null
      ? progress.succeeded > 0
        ? 0
        : parallelism
      : Math.min(parallelism, Math.max(0, completions - progress.succeeded));
  return { count: Math.max(0, wantActive - progress.active) };
}

/**
 * backoffLimit: more failed Pods than it allows; under restartPolicy OnFailure, container
 * restarts of running Pods count too (pastBackoffLimitOnFailure).
 */
export function backoffLimitExceeded(job: Job, failed: number, pods: readonly Pod[]): boolean {
  const limit = job.spec.backoffLimit ?? 6;
  if (failed > limit) return true;
  if (job.spec.template.spec?.restartPolicy !== 'OnFailure') return false;
  const restarts = pods
    .filter((p) => p.status?.phase === 'Running' || p.status?.phase === 'Pending')
    .reduce((sum, p) => sum + [...(p.status?.initContainerStatuses ?? []), ...(p.status?.containerStatuses ?? [])].reduce((n, s) => n + s.restartCount, 0), 0);
  return limit === 0 ? restarts > 0 : restarts >= limit;
}

/** When activeDeadlineSeconds runs out (epoch ms), or undefined without a deadline or start. */
export function activeDeadlineAt(job: Job, startMs: number | undefined): number | undefined {
  const seconds = job.spec.activeDeadlineSeconds;
  if (seconds === undefined || seconds === null || startMs === undefined || job.spec.suspend) return undefined;
  return startMs + seconds * 1000;
}

/**
 * The wait before replacing failed Pods: 10 s doubling per failure, at most 10 min in kube
 * (DefaultJobPodFailureBackOff, MaxJobPodFailureBackOff); the simulator's back-off option
 * sets both. Counted from the newest failure.
 */
export function podFailureBackoffMs(failuresInRow: number, backoff: { readonly baseMs: number; readonly maxMs: number }): number {
  if (failuresInRow <= 0) return 0;
  return Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.min(failuresInRow - 1, 30));
}

export function newCondition(type: string, status: JobCondition['status'], reason: string, message: string, nowMs: number): JobCondition {
  const at = formatTime(nowMs);
  return { type, status, lastProbeTime: at, lastTransitionTime: at, reason, message };
}

/** ensureJobConditionStatus: adds the condition, or updates it when its status changed. */
export function withCondition(conditions: readonly JobCondition[], condition: JobCondition): JobCondition[] {
  const existing = conditions.find((c) => c.type === condition.type);
  if (!existing) return [...conditions, condition];
  if (existing.status === condition.status) return [...conditions];
  return conditions.map((c) => (c.type === condition.type ? condition : c));
}

export const successCondition = (nowMs: number): JobCondition =>
  newCondition('SuccessCriteriaMet', 'True', 'CompletionsReached', 'Reached expected number of succeeded pods', nowMs);
export const failureTarget = (reason: 'BackoffLimitExceeded' | 'DeadlineExceeded', nowMs: number): JobCondition =>
  newCondition(
    'FailureTarget',
    'True',
    reason,
    reason === 'BackoffLimitExceeded' ? 'Job has reached the specified backoff limit' : 'Job was active longer than specified deadline',
    nowMs,
  );
