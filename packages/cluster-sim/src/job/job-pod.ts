/**
 * A Pod for a Job, as kube's job controller makes it: from the template, named
 * `<job>-<random>` (`<job>-<index>-<random>` in Indexed mode), controlled by the Job, held by
 * the job-tracking finalizer until counted, and bound to the simulated node at creation (see
 * replica-set-reconciler.ts for why). An Indexed Pod carries its completion index as
 * annotation, label, hostname and the JOB_COMPLETION_INDEX variable.
 */
import { deepCopy } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import type { Job } from '../core/batch-types.ts';
import { controllerRefTo } from '../core/owner-references.ts';
import type { Container, Pod } from '../core/workload-types.ts';
import { completionIndexKey, jobTrackingFinalizer } from './job-rules.ts';

export function newJobPod(job: Job, index: number | undefined, nodeName: string): Pod {
  const template = job.spec.template;
  const name = job.metadata.name ?? '';
  const spec = deepCopy(template.spec ?? { containers: [] });
  const labels = { ...template.metadata?.labels };
  const annotations = { ...template.metadata?.annotations };
  if (index !== undefined) {
    labels[completionIndexKey] = String(index);
    annotations[completionIndexKey] = String(index);
    spec.hostname ??= `${name}-${index}`;
    const indexEnv = { name: 'JOB_COMPLETION_INDEX', valueFrom: { fieldRef: { fieldPath: `metadata.labels['${completionIndexKey}']` } } };
    const withIndex = (c: Container): Container => ({ ...c, env: [...((c.env as unknown[] | undefined) ?? []), indexEnv] });
    spec.containers = spec.containers.map(withIndex);
    if (spec.initContainers) spec.initContainers = spec.initContainers.map(withIndex);
  }
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: index === undefined ? `${name}-` : `${name}-${index}-`,
      namespace: job.metadata.namespace,
      labels,
      ...(Object.keys(annotations).length ? { annotations } : {}),
      finalizers: [jobTrackingFinalizer],
      ownerReferences: [controllerRefTo(job, builtinTypes.jobs)],
    },
    spec: { ...spec, nodeName: spec.nodeName || nodeName },
  };
}
