/**
 * Health and readiness as Kubernetes probes read them (controller-runtime's healthz): a list
 * of named checks, healthy only when every one passes. A failing liveness check asks the
 * kubelet to restart the process; a failing readiness check takes it out of rotation.
 */

export interface HealthCheck {
  readonly name: string;
  readonly ok: boolean;
  readonly message?: string;
}

export interface HealthReport {
  readonly ok: boolean;
  readonly checks: readonly HealthCheck[];
}

export function healthReport(checks: readonly HealthCheck[]): HealthReport {
  return { ok: checks.every((c) => c.ok), checks };
}

export function check(name: string, ok: boolean, failure: string): HealthCheck {
  return ok ? { name, ok } : { name, ok, message: failure };
}
