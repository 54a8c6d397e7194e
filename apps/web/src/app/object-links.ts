/**
 * Links that cross features, built here in the app layer (features never import each other):
 * from a reconcile, a trigger or a version to the object's page, from a controller to its views.
 */
import type { GroupVersionKind, ObjectIdentity } from '@dojo/kube-api';
import type { AdmissionSummaryEntry, LinkTarget, ServedResource } from '@dojo/console-protocol';
import type { ControllerLinks } from '../features/controllers/components/ControllerCard.tsx';
import type { KeyLink } from '../features/controllers/components/QueueTables.tsx';
import { findKind, useResourceTypes } from '../features/resources/api/resource-types.ts';
import type { ObjectPageLink } from '../features/telemetry/model/timeline-view.ts';
import { paths } from './paths.ts';

export const controllerLinks: ControllerLinks = {
  workqueue: (name) => paths.workqueue({ controller: name }),
  timeline: (name) => paths.timeline({ controller: name }),
  debug: (name) => paths.debug({ controller: name }),
};

export const detailPath = (type: ServedResource, namespace: string | undefined, name: string) =>
  paths.resourceDetail({ gvr: type, namespace, objectName: name });

/** The page of an object by its identity (its kind found among the served ones), on a tab, at a version or reconcile. */
export function useObjectPageLink(): ObjectPageLink {
  const { data: types } = useResourceTypes();
  return (identity: ObjectIdentity, at = {}) => {
    const type = findKind(types, identity.group, identity.kind);
    if (!type) return undefined;
    return paths.resourceDetail({ gvr: type, namespace: identity.namespace, objectName: identity.name, ...at });
  };
}

/** A controller's queue keys ("namespace/name" of its For kind) linked to those objects' pages. */
export function useQueueKeyLink(forKind: GroupVersionKind | undefined): KeyLink | undefined {
  const objectLink = useObjectPageLink();
  if (!forKind) return undefined;
  return (key) => {
    const slash = key.indexOf('/');
    const at = slash < 0 ? { name: key } : { namespace: key.slice(0, slash), name: key.slice(slash + 1) };
    return objectLink({ group: forKind.group, kind: forKind.kind, ...at });
  };
}

/** Where a blocker of "why is this not ready?" points, as a console URL (undefined for a kind the cluster no longer serves). */
export function useLinkTarget(): (target: LinkTarget) => string | undefined {
  const objectLink = useObjectPageLink();
  return (target) => {
    switch (target.page) {
      case 'object':
        return objectLink(target.object, {
          ...(target.tab ? { tab: target.tab } : {}),
          ...(target.rv ? { rv: target.rv } : {}),
          ...(target.reconcile ? { reconcile: target.reconcile } : {}),
        });
      case 'workqueue':
        return paths.workqueue({ controller: target.controller });
      case 'debug':
        return paths.debug({ controller: target.controller });
      case 'timeline':
        return paths.timeline({ controller: target.controller, reconcile: target.reconcile });
      case 'conflicts':
        return paths.conflicts({});
    }
  };
}

/** The object behind an admission card: a webhook's configuration, or the policy itself (admissionregistration.k8s.io). */
export function useAdmissionConfigurationLink(): (entry: AdmissionSummaryEntry) => string | undefined {
  const objectLink = useObjectPageLink();
  return (entry) => {
    const webhook = entry.kind.endsWith('WebhookConfiguration');
    return objectLink({ group: 'admissionregistration.k8s.io', kind: entry.kind, name: webhook ? entry.configuration : entry.name });
  };
}
