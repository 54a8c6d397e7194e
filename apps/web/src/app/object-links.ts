/**
 * Links that cross features, built here in the app layer (features never import each other):
 * from a reconcile to the object it reconciled, from a controller to its views.
 */
import { parseObjectKey } from '@dojo/kube-api';
import type { ResourceType } from '@dojo/console-protocol';
import type { ControllerLinks } from '../features/controllers/components/ControllerCard.tsx';
import { useControllers } from '../features/controllers/api/controllers.ts';
import { findKind, useResourceTypes } from '../features/resources/api/resource-types.ts';
import { paths } from './routes.ts';

export const controllerLinks: ControllerLinks = {
  workqueue: (name) => paths.workqueue({ controller: name }),
  timeline: (name) => paths.timeline({ controller: name }),
  debug: (name) => paths.debug({ controller: name }),
};

export const detailPath = (type: ResourceType, namespace: string | undefined, name: string) => paths.resourceDetail({ gvr: type, namespace, objectName: name });

/** The page of the object a controller reconciled, from the controller's kind and the key. */
export function useReconciledObjectLink(): (span: { controller: string; key: string }) => string | undefined {
  const { data: controllers } = useControllers();
  const { data: types } = useResourceTypes();
  return (span) => {
    const forKind = controllers?.find((c) => c.name === span.controller)?.forKind;
    const type = forKind ? findKind(types, forKind.group, forKind.kind) : undefined;
    if (!type) return undefined;
    const { namespace, name } = parseObjectKey(span.key);
    return paths.resourceDetail({ gvr: type, namespace, objectName: name });
  };
}
