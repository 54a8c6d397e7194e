/** minetto.dev/v1alpha1 Application (seed 003): the kind, its client address and its CRD. */
import type { Condition, KubeObject } from '@dojo/kube-api';
import type { ResourceType } from '@dojo/runtime';
import { readCrdFile } from '../crd-file.ts';

export interface ApplicationSpec {
  image: string;
  /** Defaulted to 1 by the CRD's schema. */
  replicas?: number;
  port: number;
}

export type ApplicationConditionType = 'Available' | 'Progressing' | 'Degraded';

export interface ApplicationStatus {
  observedGeneration?: number;
  readyReplicas?: number;
  conditions?: Condition[];
}

export interface Application extends KubeObject {
  spec: ApplicationSpec;
  status?: ApplicationStatus;
}

export const applicationType = {
  group: 'minetto.dev',
  version: 'v1alpha1',
  resource: 'applications',
  kind: 'Application',
  namespaced: true,
} as const satisfies ResourceType;

/** applications.minetto.dev, read from application/crd.yaml (a fresh copy on every call). */
export function applicationCrd(): KubeObject {
  return readCrdFile(new URL('./crd.yaml', import.meta.url));
}
