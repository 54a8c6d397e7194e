/**
 * Wires the Job controller: Jobs are reconciled, owned Pods bring their Job back (also after
 * the Job is gone, to release their finalizers), Pod creations settle the Job's expectations,
 * and a Pod seen without the tracking finalizer may be counted again by nobody.
 */
import { controllerOf, formatObjectKey, type KubeObject } from '@dojo/kube-api';
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager, type Request } from '@dojo/runtime';
import { Expectations } from '../replicaset/expectations.ts';
import { podOwnerDeps } from '../replicaset/replica-set-deps.ts';
import { systemControllers } from '../system-controllers.ts';
import { jobTrackingFinalizer } from './job-rules.ts';
import { JobReconciler } from './job-reconciler.ts';

const { jobs, pods } = builtinTypes;

export interface JobControllerOptions {
  readonly recorder: EventRecorder;
  readonly workers: number;
  readonly nodeName: string;
  readonly backoff: { readonly baseMs: number; readonly maxMs: number };
}

export function addJobController(manager: Manager, options: JobControllerOptions): Controller {
  const expectations = new Expectations(manager.clock);
  const uncountable = new Set<string>();
  const jobOf = (pod: KubeObject): Request[] => {
    const ref = controllerOf(pod);
    return ref?.kind === 'Job' ? [{ namespace: pod.metadata.namespace, name: ref.name }] : [];
  };
  manager.informers.informerFor(pods).addEventHandler({
    onAdd(pod) {
      for (const job of jobOf(pod)) expectations.creationObserved(formatObjectKey(job));
    },
    onUpdate(_old, pod) {
      if (!pod.metadata.finalizers?.includes(jobTrackingFinalizer)) uncountable.delete(pod.metadata.uid ?? '');
    },
    onDelete(pod) {
      uncountable.delete(pod.metadata.uid ?? '');
    },
  });
  return ControllerBuilder.create(manager)
    .named(systemControllers.job.name)
    .for(jobs)
    .owns(pods)
    .withOptions({ maxConcurrentReconciles: options.workers })
    .complete(
      new JobReconciler({
        ...podOwnerDeps(manager, options.recorder, expectations),
        uncountable,
        nodeName: options.nodeName,
        backoff: options.backoff,
      }),
    );
}
