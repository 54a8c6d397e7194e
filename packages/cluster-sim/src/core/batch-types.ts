/**
 * The slices of batch/v1 (Job, CronJob) that the simulated control plane reads and writes,
 * typed as they travel on the wire; unread fields stay in the index signatures.
 */
import type { KubeObject, LabelSelectorObject } from '@dojo/kube-api';
import type { PodCondition, PodTemplateSpec } from './workload-types.ts';

export interface JobSpec {
  parallelism?: number;
  completions?: number;
  activeDeadlineSeconds?: number;
  backoffLimit?: number;
  selector?: LabelSelectorObject;
  manualSelector?: boolean;
  template: PodTemplateSpec;
  ttlSecondsAfterFinished?: number;
  completionMode?: 'NonIndexed' | 'Indexed';
  suspend?: boolean;
  podReplacementPolicy?: 'Failed' | 'TerminatingOrFailed';
  managedBy?: string;
  [field: string]: unknown;
}

/** batch/v1 JobCondition: the same fields as a Pod's condition, lastProbeTime included. */
export type JobCondition = PodCondition;

export interface UncountedTerminatedPods {
  succeeded?: string[];
  failed?: string[];
}

export interface JobStatus {
  conditions?: JobCondition[];
  startTime?: string;
  completionTime?: string;
  active?: number;
  succeeded?: number;
  failed?: number;
  terminating?: number;
  completedIndexes?: string;
  uncountedTerminatedPods?: UncountedTerminatedPods;
  ready?: number;
  [field: string]: unknown;
}

export interface Job extends KubeObject {
  spec: JobSpec;
  status?: JobStatus;
}

export interface CronJobSpec {
  schedule: string;
  timeZone?: string;
  startingDeadlineSeconds?: number;
  concurrencyPolicy?: 'Allow' | 'Forbid' | 'Replace';
  suspend?: boolean;
  jobTemplate: { metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> }; spec: JobSpec };
  successfulJobsHistoryLimit?: number;
  failedJobsHistoryLimit?: number;
}

/** core/v1 ObjectReference, as CronJob status.active lists its running Jobs. */
export interface JobReference {
  kind: string;
  namespace?: string | undefined;
  name: string;
  uid?: string | undefined;
  apiVersion: string;
  resourceVersion?: string | undefined;
}

export interface CronJobStatus {
  active?: JobReference[] | undefined;
  lastScheduleTime?: string | undefined;
  lastSuccessfulTime?: string | undefined;
}

export interface CronJob extends KubeObject {
  spec: CronJobSpec;
  status?: CronJobStatus;
}

/** The condition of `type` if it is True. */
export function trueCondition(job: Job, type: string): JobCondition | undefined {
  return job.status?.conditions?.find((c) => c.type === type && c.status === 'True');
}

/** IsJobFinished: Complete or Failed is True. */
export function finishedCondition(job: Job): JobCondition | undefined {
  return trueCondition(job, 'Complete') ?? trueCondition(job, 'Failed');
}
