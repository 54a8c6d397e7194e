/**
 * The Pod event handlers that settle a Pod-owning controller's expectations, as kube's
 * ReplicaSet and DaemonSet controllers register them (addPod / updatePod / deletePod): a Pod
 * seen created lowers its controller's pending adds, and a Pod seen getting a
 * deletionTimestamp, or gone, settles its pending delete.
 */
import { controllerOf, formatObjectKey, objectKeyOf, type KubeObject } from '@dojo/kube-api';
import { builtinTypes, type Manager } from '@dojo/runtime';
import { Expectations } from './expectations.ts';

/** Expectations of the `ownerKind` controllers (keyed "namespace/name"), fed by the shared Pod informer. */
export function observedPodExpectations(manager: Manager, ownerKind: string): Expectations {
  const expectations = new Expectations(manager.clock);
  const ownerKey = (pod: KubeObject): string | undefined => {
    const ref = controllerOf(pod);
    return ref?.kind === ownerKind ? formatObjectKey({ namespace: pod.metadata.namespace, name: ref.name }) : undefined;
  };
  manager.informers.informerFor(builtinTypes.pods).addEventHandler({
    onAdd(pod) {
      const key = ownerKey(pod);
      if (key) expectations.creationObserved(key);
    },
    onUpdate(old, pod) {
      const key = ownerKey(pod);
      if (key && pod.metadata.deletionTimestamp && !old.metadata.deletionTimestamp) expectations.deletionObserved(key, objectKeyOf(pod));
    },
    onDelete(pod) {
      const key = ownerKey(pod);
      if (key) expectations.deletionObserved(key, objectKeyOf(pod));
    },
  });
  return expectations;
}
