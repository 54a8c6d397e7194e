/**
 * HorizontalPodAutoscalers' write rules (pkg/registry/autoscaling/horizontalpodautoscaler,
 * pkg/apis/autoscaling/v2/defaults.go), for both served versions: they run on the v2 form, as
 * kube runs them on the internal type; a v1 request is converted in and back out.
 */
import type { KubeObject } from '@dojo/kube-api';
import { bumpGenerationOnChange, startGeneration } from '../generation.ts';
import { keepStoredStatus, statusStrategy } from '../status-strategy.ts';
import type { Strategy, UpdateStrategy } from '../strategy.ts';
import { defaultCpuUtilization, hpaV1ToV2, hpaV2ToV1 } from './hpa-conversion.ts';
import { validateHorizontalPodAutoscaler } from './hpa-validation.ts';
import { childRecord, record } from './unstructured.ts';

/** autoscaling/v2 defaults.go: the scale-up and scale-down rules a behavior gets for what it leaves out. */
const defaultScaleUp = {
  stabilizationWindowSeconds: 0,
  selectPolicy: 'Max',
  policies: [
    { type: 'Pods', value: 4, periodSeconds: 15 },
    { type: 'Percent', value: 100, periodSeconds: 15 },
  ],
};
const defaultScaleDown = { selectPolicy: 'Max', policies: [{ type: 'Percent', value: 100, periodSeconds: 15 }] };

function withDefaults(rules: unknown, defaults: Record<string, unknown>): Record<string, unknown> {
  if (rules === undefined) return structuredClone(defaults);
  return { ...structuredClone(defaults), ...Object.fromEntries(Object.entries(record(rules)).filter(([, v]) => v !== undefined && v !== null)) };
}

/** SetDefaults_HorizontalPodAutoscaler (v2): minReplicas 1, an 80% CPU target when no metric is named, full behavior rules. */
function defaultHpa(obj: KubeObject): void {
  const spec = childRecord(obj, 'spec');
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
    // v2's currentMetrics has no omitempty: an HPA nobody has measured says `currentMetrics: null`.
    obj.status = { currentMetrics: null, desiredReplicas: 0 };
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

const keepingStoredSpec = statusStrategy(horizontalPodAutoscalerStrategy);

/** `/status`: the stored spec; a status written without currentMetrics stores (and shows) null, as Go's encoding does. */
export const hpaStatusStrategy = {
  ...keepingStoredSpec,
  prepareForUpdate(obj, old) {
    keepingStoredSpec.prepareForUpdate(obj, old);
    if (obj.status && typeof obj.status === 'object' && !Array.isArray(obj.status)) {
      const status = obj.status as Record<string, unknown>;
      status.currentMetrics ??= null;
    }
  },
} satisfies UpdateStrategy;

/** Replaces the contents of `target` with `source` (strategies change objects in place). */
function replaceWith(target: KubeObject, source: KubeObject): void {
  for (const key of Object.keys(target)) delete target[key];
  Object.assign(target, source);
}

/** v1 requests: kube defaults v1 (minReplicas), converts to the internal (v2) form and applies the strategy there. */
function defaultV1(obj: KubeObject): KubeObject {
  const spec = childRecord(obj, 'spec');
  spec.minReplicas ??= 1;
  return hpaV1ToV2(obj);
}

export function throughV2Update(strategy: UpdateStrategy): UpdateStrategy {
  return {
    prepareForUpdate(obj, old) {
      const v2 = defaultV1(obj);
      strategy.prepareForUpdate(v2, hpaV1ToV2(old));
      replaceWith(obj, hpaV2ToV1(v2));
    },
    validateUpdate: (obj, old) => strategy.validateUpdate(hpaV1ToV2(obj), hpaV1ToV2(old)),
  };
}

export const horizontalPodAutoscalerV1Strategy = {
  prepareForCreate(obj) {
    const v2 = defaultV1(obj);
    horizontalPodAutoscalerStrategy.prepareForCreate(v2);
    replaceWith(obj, hpaV2ToV1(v2));
  },
  validate: (obj) => horizontalPodAutoscalerStrategy.validate(hpaV1ToV2(obj)),
  ...throughV2Update(horizontalPodAutoscalerStrategy),
} satisfies Strategy;
