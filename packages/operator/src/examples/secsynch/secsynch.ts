/** tutorial.study.dev/v1alpha1 SecSynch (seed 001): the kind, its client address and its CRD. */
import type { Condition, KubeObject } from '@dojo/kube-api';
import type { ResourceType } from '@dojo/runtime';
import { readCrdFile } from '../crd-file.ts';

export interface SecSynchSpec {
  /** The namespace of the Secret to copy; never one of the destinations (a CEL rule says so). */
  sourceNamespace: string;
  /** The Secret's name, in the source namespace and in every destination. */
  secretName: string;
  /** A set: at least one namespace, no duplicates. */
  destinationNamespaces: string[];
}

export type SecSynchConditionType = 'Ready' | 'Degraded';

export interface SecSynchStatus {
  observedGeneration?: number;
  /** When a copy was last written to match the source. */
  lastSyncTime?: string;
  /** The destinations whose copy equals the source, in spec order. */
  syncedNamespaces?: string[];
  conditions?: Condition[];
}

export interface SecSynch extends KubeObject {
  spec: SecSynchSpec;
  status?: SecSynchStatus;
}

export const secSynchType = {
  group: 'tutorial.study.dev',
  version: 'v1alpha1',
  resource: 'secsynches',
  kind: 'SecSynch',
  namespaced: true,
} as const satisfies ResourceType;

/** secsynches.tutorial.study.dev, read from secsynch/crd.yaml (a fresh copy on every call). */
export function secSynchCrd(): KubeObject {
  return readCrdFile(new URL('./crd.yaml', import.meta.url));
}
