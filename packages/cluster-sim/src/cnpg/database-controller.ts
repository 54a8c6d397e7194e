/** Wires the CloudNativePG Database simulator: Databases are reconciled, their Secrets bring them back. */
import { builtinTypes, type Controller, ControllerBuilder, type EventRecorder, type Manager } from '@dojo/runtime';
import { systemControllers } from '../system-controllers.ts';
import { DatabaseReconciler } from './database-reconciler.ts';
import { databases } from './database-types.ts';

export function addDatabaseController(manager: Manager, recorder: EventRecorder, workers: number): Controller {
  return ControllerBuilder.create(manager)
    .named(systemControllers.database.name)
    .for(databases)
    .owns(builtinTypes.secrets)
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(new DatabaseReconciler(manager.client, recorder));
}
