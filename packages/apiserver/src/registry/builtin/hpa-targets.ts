/**
 * The TARGETS column of `kubectl get hpa` (printers.go formatHPAMetrics): per metric
 * "<current>/<target>", "<unknown>" before the controller has measured, at most two then
 * "+ N more...". Works on the v2 form.
 */
import type { KubeObject } from '@dojo/kube-api';
import { metricSourceField } from './hpa-metric-source.ts';
import { field, record } from './unstructured.ts';

type Json = Record<string, unknown>;

const text = (value: unknown): string => (value === undefined || value === null ? '<nil>' : String(value));

function formatMetric(spec: Json, status: Json | undefined): string {
  const type = String(spec.type ?? '');
  const key = metricSourceField(type);
  const target = record(field(spec, key, 'target'));
  const current = status && status.type === type ? record(field(status, key, 'current')) : undefined;
  switch (type) {
    case 'External':
    case 'Object':
      if (target.averageValue !== undefined)
        return `${current?.averageValue !== undefined ? text(current.averageValue) : '<unknown>'}/${text(target.averageValue)} (avg)`;
      return `${current ? text(current.value) : '<unknown>'}/${text(target.value)}`;
    case 'Pods':
      return `${current ? text(current.averageValue) : '<unknown>'}/${text(target.averageValue)}`;
    case 'Resource':
    case 'ContainerResource': {
      const name = String(field(spec, key, 'name') ?? '');
      if (target.averageValue !== undefined) return `${name}: ${current ? text(current.averageValue) : '<unknown>'}/${text(target.averageValue)}`;
      const now = current?.averageUtilization !== undefined ? `${String(current.averageUtilization)}%` : '<unknown>';
      const goal = target.averageUtilization !== undefined ? `${String(target.averageUtilization)}%` : '<auto>';
      return `${name}: ${now}/${goal}`;
    }
    default:
      return '<unknown type>';
  }
}

export function hpaTargets(hpa: KubeObject): string {
  const specs = ((field(hpa, 'spec', 'metrics') as unknown[] | undefined) ?? []).map(record);
  if (specs.length === 0) return '<none>';
  const statuses = ((field(hpa, 'status', 'currentMetrics') as unknown[] | undefined) ?? []).map(record);
  const list = specs.map((spec, i) => formatMetric(spec, statuses[i]));
  return list.length > 2 ? `${list.slice(0, 2).join(', ')} + ${list.length - 2} more...` : list.join(', ');
}
