/**
 * HorizontalPodAutoscalers, one resource served as autoscaling/v2 (stored, preferred) and
 * autoscaling/v1 (converted by hpa-conversion.ts), as pkg/registry/autoscaling registers them.
 * Both versions share one strategy, run on the v2 form as kube runs it on the internal type.
 */
import type { KubeObject } from '@dojo/kube-api';
import { bumpGenerationOnChange, startGeneration } from '../generation.ts';
import type { ResourceInfo } from '../resource-info.ts';
import { keepStoredStatus, statusStrategy } from '../status-strategy.ts';
import type { Strategy, UpdateStrategy } from '../strategy.ts';
import { defineBuiltin } from './define-builtin.ts';
import { defaultCpuUtilization, hpaV1ToV2, hpaV2ToV1 } from './hpa-conversion.ts';
import { hpaTargets } from './hpa-targets.ts';
import { validateHorizontalPodAutoscaler } from './hpa-validation.ts';
import { kindColumn } from './kind-column.ts';
import { field, record } from './unstructured.ts';

/** autoscaling/v2 defaults.go: the scale-up and scale-down rules a behavior gets for what it leaves out. */
const defaultScaleUp = { stabilizationWindowSeconds: 0, selectPolicy: 'Max', policies: [{ type: 'Pods', value: 4, periodSeconds: 15 }, { type: 'Percent', value: 100, periodSeconds: 15 }] };
const defaultScaleDown = { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };

function withDefaults(rules: unknown, defaults: Record<string, unknown>): Record<string, unknown> {
  if (rules === undefined) return structuredClone(defaults);
  return { ...structuredClone(defaults), ...Object.fromEntries(Object.entries(record(rules)).filter(([, v]) => v !== undefined && v !== null)) };
}

/** SetDefaults_HorizontalPodAutoscaler (v2): minReplicas 1, an 80% CPU target when no metric is named, full behavior rules. */
function defaultHpa(obj: KubeObject): void {
  const spec = record(obj.spec);
  obj.spec = spec;
  spec.minReplicas ??= 1;
  if (!Array.isArray(spec.metrics) || spec.metrics.length === 0) {
    spec.metrics = [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: defaultCpuUtilization } } }];
  }
  if (spec.behavior !== undefined) {
    const behavior = record(spec.behavior);
    spec.behavior = { scaleUp: withDefaults(behavior.scaleUp, defaultScaleUp), scaleDown: withDefaults(behavior.scaleDown, defaultScaleDown) };
  }
}

/** autoscalerStrategy: status only through /status; generation follows spec (HPAGeneration is on in 1.37). */
export const horizontalPodAutoscalerStrategy = {
  prepareForCreate(obj) {
    defaultHpa(obj);
    obj.status = { desiredReplicas: 0 };
    startGeneration(obj);
  },
  prepareForUpdate(obj, old) {
    defaultHpa(obj);
    keepStoredStatus(obj, old);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: validateHorizontalPodAutoscaler,
  validateUpdate: (obj) => validateHorizontalPodAutoscaler(obj),
} satisfies Strategy;

const hpaStatusStrategy = statusStrategy(horizontalPodAutoscalerStrategy);

/** Replaces the contents of `target` with `source` (strategies change objects in place). */
function replaceWith(target: KubeObject, source: KubeObject): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, source);
}

/** v1 requests: kube defaults v1 (minReplicas), converts to the internal (v2) form and applies the strategy there. */
function defaultV1(obj: KubeObject): KubeObject {
  const spec = record(obj.spec);
  obj.spec = spec;
  spec.minReplicas ??= 1;
  return hpaV1ToV2(obj);
}

function throughV2Update(strategy: UpdateStrategy): UpdateStrategy {
  return {
    prepareForUpdate(obj, old) {
      const v2 = defaultV1(obj);
      strategy.prepareForUpdate(v2, hpaV1ToV2(old));
      replaceWith(obj, hpaV2ToV1(v2));
    },
    validateUpdate: (obj, old) => strategy.validateUpdate(hpaV1ToV2(obj), hpaV1ToV2(old)),
  };
}

const v1Strategy = {
  prepareForCreate(obj) {
    const v2 = defaultV1(obj);
    horizontalPodAutoscalerStrategy.prepareForCreate(v2);
    replaceWith(obj, hpaV2ToV1(v2));
  },
  validate: (obj) => horizontalPodAutoscalerStrategy.validate(hpaV1ToV2(obj)),
  ...throughV2Update(horizontalPodAutoscalerStrategy),
} satisfies Strategy;

const columns = (toV2: (o: KubeObject) => KubeObject) => [
  kindColumn('Reference', 'scaleTargetRef points to the target resource to scale, and is used to the pods for which metrics should be collected, as well as to actually change the replica count.', (o) =>
    `${String(field(o, 'spec', 'scaleTargetRef', 'kind') ?? '')}/${String(field(o, 'spec', 'scaleTargetRef', 'name') ?? '')}`),
  kindColumn('Targets', 'metrics contains the specifications for which to use to calculate the desired replica count (the maximum replica count across all metrics will be used).  The desired replica count is calculated multiplying the ratio between the target value and the current value by the current number of pods.  Ergo, metrics used must decrease as the pod count is increased, and vice-versa.  See the individual metric source types for more information about how each type of metric must respond. If not set, the default metric will be set to 80% average CPU utilization.', (o) => hpaTargets(toV2(o))),
  kindColumn('MinPods', 'minReplicas is the lower limit for the number of replicas to which the autoscaler can scale down.  It defaults to 1 pod.  minReplicas is allowed to be 0 if the alpha feature gate HPAScaleToZero is enabled and at least one Object or External metric is configured.  Scaling is active as long as at least one metric value is available.', (o) => {
    const min = field(o, 'spec', 'minReplicas');
    return min === undefined ? '<unset>' : String(min);
  }),
  kindColumn('MaxPods', 'maxReplicas is the upper limit for the number of replicas to which the autoscaler can scale up. It cannot be less that minReplicas.', (o) => Number(field(o, 'spec', 'maxReplicas') ?? 0)),
  kindColumn('Replicas', 'currentReplicas is current number of replicas of pods managed by this autoscaler, as last seen by the autoscaler.', (o) => Number(field(o, 'status', 'currentReplicas') ?? 0)),
];

const hpaNames = { resource: 'horizontalpodautoscalers', kind: 'HorizontalPodAutoscaler', namespaced: true, shortNames: ['hpa'], categories: ['all'], bucket: 'autoscaling/horizontalpodautoscalers' };

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
  strategy: v1Strategy,
  subresources: { status: throughV2Update(hpaStatusStrategy) },
  columns: columns(hpaV1ToV2),
  conversion: { fromStorage: hpaV2ToV1, toStorage: hpaV1ToV2 },
});
horizontalPodAutoscalersV1.storageVersion = 'v2';
horizontalPodAutoscalersV1.wireEqualsStorage = false;

export const autoscalingKinds: ResourceInfo[] = [horizontalPodAutoscalersV2, horizontalPodAutoscalersV1];
