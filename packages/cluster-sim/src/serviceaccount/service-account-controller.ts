/**
 * kube's serviceaccounts-controller: every active Namespace has a ServiceAccount named
 * `default`; deleting it brings it back. A terminating Namespace gets nothing new.
 */
import { isAlreadyExists, isNotFound } from '@dojo/kube-api';
import { builtinTypes, type Client, type Controller, ControllerBuilder, type Manager, type Reconciler, type Request, type Result } from '@dojo/runtime';
import { isNamespaceTerminating } from '../core/api-errors.ts';
import { activeNamespace } from '../namespace/active-namespace.ts';
import { systemControllers } from '../system-controllers.ts';

const { namespaces, serviceAccounts } = builtinTypes;

export const defaultServiceAccountName = 'default';

class ServiceAccountReconciler implements Reconciler {
  readonly #client: Client;

  constructor(client: Client) {
    this.#client = client;
  }

  async reconcile(request: Request): Promise<Result | void> {
    if (!(await activeNamespace(this.#client, request.name))) return;
    try {
      await this.#client.get(serviceAccounts, { namespace: request.name, name: defaultServiceAccountName });
      return;
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    try {
      await this.#client.create(serviceAccounts, {
        apiVersion: 'v1',
        kind: 'ServiceAccount',
        metadata: { name: defaultServiceAccountName, namespace: request.name },
      });
    } catch (error) {
      if (!isAlreadyExists(error) && !isNamespaceTerminating(error)) throw error;
    }
  }
}

export function addServiceAccountController(manager: Manager, workers: number): Controller {
  return ControllerBuilder.create(manager)
    .named(systemControllers.serviceAccount.name)
    .for(namespaces)
    .watches(serviceAccounts, (sa) => (sa.metadata.name === defaultServiceAccountName ? [{ name: sa.metadata.namespace ?? '' }] : []))
    .withOptions({ maxConcurrentReconciles: workers })
    .complete(new ServiceAccountReconciler(manager.client));
}
