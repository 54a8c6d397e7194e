/**
 * HorizontalPodAutoscalers, one resource served as autoscaling/v2 (stored, preferred) and
 * autoscaling/v1 (converted by hpa-conversion.ts), as pkg/registry/autoscaling registers them.
 * Both versions share one strategy, run on the v2 form as kube runs it on the internal type.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { ResourceInfo } from '../resource-info.ts';
import { defineBuiltin } from './define-builtin.ts';
import { hpaV1ToV2, hpaV2ToV1 } from './hpa-conversion.ts';
import { horizontalPodAutoscalerStrategy, horizontalPodAutoscalerV1Strategy, hpaStatusStrategy, throughV2Update } from './hpa-strategy.ts';
import { hpaTargets } from './hpa-targets.ts';
import { kindColumn } from './kind-column.ts';
import { field } from './unstructured.ts';

const columns = (toV2: (o: KubeObject) => KubeObject) => [
  kindColumn(
    'Reference',
    'scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.',
    (o) => `${String(field(o, 'spec', 'scaleTargetRef', 'kind') ?? '')}/${String(field(o, 'spec', 'scaleTargetRef', 'name') ?? '')}`,
  ),
  kindColumn(
    'Targets',
    'metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used).  The desired replica count is calculated multiplying the ratio between the target value and the current value by the current number of pods.  Ergo, metrics used must decrease as the pod count is increased, and vice-versa.  See the individual metric source types for more information about how each type of metric must respond. If not set, the default metric will be set to 80% average CPU utilization.',
    (o) => hpaTargets(toV2(o)),
  ),
  kindColumn(
    'MinPods',
    'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.  minReplicas is allowed to be 0 if the alpha feature gate HPAScaleToZero is enabled and at least one Object or External metric is configured.  Scaling is active as long as at least one metric value is available.',
    (o) => {
      const min = field(o, 'spec', 'minReplicas');
      return min === undefined ? '<unset>' : String(min);
    },
  ),
  kindColumn(
    'MaxPods',
    'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up. It cannot be less that minReplicas.',
    (o) => Number(field(o, 'spec', 'maxReplicas') ?? 0),
  ),
  kindColumn('Replicas', 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.', (o) =>
    Number(field(o, 'status', 'currentReplicas') ?? 0),
  ),
];

const hpaNames = {
  resource: 'horizontalpodautoscalers',
  kind: 'HorizontalPodAutoscaler',
  namespaced: true,
  shortNames: ['hpa'],
  categories: ['all'],
  bucket: 'autoscaling/horizontalpodautoscalers',
};

export const horizontalPodAutoscalersV2 = defineBuiltin({
  group: 'autoscaling',
  version: 'v2',
  ...hpaNames,
  strategy: horizontalPodAutoscalerStrategy,
  subresources: { status: hpaStatusStrategy },
  columns: columns((o) => o),
});

export const horizontalPodAutoscalersV1 = defineBuiltin({
  group: 'autoscaling',
  version: 'v1',
  ...hpaNames,
  strategy: horizontalPodAutoscalerV1Strategy,
  subresources: { status: throughV2Update(hpaStatusStrategy) },
  columns: columns(hpaV1ToV2),
  conversion: { fromStorage: hpaV2ToV1, toStorage: hpaV1ToV2 },
});
horizontalPodAutoscalersV1.storageVersion = 'v2';
horizontalPodAutoscalersV1.wireEqualsStorage = false;

export const autoscalingKinds: ResourceInfo[] = [horizontalPodAutoscalersV2, horizontalPodAutoscalersV1];
