/**
 * ApplicationReconciler: reads the Application, its Deployment and its Service from the
 * caches, makes the one write planApplication chooses, records an Event, and returns. It never
 * writes the Application's spec, only its status subresource. Nothing here waits: an owned
 * object's watch event (the Deployment controller writing replica counts, someone editing the
 * Deployment) brings the Application back.
 *
 * A 409 Conflict is not caught: the controller counts it as a conflict and requeues quietly.
 */
import { isAlreadyExists, StatusError } from '@dojo/kube-api';
import { builtinTypes, type Client, type Clock, type EventRecorder, type ReconcileContext, type Reconciler, type Request, type Result } from '@dojo/runtime';
import type { Deployment } from '../../api/workloads.ts';
import { readIfExists } from '../../read-if-exists.ts';
import { conditionStatus } from '../../status-conditions.ts';
import { applicationType, type Application, type ApplicationStatus } from './application.ts';
import { planApplication, settle, type ApplicationAction, type ApplicationObservation } from './application-plan.ts';
import type { Service } from './application-workload.ts';

export interface ApplicationReconcilerDeps {
  client: Client;
  clock: Clock;
  events: EventRecorder;
}

export class ApplicationReconciler implements Reconciler {
  readonly #deps: ApplicationReconcilerDeps;

  constructor(deps: ApplicationReconcilerDeps) {
    this.#deps = deps;
  }

  async reconcile(request: Request, context: ReconcileContext): Promise<Result | void> {
    const { client, clock } = this.#deps;
    const app = await readIfExists<Application>(client, applicationType, request, context.signal);
    // Deleted, or being deleted: garbage collection removes what it owns.
    if (!app || app.metadata.deletionTimestamp) return;
    const [deployment, service] = await Promise.all([
      readIfExists<Deployment>(client, builtinTypes.deployments, request, context.signal),
      readIfExists<Service>(client, builtinTypes.services, request, context.signal),
    ]);
    const observed: ApplicationObservation = { ...(deployment ? { deployment } : {}), ...(service ? { service } : {}) };
    return this.#carryOut(app, observed, planApplication(app, observed, clock.now()), context.signal);
  }

  async #carryOut(app: Application, observed: ApplicationObservation, action: ApplicationAction, signal: AbortSignal): Promise<Result | void> {
    const { client, events } = this.#deps;
    switch (action.type) {
      case 'create':
      case 'update': {
        const type = action.kind === 'Service' ? builtinTypes.services : builtinTypes.deployments;
        try {
          if (action.type === 'create') await client.create(type, action.object, { signal });
          else await client.update(type, action.object, { signal });
        } catch (error) {
          // Our own create the cache has not seen yet: look again soon.
          if (isAlreadyExists(error)) return { requeue: true };
          if (isRejected(error)) return this.#rejected(app, observed, action.kind, error, signal);
          throw error;
        }
        const verb = action.type === 'create' ? 'Created' : 'Updated';
        events.record(app, 'Normal', `${action.kind}${verb}`, `${verb} ${action.kind} ${action.object.metadata.name}`);
        return;
      }
      case 'status':
        return this.#writeStatus(app, action.status, signal);
      case 'none':
        return;
    }
  }

  /**
   * The API server refused an object built from this spec (say, a name too long for a label
   * value): Degraded, and no retry — only a spec change can fix it, and its watch event brings
   * the next pass.
   */
  async #rejected(app: Application, observed: ApplicationObservation, kind: string, error: StatusError, signal: AbortSignal): Promise<void> {
    const failure = { reason: `Invalid${kind}`, message: `The API server rejected the ${kind}: ${error.message}` };
    const action = settle(app, observed, failure, this.#deps.clock.now());
    if (action.type === 'status') await this.#writeStatus(app, action.status, signal);
  }

  async #writeStatus(app: Application, status: ApplicationStatus, signal: AbortSignal): Promise<void> {
    await this.#deps.client.updateStatus(applicationType, { ...app, status }, { signal });
    const before = app.status?.conditions;
    for (const condition of status.conditions ?? []) {
      if (conditionStatus(before, condition.type) === condition.status) continue;
      if (condition.type === 'Degraded' && condition.status === 'True') this.#deps.events.record(app, 'Warning', condition.reason, condition.message);
      if (condition.type === 'Available')
        this.#deps.events.record(
          app,
          condition.status === 'True' ? 'Normal' : 'Warning',
          condition.status === 'True' ? 'Available' : 'Unavailable',
          condition.message,
        );
    }
  }
}

/** 422 Invalid or 400 BadRequest: the object itself is wrong, not the moment. */
function isRejected(error: unknown): error is StatusError {
  return error instanceof StatusError && (error.code === 422 || error.code === 400);
}
