/**
 * The Job controller's sync (kube's job_controller.go syncJob), smaller: claim the Job's Pods,
 * count the finished ones through the `batch.kubernetes.io/job-tracking` finalizer, decide
 * failure (backoffLimit, activeDeadlineSeconds) or success, create or delete Pods, and write
 * status.
 *
 * Counting is crash-safe as kube's: a finished Pod's uid is first written to
 * status.uncountedTerminatedPods, then its finalizer is removed, then the uid moves into
 * succeeded/failed. Status writes carry the resourceVersion read, so a stale Job cannot count
 * a Pod twice (409 and a retry instead).
 *
 * Terminal conditions come in two steps, as in 1.31+: SuccessCriteriaMet or FailureTarget
 * first (remaining Pods are deleted), then Complete or Failed once no Pod is left running.
 */
import { deepCopy, formatObjectKey, formatTime, isNotFound, LabelSelector, parseTime, semanticEqual } from '@dojo/kube-api';
import { builtinTypes, claimCandidates, type Reconciler, type Request, type Result } from '@dojo/runtime';
import { isNamespaceTerminating } from '../core/api-errors.ts';
import { finishedCondition, trueCondition, type Job, type JobCondition, type JobStatus } from '../core/batch-types.ts';
import { claimOwned } from '../core/controller-ref-manager.ts';
import { isPodReady } from '../core/pod-conditions.ts';
import type { Pod } from '../core/workload-types.ts';
import type { PodOwnerDeps } from '../replicaset/replica-set-deps.ts';
import { slowStartBatch } from '../replicaset/replica-set-reconciler.ts';
import {
  activeDeadlineAt,
  backoffLimitExceeded,
  completionIndexOf,
  failureTarget,
  formatIndexes,
  isPodFinished,
  jobTrackingFinalizer,
  newCondition,
  parseIndexes,
  podFailureBackoffMs,
  podsToCreate,
  successCondition,
  successCriteriaMet,
  withCondition,
} from './job-rules.ts';
import { newJobPod } from './job-pod.ts';

const { jobs, pods } = builtinTypes;

/** batch.JobControllerName, the spec.managedBy value that means this controller. */
export const jobControllerName = 'kubernetes.io/job-controller';

export interface JobDeps extends PodOwnerDeps {
  /** Uids of Pods whose finalizer this controller removed, until the cache shows it gone. */
  readonly uncountable: Set<string>;
  readonly nodeName: string;
  readonly backoff: { readonly baseMs: number; readonly maxMs: number };
}

export class JobReconciler implements Reconciler {
  readonly #deps: JobDeps;

  constructor(deps: JobDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request): Promise<Result | void> {
    const key = formatObjectKey(request);
    let job: Job;
    try {
      job = await this.#deps.client.get<Job>(jobs, request);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      this.#deps.expectations.forget(key);
      // The Job is gone: its Pods must not stay held by the tracking finalizer.
      await this.#releaseFinalizers(this.#deps.pods.byIndex('namespace', request.namespace ?? '').filter((p) => ownedByName(p, request.name)));
      return;
    }
    const owned = await claimOwned({
      owner: job,
      ownerType: jobs,
      childType: pods,
      candidates: claimCandidates(this.#deps.pods, job),
      selector: LabelSelector.fromObject(job.spec.selector ?? {}),
      client: this.#deps.client,
      api: this.#deps.api,
    });
    // spec.managedBy naming another controller: that one runs the Job (managedByExternalController).
    if (job.spec.managedBy !== undefined && job.spec.managedBy !== jobControllerName) return;
    // A finished or deleted Job creates nothing more; it only lets go of its Pods.
    if (finishedCondition(job) || job.metadata.deletionTimestamp) {
      await this.#releaseFinalizers(owned);
      return;
    }
    return this.#sync(key, job, owned);
  }

  async #sync(key: string, job: Job, owned: Pod[]): Promise<Result | void> {
    const now = this.#deps.clock.now();
    const status: JobStatus = deepCopy(job.status ?? {});
    const uncounted = { succeeded: [...(status.uncountedTerminatedPods?.succeeded ?? [])], failed: [...(status.uncountedTerminatedPods?.failed ?? [])] };
    const known = new Set([...uncounted.succeeded, ...uncounted.failed]);
    const tracked = owned.filter((p) => p.metadata.finalizers?.includes(jobTrackingFinalizer) && !this.#deps.uncountable.has(p.metadata.uid ?? ''));
    const newlyFinished = tracked.filter((p) => isPodFinished(p) && !known.has(p.metadata.uid ?? ''));
    for (const pod of newlyFinished) (pod.status?.phase === 'Succeeded' ? uncounted.succeeded : uncounted.failed).push(pod.metadata.uid ?? '');
    const active = owned.filter((p) => !isPodFinished(p) && !p.metadata.deletionTimestamp);
    const terminating = owned.filter((p) => !isPodFinished(p) && p.metadata.deletionTimestamp);
    const succeeded = (status.succeeded ?? 0) + uncounted.succeeded.length;
    const failed = (status.failed ?? 0) + uncounted.failed.length;
    const indexed = job.spec.completionMode === 'Indexed';
    // podReplacementPolicy Failed: a terminating Pod is replaced only once it has failed.
    const occupying = active.length + (job.spec.podReplacementPolicy === 'Failed' ? terminating.length : 0);
    const succeededIndexes = parseIndexes(status.completedIndexes);
    if (indexed)
      for (const pod of owned) if (pod.status?.phase === 'Succeeded' && completionIndexOf(pod) !== undefined) succeededIndexes.add(completionIndexOf(pod)!);
    const progress = {
      succeeded,
      failed,
      active: occupying,
      succeededIndexes,
      activeIndexes: new Set(active.map(completionIndexOf).filter((i) => i !== undefined)),
    };

    if (!status.startTime && !job.spec.suspend) status.startTime = formatTime(now);
    let conditions = [...(status.conditions ?? [])];
    let finishing = trueCondition(job, 'SuccessCriteriaMet') ?? trueCondition(job, 'FailureTarget');
    let requeueAt: number | undefined;
    if (!finishing) {
      const deadline = activeDeadlineAt(job, parseTime(status.startTime));
      if (backoffLimitExceeded(job, failed, owned)) finishing = failureTarget('BackoffLimitExceeded', now);
      else if (deadline !== undefined && now >= deadline) finishing = failureTarget('DeadlineExceeded', now);
      else if (successCriteriaMet(job, progress)) finishing = successCondition(now);
      else if (deadline !== undefined) requeueAt = deadline;
      if (finishing) conditions = withCondition(conditions, finishing);
    }

    let stillRunning = active.length + terminating.length;
    let manageError: unknown;
    if (finishing || job.spec.suspend) {
      await this.#deleteActive(job, active);
      if (job.spec.suspend && !finishing) conditions = this.#suspended(job, conditions, true, now);
    } else {
      const resumed = this.#suspended(job, conditions, false, now);
      // A resumed Job starts its activeDeadlineSeconds afresh: startTime is reset to now.
      if (resumed !== conditions) status.startTime = formatTime(now);
      conditions = resumed;
      if (this.#deps.expectations.satisfied(key)) {
        const wait = this.#failureBackoffLeft(failed, owned, now);
        if (wait > 0) requeueAt = Math.min(requeueAt ?? Infinity, now + wait);
        else {
          try {
            stillRunning += await this.#createPods(key, job, podsToCreate(job, progress));
          } catch (error) {
            manageError = error;
          }
        }
      }
    }

    status.active = active.length;
    status.ready = active.filter(isPodReady).length;
    status.terminating = terminating.length;
    if (indexed) status.completedIndexes = formatIndexes(succeededIndexes);
    status.conditions = conditions;
    status.uncountedTerminatedPods = uncounted;
    // Step one: the newly finished Pods are on record before their finalizers go.
    if (newlyFinished.length > 0 && !semanticEqual(status, job.status)) job = await this.#deps.client.updateStatus(jobs, { ...job, status });
    await this.#releaseFinalizers(tracked.filter((p) => isPodFinished(p)));
    // Step two: move the uids into the counts; finish the Job once nothing runs.
    const final: JobStatus = { ...status, succeeded, failed, uncountedTerminatedPods: {} };
    // active, succeeded, failed and completedIndexes are omitempty in batch/v1; ready and terminating are pointers.
    if (final.succeeded === 0) delete final.succeeded;
    if (final.failed === 0) delete final.failed;
    if (final.active === 0) delete final.active;
    if (final.completedIndexes === '') delete final.completedIndexes;
    if (finishing && stillRunning === 0) {
      final.conditions = withCondition(final.conditions ?? [], {
        ...finishing,
        type: finishing.type === 'SuccessCriteriaMet' ? 'Complete' : 'Failed',
        lastProbeTime: formatTime(now),
        lastTransitionTime: formatTime(now),
      });
      if (finishing.type === 'SuccessCriteriaMet') final.completionTime = formatTime(now);
    }
    if (!semanticEqual(final, job.status)) {
      await this.#deps.client.updateStatus(jobs, { ...job, status: final });
      if (finishedCondition({ ...job, status: final })) this.#recordFinished(job, finishing!);
    }
    if (manageError !== undefined) throw manageError;
    return requeueAt === undefined ? undefined : { requeueAfter: Math.max(0, requeueAt - this.#deps.clock.now()) };
  }

  /** The Suspended condition, and the Suspended / Resumed Events when it flips. */
  #suspended(job: Job, conditions: JobCondition[], suspend: boolean, now: number): JobCondition[] {
    const current = conditions.find((c) => c.type === 'Suspended');
    if (suspend ? current?.status === 'True' : current?.status !== 'True') return conditions;
    const [reason, message, event] = suspend ? ['JobSuspended', 'Job suspended', 'Suspended'] : ['JobResumed', 'Job resumed', 'Resumed'];
    this.#deps.recorder.record(job, 'Normal', event, message, { resource: jobs });
    return withCondition(conditions, newCondition('Suspended', suspend ? 'True' : 'False', reason, message, now));
  }

  #recordFinished(job: Job, finishing: JobCondition): void {
    if (finishing.type === 'SuccessCriteriaMet') this.#deps.recorder.record(job, 'Normal', 'Completed', 'Job completed', { resource: jobs });
    else this.#deps.recorder.record(job, 'Warning', finishing.reason ?? 'Failed', finishing.message ?? '', { resource: jobs });
  }

  /** The back-off left before failed Pods may be replaced, from the newest failure seen. */
  #failureBackoffLeft(failed: number, owned: readonly Pod[], now: number): number {
    const lastFailure = Math.max(
      ...owned
        .filter((p) => p.status?.phase === 'Failed')
        .flatMap((p) => (p.status?.containerStatuses ?? []).map((s) => parseTime(s.state.terminated?.finishedAt) ?? 0)),
      -Infinity,
    );
    if (!Number.isFinite(lastFailure)) return 0;
    return Math.max(0, lastFailure + podFailureBackoffMs(failed, this.#deps.backoff) - now);
  }

  async #createPods(key: string, job: Job, want: { count: number; indexes?: number[] }): Promise<number> {
    if (want.count <= 0) return 0;
    this.#deps.expectations.expectCreations(key, want.count);
    const indexes = [...(want.indexes ?? [])];
    const { succeeded, error } = await slowStartBatch(want.count, async () => {
      const pod = newJobPod(job, indexes.shift(), this.#deps.nodeName);
      try {
        const created = await this.#deps.client.create(pods, pod);
        this.#deps.recorder.record(job, 'Normal', 'SuccessfulCreate', `Created pod: ${created.metadata.name ?? ''}`, { resource: jobs });
      } catch (error) {
        this.#deps.expectations.creationObserved(key);
        if (isNamespaceTerminating(error)) return;
        this.#deps.recorder.record(job, 'Warning', 'FailedCreate', `Error creating: ${error instanceof Error ? error.message : String(error)}`, {
          resource: jobs,
        });
        throw error;
      }
    });
    for (let i = succeeded; i < want.count; i++) this.#deps.expectations.creationObserved(key);
    if (error !== undefined) throw error;
    return succeeded;
  }

  /** Deletes running Pods; their finalizers stay until they finished and were counted. */
  async #deleteActive(job: Job, active: readonly Pod[]): Promise<void> {
    await Promise.all(
      active.map(async (pod) => {
        try {
          await this.#deps.client.delete(
            pods,
            { namespace: pod.metadata.namespace, name: pod.metadata.name ?? '' },
            { preconditions: { uid: pod.metadata.uid } },
          );
          this.#deps.recorder.record(job, 'Normal', 'SuccessfulDelete', `Deleted pod: ${pod.metadata.name ?? ''}`, { resource: jobs });
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }),
    );
  }

  async #releaseFinalizers(candidates: readonly Pod[]): Promise<void> {
    const held = candidates.filter((p) => p.metadata.finalizers?.includes(jobTrackingFinalizer) && !this.#deps.uncountable.has(p.metadata.uid ?? ''));
    await Promise.all(
      held.map(async (pod) => {
        const finalizers = (pod.metadata.finalizers ?? []).filter((f) => f !== jobTrackingFinalizer);
        try {
          await this.#deps.client.patch(
            pods,
            { namespace: pod.metadata.namespace, name: pod.metadata.name ?? '' },
            {
              type: 'merge',
              body: { metadata: { finalizers: finalizers.length ? finalizers : null, resourceVersion: pod.metadata.resourceVersion } },
            },
          );
          this.#deps.uncountable.add(pod.metadata.uid ?? '');
        } catch (error) {
          if (!isNotFound(error)) throw error;
        }
      }),
    );
  }
}

function ownedByName(pod: Pod, jobName: string): boolean {
  return (pod.metadata.ownerReferences ?? []).some((r) => r.controller && r.kind === 'Job' && r.name === jobName);
}
