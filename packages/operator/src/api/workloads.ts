/**
 * The parts of apps/v1 Deployment and core/v1 Pod the Dojo reconciler writes or reads; the
 * rest of each object passes through untouched.
 */
import { newControllerRef, type KubeObject, type OwnerReference } from '@dojo/kube-api';

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
  image?: string | undefined;
  env?: EnvVar[] | undefined;
  envFrom?: EnvFromSource[];
  ports?: { containerPort: number; name?: string; protocol?: string }[] | undefined;
  [field: string]: unknown;
}

export interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: { containers?: Container[]; [field: string]: unknown };
}

export interface Deployment extends KubeObject {
  spec?: {
    replicas?: number | undefined;
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

/** The controller reference to `owner`, named by the apiVersion and kind it carries. */
export function controllerReference(owner: KubeObject): OwnerReference {
  return newControllerRef(owner, { apiVersion: owner.apiVersion ?? '', kind: owner.kind ?? '' });
}
