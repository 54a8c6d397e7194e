/**
 * The member of an autoscaling/v2 MetricSpec or MetricStatus that holds its source: the metric
 * type with a lower-case first letter (`Resource` → `resource`, `ContainerResource` →
 * `containerResource`), as the Go types' json tags name them.
 */
export function metricSourceField(type: unknown): string {
  const name = String(type);
  return name.charAt(0).toLowerCase() + name.slice(1);
}
