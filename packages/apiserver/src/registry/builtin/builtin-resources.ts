/** Every built-in resource the embedded server serves. */
import type { ResourceInfo } from '../resource-info.ts';
import { admissionKinds } from './admission-kinds.ts';
import { deployments, leases, replicasets } from './apps-kinds.ts';
import { autoscalingKinds } from './autoscaling-kinds.ts';
import { controllerrevisions, daemonsets, statefulsets } from './apps-workload-kinds.ts';
import { cronjobs, jobs } from './batch-kinds.ts';
import { coreClusterKinds } from './core-cluster-kinds.ts';
import { coreKinds } from './core-kinds.ts';
import { customResourceDefinitions } from './crd-kind.ts';
import { endpointSlices } from './discovery-kinds.ts';
import { eventsV1 } from './events-v1.ts';
import { networkingKinds } from './networking-kinds.ts';
import { podDisruptionBudgets } from './policy-kinds.ts';
import { rbacKinds } from './rbac-kinds.ts';
import { priorityClasses } from './scheduling-kinds.ts';
import { reviewKinds } from './review-kinds.ts';
import { storageClasses } from './storage-kinds.ts';

export const builtinResources: ResourceInfo[] = [
  ...coreKinds,
  deployments,
  replicasets,
  leases,
  eventsV1,
  customResourceDefinitions,
  ...rbacKinds,
  ...coreClusterKinds,
  statefulsets,
  daemonsets,
  controllerrevisions,
  jobs,
  cronjobs,
  ...networkingKinds,
  podDisruptionBudgets,
  ...autoscalingKinds,
  endpointSlices,
  storageClasses,
  priorityClasses,
  ...reviewKinds,
  ...admissionKinds,
];
