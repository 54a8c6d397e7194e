/** Every built-in resource the embedded server serves. */
import type { ResourceInfo } from '../resource-info.ts';
import { deployments, leases, replicasets } from './apps-kinds.ts';
import { coreKinds } from './core-kinds.ts';
import { customResourceDefinitions } from './crd-kind.ts';
import { eventsV1 } from './events-v1.ts';
import { rbacKinds } from './rbac-kinds.ts';
import { reviewKinds } from './review-kinds.ts';

export const builtinResources: ResourceInfo[] = [...coreKinds, deployments, replicasets, leases, eventsV1, customResourceDefinitions, ...rbacKinds, ...reviewKinds];
