/**
 * The slices of apps/v1 StatefulSet, DaemonSet and ControllerRevision, and of core/v1
 * PersistentVolumeClaim, PersistentVolume and Node, that the simulated control plane reads and
 * writes. As in workload-types.ts, fields it does not look at ride along in index signatures.
 */
import type { KubeObject, LabelSelectorObject } from '@dojo/kube-api';
import type { IntOrPercent, PodTemplateSpec } from './workload-types.ts';

export interface PersistentVolumeClaimSpec {
  accessModes?: string[];
  resources?: { requests?: Record<string, string>; [field: string]: unknown };
  storageClassName?: string;
  volumeName?: string;
  volumeMode?: string;
  [field: string]: unknown;
}

export interface PersistentVolumeClaim extends KubeObject {
  spec: PersistentVolumeClaimSpec;
  status?: { phase?: string; accessModes?: string[]; capacity?: Record<string, string>; [field: string]: unknown };
}

export interface StatefulSetSpec {
  replicas?: number;
  selector: LabelSelectorObject;
  template: PodTemplateSpec;
  serviceName?: string;
  podManagementPolicy?: 'OrderedReady' | 'Parallel';
  updateStrategy?: { type?: 'RollingUpdate' | 'OnDelete'; rollingUpdate?: { partition?: number; maxUnavailable?: IntOrPercent } };
  volumeClaimTemplates?: PersistentVolumeClaim[];
  persistentVolumeClaimRetentionPolicy?: { whenDeleted?: 'Retain' | 'Delete'; whenScaled?: 'Retain' | 'Delete' };
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  ordinals?: { start?: number };
  [field: string]: unknown;
}

export interface StatefulSetStatus {
  observedGeneration?: number | undefined;
  replicas: number;
  readyReplicas?: number | undefined;
  currentReplicas?: number | undefined;
  updatedReplicas?: number | undefined;
  availableReplicas?: number | undefined;
  currentRevision?: string | undefined;
  updateRevision?: string | undefined;
  collisionCount?: number | undefined;
  conditions?: unknown[] | undefined;
}

export interface StatefulSet extends KubeObject {
  spec: StatefulSetSpec;
  status?: StatefulSetStatus;
}

export interface DaemonSetSpec {
  selector: LabelSelectorObject;
  template: PodTemplateSpec;
  updateStrategy?: { type?: 'RollingUpdate' | 'OnDelete'; rollingUpdate?: { maxUnavailable?: IntOrPercent; maxSurge?: IntOrPercent } };
  minReadySeconds?: number;
  revisionHistoryLimit?: number;
  [field: string]: unknown;
}

export interface DaemonSetStatus {
  currentNumberScheduled: number;
  numberMisscheduled: number;
  desiredNumberScheduled: number;
  numberReady: number;
  observedGeneration?: number;
  updatedNumberScheduled?: number;
  numberAvailable?: number;
  numberUnavailable?: number;
  collisionCount?: number;
  conditions?: unknown[];
}

export interface DaemonSet extends KubeObject {
  spec: DaemonSetSpec;
  status?: DaemonSetStatus;
}

export interface ControllerRevision extends KubeObject {
  /** The owner's spec.template as a strategic-merge patch that replaces it. */
  data?: { spec?: { template?: PodTemplateSpec & { $patch?: string } } };
  revision: number;
}

export interface NodeTaint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute';
}

export interface Node extends KubeObject {
  spec?: { unschedulable?: boolean; taints?: NodeTaint[]; podCIDR?: string; podCIDRs?: string[]; [field: string]: unknown };
  status?: {
    conditions?: { type: string; status: string; [field: string]: unknown }[];
    addresses?: { type: string; address: string }[];
    [field: string]: unknown;
  };
}
