/**
 * kube's ttl-after-finished controller: a finished Job with spec.ttlSecondsAfterFinished is
 * deleted that many seconds after its Complete or Failed condition became True, with
 * Foreground propagation (its Pods go first) and its uid as precondition, after re-reading it
 * from the API server (the TTL may have been changed since the cache saw it).
 */
import { isNotFound, parseTime } from '@dojo/kube-api';
import {
  builtinTypes,
  type Client,
  type Clock,
  type Controller,
  ControllerBuilder,
  type Manager,
  type ObjectReader,
  type Reconciler,
  type Request,
  type Result,
} from '@dojo/runtime';
import { finishedCondition, type Job } from '../core/batch-types.ts';
import { systemControllers } from '../system-controllers.ts';

const { jobs } = builtinTypes;

/** When the Job may be deleted (epoch ms), or undefined when it has no TTL or is not finished. */
export function expiresAt(job: Job): number | undefined {
  const ttl = job.spec.ttlSecondsAfterFinished;
  if (ttl === undefined || ttl === null || job.metadata.deletionTimestamp) return undefined;
  const finishedAt = parseTime(finishedCondition(job)?.lastTransitionTime);
  return finishedAt === undefined ? undefined : finishedAt + ttl * 1000;
}

class TtlAfterFinishedReconciler implements Reconciler {
  readonly #client: Client;
  readonly #api: ObjectReader;
  readonly #clock: Clock;

  constructor(client: Client, api: ObjectReader, clock: Clock) {
    this.#client = client;
    this.#api = api;
    this.#clock = clock;
  }

  async reconcile(request: Request): Promise<Result | void> {
    let job: Job;
    try {
      job = await this.#client.get<Job>(jobs, request);
      const cachedExpiry = expiresAt(job);
      if (cachedExpiry === undefined) return;
      if (cachedExpiry > this.#clock.now()) return { requeueAfter: cachedExpiry - this.#clock.now() };
      job = await this.#api.get<Job>(jobs, request);
    } catch (error) {
      if (isNotFound(error)) return;
      throw error;
    }
    const expiry = expiresAt(job);
    if (expiry === undefined) return;
    if (expiry > this.#clock.now()) return { requeueAfter: expiry - this.#clock.now() };
    try {
      await this.#client.delete(jobs, request, { propagationPolicy: 'Foreground', preconditions: { uid: job.metadata.uid } });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
  }
}

export function addTtlAfterFinishedController(manager: Manager, workers: number): Controller {
  return ControllerBuilder.create(manager)
    .named(systemControllers.ttlAfterFinished.name)
    .for(jobs)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(new TtlAfterFinishedReconciler(manager.client, manager.apiClient, manager.clock));
}
