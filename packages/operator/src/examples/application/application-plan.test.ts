import { describe, expect, it } from 'vitest';
import type { Deployment } from '../../api/workloads.ts';
import type { Application } from './application.ts';
import { planApplication } from './application-plan.ts';
import { desiredDeployment, desiredService, type Service } from './application-workload.ts';

const now = Date.parse('2026-01-01T00:00:00Z');

function app(spec: Partial<Application['spec']> = {}, status?: Application['status']): Application {
  return {
    apiVersion: 'minetto.dev/v1alpha1',
    kind: 'Application',
    metadata: { namespace: 'ns', name: 'web', uid: 'uid-1', generation: 1 },
    spec: { image: 'nginx:latest', replicas: 2, port: 80, ...spec },
    ...(status ? { status } : {}),
  };
}

/** What the API server would hand back: our object plus fields it defaulted. */
function stored<T extends Deployment | Service>(object: T): T {
  const copy = structuredClone(object);
  copy.metadata.generation = 1;
  (copy.spec as Record<string, unknown>).defaultedByServer = true;
  return copy;
}

describe('planApplication', () => {
  it('creates the Deployment first, then the Service', () => {
    expect(planApplication(app(), {}, now)).toMatchObject({ type: 'create', kind: 'Deployment' });
    expect(planApplication(app(), { deployment: stored(desiredDeployment(app())) }, now)).toMatchObject({ type: 'create', kind: 'Service' });
  });

  it('does not take server defaulting for drift, but does set back replicas, image and port', () => {
    const deployment = stored(desiredDeployment(app()));
    const service = stored(desiredService(app()));
    expect(planApplication(app(), { deployment, service }, now).type).toBe('status');

    const scaled = structuredClone(deployment);
    scaled.spec!.replicas = 9;
    const fix = planApplication(app(), { deployment: scaled, service }, now);
    expect(fix).toMatchObject({ type: 'update', kind: 'Deployment', object: { spec: { replicas: 2, defaultedByServer: true } } });

    const moved = planApplication(app({ port: 8080, image: 'nginx:1.27' }), { deployment, service }, now);
    expect(moved).toMatchObject({
      type: 'update',
      kind: 'Deployment',
      object: { spec: { template: { spec: { containers: [{ image: 'nginx:1.27', ports: [{ containerPort: 8080 }] }] } } } },
    });
  });

  it('writes status once, then nothing until something changes', () => {
    const deployment = stored(desiredDeployment(app()));
    deployment.status = { observedGeneration: 1, replicas: 2, readyReplicas: 2, updatedReplicas: 2, availableReplicas: 2 };
    const observed = { deployment, service: stored(desiredService(app())) };
    const first = planApplication(app(), observed, now);
    if (first.type !== 'status') throw new Error(`expected a status write, got ${first.type}`);
    expect(first.status.readyReplicas).toBe(2);
    expect(first.status.conditions?.map((c) => [c.type, c.status, c.reason])).toEqual([
      ['Available', 'True', 'MinimumReplicasAvailable'],
      ['Progressing', 'False', 'Reconciled'],
      ['Degraded', 'False', 'AsExpected'],
    ]);
    expect(planApplication(app({}, first.status), observed, now + 60_000)).toEqual({ type: 'none' });
  });

  it('is Degraded, not a writer, when the Service belongs to someone else', () => {
    const service = stored(desiredService(app()));
    service.metadata.ownerReferences = [];
    const plan = planApplication(app(), { deployment: stored(desiredDeployment(app())), service }, now);
    if (plan.type !== 'status') throw new Error(`expected a status write, got ${plan.type}`);
    expect(plan.status.conditions?.find((c) => c.type === 'Degraded')).toMatchObject({ status: 'True', reason: 'ServiceConflict' });
    expect(plan.status.conditions?.find((c) => c.type === 'Progressing')).toMatchObject({ status: 'False' });
  });
});
