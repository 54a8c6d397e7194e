/**
 * The CronJob controller's sync (kube's cronjob_controllerv2.go syncCronJob): reconcile
 * status.active with the Jobs it owns (SawCompletedJob, MissingJob), record the last
 * successful time, prune the history, then — unless suspended or being deleted — start the
 * Job for the due scheduled time, honouring startingDeadlineSeconds and concurrencyPolicy,
 * and come back at the next scheduled time. The injected Clock drives all of it.
 */
import { deepCopy, formatTime, isAlreadyExists, isNotFound, parseTime, semanticEqual } from '@dojo/kube-api';
import {
  builtinTypes,
  type Client,
  type Clock,
  type EventRecorder,
  type ObjectReader,
  type ReadableStore,
  type Reconciler,
  type Request,
  type Result,
} from '@dojo/runtime';
import { isNamespaceTerminating } from '../core/api-errors.ts';
import { finishedCondition, type CronJob, type CronJobStatus, type Job, type JobReference } from '../core/batch-types.ts';
import { controllerRefTo } from '../core/owner-references.ts';
import { parseCronSchedule, type CronSchedule } from './cron-schedule.ts';
import { dueTime, formatInZone, jobNameFor, jobsToPrune, requeueAfterMs, scheduledTimestampAnnotation } from './cronjob-rules.ts';

const { cronJobs, jobs } = builtinTypes;

export interface CronJobDeps {
  readonly client: Client;
  readonly api: ObjectReader;
  readonly jobs: ReadableStore<Job>;
  readonly clock: Clock;
  readonly recorder: EventRecorder;
}

export class CronJobReconciler implements Reconciler {
  readonly #deps: CronJobDeps;

  constructor(deps: CronJobDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request): Promise<Result | void> {
    let cronJob: CronJob;
    try {
      cronJob = await this.#deps.client.get<CronJob>(cronJobs, request);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    const owned = this.#deps.jobs
      .byIndex('namespace', request.namespace ?? '')
      .filter((j) => (j.metadata.ownerReferences ?? []).some((r) => r.controller && r.uid === cronJob.metadata.uid));
    const status: CronJobStatus = deepCopy(cronJob.status ?? {});
    await this.#trackActive(cronJob, status, owned);
    for (const job of jobsToPrune(cronJob, owned)) await this.#deleteJob(cronJob, status, job);
    let requeue: number | undefined;
    try {
      requeue = await this.#schedule(cronJob, status);
    } finally {
      if (!semanticEqual(status, cronJob.status ?? {})) await this.#deps.client.updateStatus(cronJobs, { ...cronJob, status });
    }
    return requeue === undefined ? undefined : { requeueAfter: requeue };
  }

  async #trackActive(cronJob: CronJob, status: CronJobStatus, owned: readonly Job[]): Promise<void> {
    let active = [...(status.active ?? [])];
    for (const job of owned) {
      const finished = finishedCondition(job);
      if (!finished) continue;
      if (active.some((r) => r.uid === job.metadata.uid)) {
        active = active.filter((r) => r.uid !== job.metadata.uid);
        this.#record(cronJob, 'Normal', 'SawCompletedJob', `Saw completed job: ${job.metadata.name ?? ''}, condition: ${finished.type}`);
      }
      const completed = finished.type === 'Complete' ? job.status?.completionTime : undefined;
      if (completed && (parseTime(completed) ?? 0) > (parseTime(status.lastSuccessfulTime) ?? -1)) status.lastSuccessfulTime = completed;
    }
    for (const ref of [...active]) {
      if (owned.some((j) => j.metadata.uid === ref.uid)) continue;
      // The cache may be behind: only a Job the API server does not have is missing.
      try {
        await this.#deps.api.get(jobs, { namespace: ref.namespace, name: ref.name });
      } catch (error) {
        if (!isNotFound(error)) throw error;
        this.#record(cronJob, 'Normal', 'MissingJob', `Active job went missing: ${ref.name}`);
        active = active.filter((r) => r.uid !== ref.uid);
      }
    }
    if (active.length > 0 || status.active) status.active = active.length > 0 ? active : undefined;
    if (!status.active) delete status.active;
  }

  /** Starts the due Job, if any; returns the wait until the next scheduled time. */
  async #schedule(cronJob: CronJob, status: CronJobStatus): Promise<number | undefined> {
    if (cronJob.metadata.deletionTimestamp || cronJob.spec.suspend) return undefined;
    let schedule: CronSchedule;
    try {
      schedule = parseCronSchedule(cronJob.spec.schedule, cronJob.spec.timeZone);
    } catch (error) {
      const reason = error instanceof RangeError ? 'UnknownTimeZone' : 'UnparseableSchedule';
      this.#record(
        cronJob,
        'Warning',
        reason,
        reason === 'UnknownTimeZone'
          ? `invalid timeZone: "${cronJob.spec.timeZone ?? ''}": unknown time zone ${cronJob.spec.timeZone ?? ''}`
          : `unparseable schedule: "${cronJob.spec.schedule}" : ${String(error)}`,
      );
      return undefined;
    }
    const now = this.#deps.clock.now();
    const current = { ...cronJob, status };
    const next = (): number | undefined => requeueAfterMs(current, schedule, this.#deps.clock.now());
    const due = dueTime(current, schedule, now);
    if (due.tooManyMissed)
      this.#record(cronJob, 'Warning', 'TooManyMissedTimes', 'too many missed start times. Set or decrease .spec.startingDeadlineSeconds or check clock skew');
    if (due.scheduled === undefined) return next();
    const deadline = cronJob.spec.startingDeadlineSeconds;
    if (deadline !== undefined && deadline !== null && due.scheduled + deadline * 1000 < now) {
      this.#record(cronJob, 'Warning', 'MissSchedule', `Missed scheduled time to start a job: ${rfc1123z(due.scheduled)}`);
      return next();
    }
    const name = jobNameFor(cronJob, due.scheduled);
    if ((status.active ?? []).some((r) => r.name === name) || parseTime(status.lastScheduleTime) === due.scheduled) return next();
    if (cronJob.spec.concurrencyPolicy === 'Forbid' && (status.active ?? []).length > 0) {
      this.#record(cronJob, 'Normal', 'JobAlreadyActive', 'Not starting job because prior execution is running and concurrency policy is Forbid');
      return next();
    }
    if (cronJob.spec.concurrencyPolicy === 'Replace') {
      for (const ref of [...(status.active ?? [])]) {
        const job = await this.#deps.api.get<Job>(jobs, { namespace: ref.namespace, name: ref.name });
        await this.#deleteJob(cronJob, status, job);
      }
    }
    const created = await this.#createJob(cronJob, name, due.scheduled);
    if (!created) return undefined;
    status.active = [...(status.active ?? []), referenceTo(created)];
    status.lastScheduleTime = formatTime(due.scheduled);
    return next();
  }

  async #createJob(cronJob: CronJob, name: string, scheduledMs: number): Promise<Job | undefined> {
    const template = cronJob.spec.jobTemplate;
    const job: Job = {
      apiVersion: 'batch/v1',
      kind: 'Job',
      metadata: {
        name,
        namespace: cronJob.metadata.namespace,
        labels: { ...template.metadata?.labels },
        annotations: { ...template.metadata?.annotations, [scheduledTimestampAnnotation]: formatInZone(scheduledMs, cronJob.spec.timeZone) },
        ownerReferences: [controllerRefTo(cronJob, cronJobs)],
      },
      spec: deepCopy(template.spec),
    };
    try {
      const created = await this.#deps.client.create(jobs, job);
      this.#record(cronJob, 'Normal', 'SuccessfulCreate', `Created job ${created.metadata.name ?? ''}`);
      return created;
    } catch (error) {
      if (isNamespaceTerminating(error)) return undefined;
      if (isAlreadyExists(error)) {
        // Created by an earlier pass whose status write was lost: take it back into active.
        const existing = await this.#deps.api.get<Job>(jobs, { namespace: cronJob.metadata.namespace, name });
        const ours = (existing.metadata.ownerReferences ?? []).some((r) => r.controller && r.uid === cronJob.metadata.uid);
        return ours && !(cronJob.status?.active ?? []).some((r) => r.uid === existing.metadata.uid) ? existing : undefined;
      }
      this.#record(cronJob, 'Warning', 'FailedCreate', `Error creating job: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

  /** deleteJob: the Job goes with Background propagation, and out of the active list. */
  async #deleteJob(cronJob: CronJob, status: CronJobStatus, job: Job): Promise<void> {
    try {
      await this.#deps.client.delete(jobs, { namespace: job.metadata.namespace, name: job.metadata.name ?? '' }, { propagationPolicy: 'Background' });
    } catch (error) {
      if (!isNotFound(error)) {
        this.#record(cronJob, 'Warning', 'FailedDelete', `Deleted job: ${error instanceof Error ? error.message : String(error)}`);
        throw error;
      }
    }
    const active = (status.active ?? []).filter((r) => r.uid !== job.metadata.uid);
    if (active.length > 0) status.active = active;
    else delete status.active;
    this.#record(cronJob, 'Normal', 'SuccessfulDelete', `Deleted job ${job.metadata.name ?? ''}`);
  }

  #record(cronJob: CronJob, type: 'Normal' | 'Warning', reason: string, message: string): void {
    this.#deps.recorder.record(cronJob, type, reason, message, { resource: cronJobs });
  }
}

function referenceTo(job: Job): JobReference {
  return {
    kind: 'Job',
    namespace: job.metadata.namespace,
    name: job.metadata.name ?? '',
    uid: job.metadata.uid,
    apiVersion: 'batch/v1',
    resourceVersion: job.metadata.resourceVersion,
  };
}

/** Go's time.RFC1123Z in UTC: "Mon, 02 Jan 2006 15:04:05 +0000". */
function rfc1123z(ms: number): string {
  return new Date(ms).toUTCString().replace('GMT', '+0000');
}
