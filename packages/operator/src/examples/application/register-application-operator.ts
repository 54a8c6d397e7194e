/**
 * Wires the Application example (seed 003) into a Manager: one controller, named
 * "application", For Application, Owns Deployment and Service. An owned object's watch event
 * maps to its controller owner's key, so the Deployment controller reporting replicas, or
 * someone scaling the Deployment by hand, re-triggers the Application.
 *
 * applicationCrd() must be installed (and Established) before `manager.start()`: the
 * Application informer has to list for the caches to sync.
 */
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager } from '@dojo/runtime';
import { listedUnder, type OperatorModule } from '../../operator-module.ts';
import { applicationCrd, applicationType } from './application.ts';
import { ApplicationReconciler } from './application-reconciler.ts';

export interface ApplicationOperatorOptions {
  /** Where Events go; by default the manager's recorder (core/v1 Events, off the reconcile path). */
  events?: EventRecorder;
  /** Workers. Default 1. */
  maxConcurrentReconciles?: number;
}

export function registerApplicationOperator(manager: Manager, options: ApplicationOperatorOptions = {}): Controller {
  manager.apiClient.types.register(applicationType);
  const events = options.events ?? manager.eventRecorderFor('application-operator');
  return ControllerBuilder.create(manager)
    .for(applicationType)
    .owns(builtinTypes.deployments)
    .owns(builtinTypes.services)
    .named('application')
    .withOptions(options.maxConcurrentReconciles ? { maxConcurrentReconciles: options.maxConcurrentReconciles } : {})
    .complete(new ApplicationReconciler({ client: manager.client, clock: manager.clock, events }));
}

/** Seed 003's Application as operators.ts lists it. */
export const applicationOperator = {
  name: 'application',
  seed: '003',
  description: 'the "first operator": owned Deployment and Service, conditions',
  docs: 'docs/examples/application.md',
  crds: () => [applicationCrd()],
  register: async (manager) => [listedUnder(registerApplicationOperator(manager), applicationType)],
} satisfies OperatorModule;
