/**
 * autoscaling/v1 <-> autoscaling/v2 HorizontalPodAutoscalers, as pkg/apis/autoscaling/v1/conversion.go
 * converts them. v1 holds one metric, targetCPUUtilizationPercentage; everything else v2 says
 * travels in annotations (`autoscaling.alpha.kubernetes.io/metrics`, `.../current-metrics`,
 * `.../conditions`, `.../behavior`) so that a v1 client's read-modify-write keeps it. A v1 object
 * without any metric gets kube's implicit 80% CPU target on the way in.
 */
import type { KubeObject } from '@dojo/kube-api';
import { metricSourceField } from './hpa-metric-source.ts';
import { record } from './unstructured.ts';

type Json = Record<string, unknown>;

const metricsAnnotation = 'autoscaling.alpha.kubernetes.io/metrics';
const currentMetricsAnnotation = 'autoscaling.alpha.kubernetes.io/current-metrics';
const conditionsAnnotation = 'autoscaling.alpha.kubernetes.io/conditions';
const behaviorAnnotation = 'autoscaling.alpha.kubernetes.io/behavior';
const roundTripAnnotations = [
  metricsAnnotation,
  behaviorAnnotation,
  'autoscaling.alpha.kubernetes.io/scale-down-tolerance',
  'autoscaling.alpha.kubernetes.io/scale-up-tolerance',
  currentMetricsAnnotation,
  conditionsAnnotation,
];

/** kube's implicit target when an HPA names no metric (autoscaling.DefaultCPUUtilization). */
export const defaultCpuUtilization = 80;

/** Drops undefined members, as Go's omitempty would for nil pointers. */
function compact(obj: Json): Json {
  return Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined));
}

const isCpuUtilizationMetric = (m: Json): boolean =>
  m.type === 'Resource' && record(m.resource).name === 'cpu' && record(record(m.resource).target).averageUtilization !== undefined;

function metricSpecToV1(m: Json): Json {
  const out: Json = { type: m.type };
  const source = record(m[metricSourceField(m.type)]);
  const target = record(source.target);
  const metric = record(source.metric);
  switch (m.type) {
    case 'Object':
      out.object = compact({
        target: source.describedObject,
        metricName: metric.name ?? '',
        targetValue: target.value ?? '0',
        selector: metric.selector,
        averageValue: target.averageValue,
      });
      break;
    case 'Pods':
      out.pods = compact({ metricName: metric.name ?? '', targetAverageValue: target.averageValue ?? '0', selector: metric.selector });
      break;
    case 'Resource':
      out.resource = compact({ name: source.name ?? '', targetAverageUtilization: target.averageUtilization, targetAverageValue: target.averageValue });
      break;
    case 'ContainerResource':
      out.containerResource = compact({
        name: source.name ?? '',
        targetAverageUtilization: target.averageUtilization,
        targetAverageValue: target.averageValue,
        container: source.container ?? '',
      });
      break;
    case 'External':
      out.external = compact({
        metricName: metric.name ?? '',
        metricSelector: metric.selector,
        targetValue: target.value,
        targetAverageValue: target.averageValue,
      });
      break;
  }
  return out;
}

function metricSpecToV2(m: Json): Json {
  const out: Json = { type: m.type };
  switch (m.type) {
    case 'Object': {
      const s = record(m.object);
      const target =
        s.averageValue === undefined
          ? { type: 'Value', value: s.targetValue }
          : compact({ type: 'AverageValue', value: s.targetValue && s.targetValue !== '0' ? s.targetValue : undefined, averageValue: s.averageValue });
      out.object = { describedObject: s.target, target, metric: compact({ name: s.metricName, selector: s.selector }) };
      break;
    }
    case 'Pods': {
      const s = record(m.pods);
      out.pods = { metric: compact({ name: s.metricName, selector: s.selector }), target: { type: 'AverageValue', averageValue: s.targetAverageValue } };
      break;
    }
    case 'Resource':
    case 'ContainerResource': {
      const key = m.type === 'Resource' ? 'resource' : 'containerResource';
      const s = record(m[key]);
      const target = compact({
        type: s.targetAverageUtilization === undefined ? 'AverageValue' : 'Utilization',
        averageValue: s.targetAverageValue,
        averageUtilization: s.targetAverageUtilization,
      });
      out[key] = compact({ name: s.name, target, container: s.container });
      break;
    }
    case 'External': {
      const s = record(m.external);
      out.external = {
        metric: compact({ name: s.metricName, selector: s.metricSelector }),
        target: compact({ type: s.targetValue === undefined ? 'AverageValue' : 'Value', value: s.targetValue, averageValue: s.targetAverageValue }),
      };
      break;
    }
  }
  return out;
}

function metricStatusToV1(m: Json): Json {
  const out: Json = { type: m.type };
  const key = metricSourceField(m.type);
  const s = record(m[key]);
  const current = record(s.current);
  const metric = record(s.metric);
  switch (m.type) {
    case 'Object':
      out.object = compact({
        target: s.describedObject,
        metricName: metric.name ?? '',
        currentValue: current.value ?? '0',
        selector: metric.selector,
        averageValue: current.averageValue,
      });
      break;
    case 'Pods':
      out.pods = compact({ metricName: metric.name ?? '', currentAverageValue: current.averageValue ?? '0', selector: metric.selector });
      break;
    case 'Resource':
    case 'ContainerResource':
      out[key] = compact({
        name: s.name ?? '',
        currentAverageUtilization: current.averageUtilization,
        currentAverageValue: current.averageValue ?? '0',
        container: m.type === 'ContainerResource' ? (s.container ?? '') : undefined,
      });
      break;
    case 'External':
      out.external = compact({
        metricName: metric.name ?? '',
        metricSelector: metric.selector,
        currentValue: current.value ?? '0',
        currentAverageValue: current.averageValue,
      });
      break;
  }
  return out;
}

function metricStatusToV2(m: Json): Json {
  const out: Json = { type: m.type };
  const key = metricSourceField(m.type);
  const s = record(m[key]);
  switch (m.type) {
    case 'Object':
      out.object = {
        metric: compact({ name: s.metricName, selector: s.selector }),
        current: compact({ value: s.currentValue, averageValue: s.averageValue }),
        describedObject: s.target,
      };
      break;
    case 'Pods':
      out.pods = { metric: compact({ name: s.metricName, selector: s.selector }), current: { averageValue: s.currentAverageValue } };
      break;
    case 'Resource':
    case 'ContainerResource':
      out[key] = compact({
        name: s.name,
        current: compact({ averageValue: s.currentAverageValue, averageUtilization: s.currentAverageUtilization }),
        container: s.container,
      });
      break;
    case 'External':
      out.external = {
        metric: compact({ name: s.metricName, selector: s.metricSelector }),
        current: compact({ value: s.currentValue, averageValue: s.currentAverageValue }),
      };
      break;
  }
  return out;
}

/** The behavior annotation holds the internal Go type, marshalled without json tags (its field names). */
function behaviorToAnnotation(behavior: Json): string {
  const rules = (r: unknown): Json | null => {
    if (r === undefined || r === null) return null;
    const v = record(r);
    return {
      StabilizationWindowSeconds: v.stabilizationWindowSeconds ?? null,
      SelectPolicy: v.selectPolicy ?? null,
      Policies: Array.isArray(v.policies)
        ? v.policies.map((p) => ({ Type: record(p).type ?? '', Value: record(p).value ?? 0, PeriodSeconds: record(p).periodSeconds ?? 0 }))
        : null,
      Tolerance: v.tolerance ?? null,
    };
  };
  return JSON.stringify({ ScaleUp: rules(behavior.scaleUp), ScaleDown: rules(behavior.scaleDown) });
}

function behaviorFromAnnotation(text: string): Json | undefined {
  let parsed: Json;
  try {
    parsed = record(JSON.parse(text));
  } catch {
    return undefined;
  }
  const rules = (r: unknown): Json | undefined => {
    if (r === undefined || r === null) return undefined;
    const v = record(r);
    const policies = Array.isArray(v.Policies)
      ? v.Policies.map((p) => ({ type: record(p).Type, value: record(p).Value, periodSeconds: record(p).PeriodSeconds }))
      : undefined;
    return compact({
      stabilizationWindowSeconds: v.StabilizationWindowSeconds ?? undefined,
      selectPolicy: v.SelectPolicy ?? undefined,
      policies,
      tolerance: v.Tolerance ?? undefined,
    });
  };
  const behavior = compact({ scaleUp: rules(parsed.ScaleUp), scaleDown: rules(parsed.ScaleDown) });
  return Object.keys(behavior).length ? behavior : undefined;
}

function withoutRoundTripAnnotations(obj: KubeObject): Record<string, string> | undefined {
  const annotations = obj.metadata.annotations;
  if (!annotations) return undefined;
  const kept = { ...annotations };
  for (const key of roundTripAnnotations) delete kept[key];
  return kept;
}

function parseList(text: string | undefined): Json[] | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed.map(record) : undefined;
  } catch {
    return undefined;
  }
}

/** Convert_autoscaling_HorizontalPodAutoscaler_To_v1_HorizontalPodAutoscaler (stored v2 -> v1). */
export function hpaV2ToV1(obj: KubeObject): KubeObject {
  const spec = record(obj.spec);
  const status = record(obj.status);
  const metrics = ((spec.metrics as unknown[] | undefined) ?? []).map(record);
  const annotations: Record<string, string> = withoutRoundTripAnnotations(obj) ?? {};
  const otherMetrics = metrics.filter((m) => !isCpuUtilizationMetric(m)).map(metricSpecToV1);
  const currentMetrics = ((status.currentMetrics as unknown[] | undefined) ?? []).map(record);
  const conditions = (status.conditions as unknown[] | undefined) ?? [];
  if (otherMetrics.length) annotations[metricsAnnotation] = JSON.stringify(otherMetrics);
  if (currentMetrics.length) annotations[currentMetricsAnnotation] = JSON.stringify(currentMetrics.map(metricStatusToV1));
  if (spec.behavior !== undefined) annotations[behaviorAnnotation] = behaviorToAnnotation(record(spec.behavior));
  if (conditions.length) annotations[conditionsAnnotation] = JSON.stringify(conditions);
  const metadata = { ...obj.metadata };
  if (Object.keys(annotations).length) metadata.annotations = annotations;
  else delete metadata.annotations;

  const cpu = metrics.find(isCpuUtilizationMetric);
  const currentCpu = currentMetrics.find(
    (m) => m.type === 'Resource' && record(m.resource).name === 'cpu' && record(record(m.resource).current).averageUtilization !== undefined,
  );
  const out: KubeObject = {
    ...obj,
    apiVersion: 'autoscaling/v1',
    metadata,
    spec: compact({
      scaleTargetRef: spec.scaleTargetRef,
      minReplicas: spec.minReplicas,
      maxReplicas: spec.maxReplicas,
      targetCPUUtilizationPercentage: cpu ? record(record(cpu.resource).target).averageUtilization : undefined,
    }),
  };
  if (obj.status !== undefined) {
    out.status = compact({
      observedGeneration: status.observedGeneration,
      lastScaleTime: status.lastScaleTime,
      currentReplicas: status.currentReplicas ?? 0,
      desiredReplicas: status.desiredReplicas ?? 0,
      currentCPUUtilizationPercentage: currentCpu ? record(record(currentCpu.resource).current).averageUtilization : undefined,
    });
  }
  return out;
}

/** Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler (v1 -> stored v2). */
export function hpaV1ToV2(obj: KubeObject): KubeObject {
  const spec = record(obj.spec);
  const status = record(obj.status);
  const annotations = obj.metadata.annotations ?? {};
  const cpuTarget = spec.targetCPUUtilizationPercentage;
  const cpuMetric = (utilization: unknown): Json => ({
    type: 'Resource',
    resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: utilization } },
  });
  let metrics: Json[] = cpuTarget !== undefined ? [cpuMetric(cpuTarget)] : [];
  const other = parseList(annotations[metricsAnnotation]);
  if (other) metrics = [...other.map(metricSpecToV2), ...metrics];
  // autoscaling/v1 had an implicit CPU target applied by the controller; v2 states it.
  if (metrics.length === 0) metrics = [cpuMetric(defaultCpuUtilization)];
  const behavior = annotations[behaviorAnnotation] !== undefined ? behaviorFromAnnotation(annotations[behaviorAnnotation]) : undefined;

  const v2Spec = compact({ scaleTargetRef: spec.scaleTargetRef, minReplicas: spec.minReplicas, maxReplicas: spec.maxReplicas, metrics, behavior });
  const metadata = { ...obj.metadata };
  const kept = withoutRoundTripAnnotations(obj);
  if (kept && Object.keys(kept).length) metadata.annotations = kept;
  else delete metadata.annotations;
  const out: KubeObject = { ...obj, apiVersion: 'autoscaling/v2', metadata, spec: v2Spec };
  if (obj.status !== undefined) {
    let currentMetrics: Json[] | undefined =
      status.currentCPUUtilizationPercentage !== undefined
        ? [{ type: 'Resource', resource: { name: 'cpu', current: { averageUtilization: status.currentCPUUtilizationPercentage } } }]
        : undefined;
    const fromAnnotation = parseList(annotations[currentMetricsAnnotation]);
    if (fromAnnotation) currentMetrics = fromAnnotation.map(metricStatusToV2);
    const conditions = parseList(annotations[conditionsAnnotation]);
    out.status = compact({
      observedGeneration: status.observedGeneration,
      lastScaleTime: status.lastScaleTime,
      currentReplicas: status.currentReplicas || undefined,
      desiredReplicas: status.desiredReplicas ?? 0,
      currentMetrics: currentMetrics ?? null,
      conditions,
    });
  }
  return out;
}
