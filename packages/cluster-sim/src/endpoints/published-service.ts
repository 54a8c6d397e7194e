/**
 * The first step of both endpoints controllers (kube's syncService in endpoints_controller.go
 * and endpointslice's reconciler): read the Service; a Service that is gone has its managed
 * objects cleaned up, and one without a selector, or being deleted, publishes nothing.
 */
import { isNotFound } from '@dojo/kube-api';
import { builtinTypes, type Client, type Request } from '@dojo/runtime';
import type { Service } from '../core/service-types.ts';

/** The Service to publish endpoints for; `'gone'` when it no longer exists; undefined when it publishes none. */
export async function publishedService(client: Client, request: Request): Promise<Service | 'gone' | undefined> {
  let service: Service;
  try {
    service = await client.get<Service>(builtinTypes.services, request);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    return 'gone';
  }
  return !service.spec.selector || service.metadata.deletionTimestamp ? undefined : service;
}
