/** Wires the CronJob controller: CronJobs are reconciled, and the Jobs they own bring them back. */
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager } from '@dojo/runtime';
import type { Job } from '../core/batch-types.ts';
import { systemControllers } from '../system-controllers.ts';
import { CronJobReconciler } from './cronjob-reconciler.ts';

const { cronJobs, jobs } = builtinTypes;

export function addCronJobController(manager: Manager, recorder: EventRecorder, workers: number): Controller {
  return ControllerBuilder.create(manager)
    .named(systemControllers.cronJob.name)
    .for(cronJobs)
    .owns(jobs)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(
      new CronJobReconciler({
        client: manager.client,
        api: manager.apiClient,
        jobs: manager.informers.informerFor<Job>(jobs).store,
        clock: manager.clock,
        recorder,
      }),
    );
}
