/**
 * The parts of apps/v1 Deployment and core/v1 Pod the Dojo reconciler writes or reads; the
 * rest of each object passes through untouched.
 */
import type { KubeObject, OwnerReference } from '@dojo/kube-api';

export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: unknown;
}

export interface EnvFromSource {
  prefix?: string;
  secretRef?: { name: string; optional?: boolean };
  configMapRef?: { name: string; optional?: boolean };
}

export interface Container {
  name: string;
  image?: string;
  env?: EnvVar[];
  envFrom?: EnvFromSource[];
  ports?: { containerPort: number; name?: string; protocol?: string }[];
  [field: string]: unknown;
}

export interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: { containers?: Container[]; [field: string]: unknown };
}

export interface Deployment extends KubeObject {
  spec?: {
    replicas?: number;
    selector?: { matchLabels?: Record<string, string> };
    template?: PodTemplate;
    [field: string]: unknown;
  };
  status?: {
    observedGeneration?: number;
    replicas?: number;
    readyReplicas?: number;
    updatedReplicas?: number;
    availableReplicas?: number;
    unavailableReplicas?: number;
  };
}

export interface ContainerState {
  waiting?: { reason?: string; message?: string };
  running?: { startedAt?: string };
  terminated?: { reason?: string; exitCode?: number; message?: string };
}

export interface ContainerStatus {
  name: string;
  ready?: boolean;
  restartCount?: number;
  state?: ContainerState;
  lastState?: ContainerState;
}

export interface Pod extends KubeObject {
  status?: { phase?: string; containerStatuses?: ContainerStatus[] };
}

/** An owner reference that makes `owner` the controller of the object carrying it. */
export function controllerReference(owner: KubeObject): OwnerReference {
  return {
    apiVersion: owner.apiVersion ?? '',
    kind: owner.kind ?? '',
    name: owner.metadata.name ?? '',
    uid: owner.metadata.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** metav1.IsControlledBy: the object's controller reference points at `owner`'s uid. */
export function isControlledBy(object: KubeObject, owner: KubeObject): boolean {
  return (object.metadata.ownerReferences ?? []).some((ref) => ref.controller === true && ref.uid === owner.metadata.uid);
}
