/**
 * A StatefulSet Pod's stable identity (kube's stateful_set_utils.go): the name
 * `<set>-<ordinal>`, the labels `statefulset.kubernetes.io/pod-name` and
 * `apps.kubernetes.io/pod-index`, hostname and subdomain (the governing Service), and one
 * PersistentVolumeClaim per volumeClaimTemplate named `<template>-<set>-<ordinal>`, which the
 * Pod mounts in place of any same-named volume.
 */
import { deepCopy } from '@dojo/kube-api';
import { builtinTypes } from '@dojo/runtime';
import type { PersistentVolumeClaim, StatefulSet } from '../core/apps-types.ts';
import { controllerRefTo } from '../core/owner-references.ts';
import type { Pod, PodTemplateSpec } from '../core/workload-types.ts';

export const podNameLabel = 'statefulset.kubernetes.io/pod-name';
export const podIndexLabel = 'apps.kubernetes.io/pod-index';
/** The revision a Pod was made from: the ControllerRevision's name (the DaemonSet's label holds the bare hash). */
export const revisionLabel = 'controller-revision-hash';

const statefulPodName = /^(.*)-([0-9]+)$/;

/** getParentNameAndOrdinal: -1 for a name that carries no ordinal. */
export function parentAndOrdinal(podName: string): { parent: string; ordinal: number } {
  const match = statefulPodName.exec(podName);
  if (!match) return { parent: '', ordinal: -1 };
  const ordinal = Number.parseInt(match[2] ?? '', 10);
  return { parent: match[1] ?? '', ordinal: ordinal <= 2 ** 31 - 1 ? ordinal : -1 };
}

export function ordinalOf(pod: Pod): number {
  return parentAndOrdinal(pod.metadata.name ?? '').ordinal;
}

export function isMemberOf(set: StatefulSet, pod: Pod): boolean {
  return parentAndOrdinal(pod.metadata.name ?? '').parent === set.metadata.name;
}

export function startOrdinal(set: StatefulSet): number {
  return set.spec.ordinals?.start ?? 0;
}

export function podName(set: StatefulSet, ordinal: number): string {
  return `${set.metadata.name ?? ''}-${ordinal}`;
}

export function claimName(templateName: string, set: StatefulSet, ordinal: number): string {
  return `${templateName}-${set.metadata.name ?? ''}-${ordinal}`;
}

export function revisionOf(pod: Pod): string {
  return pod.metadata.labels?.[revisionLabel] ?? '';
}

/** getPersistentVolumeClaims: each template's claim for the ordinal, labelled with the set's matchLabels. */
export function claimsFor(set: StatefulSet, ordinal: number): PersistentVolumeClaim[] {
  return (set.spec.volumeClaimTemplates ?? []).map((template) => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: {
      name: claimName(template.metadata.name ?? '', set, ordinal),
      namespace: set.metadata.namespace,
      labels: { ...template.metadata.labels, ...set.spec.selector.matchLabels },
      ...(template.metadata.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
    },
    spec: deepCopy(template.spec),
  }));
}

/**
 * newStatefulSetPod from the template of the given revision: the template's labels and
 * annotations, a controller reference to the set, identity, the claims' volumes, and the
 * revision label. `nodeName` binds it at creation (the simulated scheduler; see the ReplicaSet's).
 */
export function newStatefulPod(set: StatefulSet, template: PodTemplateSpec, ordinal: number, revision: string, nodeName: string): Pod {
  const name = podName(set, ordinal);
  const claimVolumes = (set.spec.volumeClaimTemplates ?? []).map((t) => ({
    name: t.metadata.name ?? '',
    persistentVolumeClaim: { claimName: claimName(t.metadata.name ?? '', set, ordinal) },
  }));
  const spec = deepCopy(template.spec ?? { containers: [] });
  const templateVolumes = Array.isArray(spec.volumes) ? (spec.volumes as { name: string }[]) : [];
  const volumes = [...claimVolumes, ...templateVolumes.filter((v) => !claimVolumes.some((c) => c.name === v.name))];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: set.metadata.namespace,
      labels: { ...template.metadata?.labels, [podNameLabel]: name, [podIndexLabel]: String(ordinal), [revisionLabel]: revision },
      ...(template.metadata?.annotations ? { annotations: { ...template.metadata.annotations } } : {}),
      ownerReferences: [controllerRefTo(set, builtinTypes.statefulSets)],
    },
    spec: {
      ...spec,
      ...(volumes.length > 0 ? { volumes } : {}),
      hostname: name,
      ...(set.spec.serviceName ? { subdomain: set.spec.serviceName } : {}),
      nodeName: spec.nodeName || nodeName,
    },
  };
}
