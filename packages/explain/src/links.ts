/** The links blockers carry: where in the console to look next. */
import type { BlockerLink, ObjectPageTab } from '@dojo/console-protocol';
import type { ObjectIdentity } from '@dojo/kube-api';

export function objectLink(label: string, object: ObjectIdentity, tab?: ObjectPageTab, at: { rv?: string; reconcile?: string } = {}): BlockerLink {
  return { label, target: { page: 'object', object, ...(tab ? { tab } : {}), ...at } };
}

export function workqueueLink(controller: string): BlockerLink {
  return { label: `${controller} workqueue`, target: { page: 'workqueue', controller } };
}

export function reconcileLink(reconcileId: string, label = `reconcile ${reconcileId.slice(0, 8)}`): BlockerLink {
  return { label, target: { page: 'timeline', reconcile: reconcileId } };
}
