/**
 * What one Application reconcile does, decided from the Application and what the caches show:
 * at most ONE write, chosen in dependency order. Its watch event brings the next pass.
 *
 *   1. the Deployment: create, or set replicas/image/containerPort back (drift correction)
 *   2. the Service: create, or set port/targetPort/selector back
 *   3. status: readyReplicas and conditions mirrored from the Deployment
 *
 * An object of the Application's name that it does not control is never touched: that is a
 * Degraded status, not a write to someone else's object. Pure, so tested without a cluster.
 */
import { isControlledBy, jsonEqual } from '@dojo/kube-api';
import { type Deployment } from '../../api/workloads.ts';
import type { Application, ApplicationStatus } from './application.ts';
import { desiredApplicationStatus } from './application-status.ts';
import { desiredDeployment, desiredService, updatedDeployment, updatedService, type Service } from './application-workload.ts';

export interface ApplicationObservation {
  deployment?: Deployment;
  service?: Service;
}

export type ApplicationAction =
  | { type: 'create'; kind: 'Deployment'; object: Deployment }
  | { type: 'create'; kind: 'Service'; object: Service }
  | { type: 'update'; kind: 'Deployment'; object: Deployment }
  | { type: 'update'; kind: 'Service'; object: Service }
  | { type: 'status'; status: ApplicationStatus }
  | { type: 'none' };

export function planApplication(app: Application, observed: ApplicationObservation, now: number): ApplicationAction {
  const { deployment, service } = observed;
  if (!deployment) return { type: 'create', kind: 'Deployment', object: desiredDeployment(app) };
  if (!isControlledBy(deployment, app)) return settle(app, observed, conflict('Deployment', app), now);
  const deploymentFix = updatedDeployment(deployment, app);
  if (deploymentFix) return { type: 'update', kind: 'Deployment', object: deploymentFix };

  if (!service) return { type: 'create', kind: 'Service', object: desiredService(app) };
  if (!isControlledBy(service, app)) return settle(app, observed, conflict('Service', app), now);
  const serviceFix = updatedService(service, app);
  if (serviceFix) return { type: 'update', kind: 'Service', object: serviceFix };

  return settle(app, observed, undefined, now);
}

/** The status write this pass makes, or none when the status already says it. */
export function settle(
  app: Application,
  observed: ApplicationObservation,
  failure: { reason: string; message: string } | undefined,
  now: number,
): ApplicationAction {
  const status = desiredApplicationStatus(app, observed.deployment, failure, now);
  return jsonEqual(status, app.status ?? {}) ? { type: 'none' } : { type: 'status', status };
}

function conflict(kind: string, app: Application): { reason: string; message: string } {
  return { reason: `${kind}Conflict`, message: `${kind} ${app.metadata.name} exists and is not controlled by this Application` };
}
