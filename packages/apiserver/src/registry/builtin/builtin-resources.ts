/** Every built-in resource the embedded server serves. */
import type { ResourceInfo } from '../resource-info.ts';
import { deployments, leases, replicasets } from './apps-kinds.ts';
import { controllerrevisions, daemonsets, statefulsets } from './apps-workload-kinds.ts';
import { cronjobs, jobs } from './batch-kinds.ts';
import { coreClusterKinds } from './core-cluster-kinds.ts';
import { coreKinds } from './core-kinds.ts';
import { customResourceDefinitions } from './crd-kind.ts';
import { eventsV1 } from './events-v1.ts';
import { rbacKinds } from './rbac-kinds.ts';

export const builtinResources: ResourceInfo[] = [
  ...coreKinds, deployments, replicasets, leases, eventsV1, customResourceDefinitions, ...rbacKinds,
  ...coreClusterKinds,
  statefulsets, daemonsets, controllerrevisions,
  jobs, cronjobs,
];
