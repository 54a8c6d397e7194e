/**
 * The DefaultIngressClass admission plugin (plugin/pkg/admission/network/defaultingressclass): an
 * Ingress created without a class, neither spec.ingressClassName nor the legacy
 * `kubernetes.io/ingress.class` annotation, gets the default IngressClass, the newest one
 * annotated `ingressclass.kubernetes.io/is-default-class: "true"` (by name on a tie).
 */
import type { KubeObject } from '@dojo/kube-api';
import type { RevisionedStore } from '../storage/revisioned-store.ts';
import type { Admission } from './admission.ts';
import { ingressClasses, ingresses } from './builtin/networking-kinds.ts';
import { record } from './builtin/unstructured.ts';
import type { ResourceInfo } from './resource-info.ts';

function defaultClassName(store: RevisionedStore): string | undefined {
  const defaults = store
    .list(ingressClasses.bucket)
    .map((stored) => JSON.parse(stored.json) as KubeObject)
    .filter((c) => c.metadata.annotations?.['ingressclass.kubernetes.io/is-default-class'] === 'true')
    .sort(
      (a, b) =>
        Date.parse(b.metadata.creationTimestamp ?? '') - Date.parse(a.metadata.creationTimestamp ?? '') ||
        ((a.metadata.name ?? '') < (b.metadata.name ?? '') ? -1 : 1),
    );
  return defaults[0]?.metadata.name;
}

export function defaultIngressClass(store: RevisionedStore): Admission {
  return {
    mutateCreate(info: ResourceInfo, obj: KubeObject): void {
      if (info.bucket !== ingresses.bucket) return;
      const spec = record(obj.spec);
      if (spec.ingressClassName !== undefined || obj.metadata.annotations?.['kubernetes.io/ingress.class'] !== undefined) return;
      const name = defaultClassName(store);
      if (name !== undefined) obj.spec = { ...spec, ingressClassName: name };
    },
  };
}
