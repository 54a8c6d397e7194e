/**
 * A DaemonSet's Pod for one Node (CreatePodTemplate + ReplaceDaemonSetPodNodeNameNodeAffinity):
 * the template with the daemon tolerations, the labels `controller-revision-hash` (the
 * revision's hash) and `pod-template-generation`, required node affinity on the Node's
 * `metadata.name` (matchFields), and, the simulated scheduler's part, spec.nodeName.
 */
import { deepCopy } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import type { DaemonSet } from '../core/apps-types.ts';
import { controllerRefTo } from '../core/owner-references.ts';
import type { Pod } from '../core/workload-types.ts';
import { daemonTolerations } from './node-fit.ts';

export const daemonRevisionLabel = 'controller-revision-hash';
export const templateGenerationLabel = 'pod-template-generation';
const templateGenerationAnnotation = 'deprecated.daemonset.template.generation';

/** GetTemplateGeneration: the API server keeps it in an annotation; absent, no label is set. */
function templateGeneration(ds: DaemonSet): string | undefined {
  return ds.metadata.annotations?.[templateGenerationAnnotation];
}

export function newDaemonPod(ds: DaemonSet, nodeName: string, hash: string): Pod {
  const template = ds.spec.template;
  const spec = deepCopy(template.spec ?? { containers: [] });
  const affinity = (spec.affinity ?? {}) as Record<string, unknown>;
  const nodeAffinity = (affinity.nodeAffinity ?? {}) as Record<string, unknown>;
  const generation = templateGeneration(ds);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      generateName: `${ds.metadata.name ?? ''}-`,
      namespace: ds.metadata.namespace,
      labels: {
        ...template.metadata?.labels,
        ...(generation ? { [templateGenerationLabel]: generation } : {}),
        [daemonRevisionLabel]: hash,
      },
      ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
      ownerReferences: [controllerRefTo(ds, builtinTypes.daemonSets)],
    },
    spec: {
      ...spec,
      tolerations: daemonTolerations(spec),
      affinity: {
        ...affinity,
        nodeAffinity: {
          ...nodeAffinity,
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [{ matchFields: [{ key: 'metadata.name', operator: 'In', values: [nodeName] }] }],
          },
        },
      },
      nodeName,
    },
  };
}

/** The Node a daemon Pod is bound to. */
export function nodeOfDaemonPod(pod: Pod): string {
  return pod.spec.nodeName ?? '';
}

/** IsPodUpdated: made from the current revision (by hash, or by the template generation of old controllers). */
export function isDaemonPodUpdated(pod: Pod, ds: DaemonSet, hash: string): boolean {
  const labels = pod.metadata.labels ?? {};
  const generation = templateGeneration(ds);
  return labels[daemonRevisionLabel] === hash || (generation !== undefined && labels[templateGenerationLabel] === generation);
}
