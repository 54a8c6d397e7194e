/**
 * CustomResourceDefinitions (apiextensions-apiserver's strategy.go): names and conversion
 * defaulted and persisted, the cleanup finalizer added on create, validation by crd/.
 */
import type { KubeObject } from '@dojo/kube-api';
import { defaultCustomResourceDefinition } from '../../crd/crd-defaults.ts';
import { validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from '../../crd/crd-validation.ts';
import type { CustomResourceDefinition } from '../../crd/schema-types.ts';
import { bumpGenerationOnChange, startGeneration } from '../generation.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy } from '../strategy.ts';

/** Held by every CRD until the API server has deleted all of its instances. */
export const crdCleanupFinalizer = 'customresourcecleanup.apiextensions.k8s.io';

const asCrd = (obj: KubeObject) => obj as unknown as CustomResourceDefinition;

/** Persists the defaulted names (singular, listKind) and conversion, as kube-apiserver does. */
function applyCrdDefaults(obj: KubeObject): void {
  const defaulted = defaultCustomResourceDefinition(structuredClone(asCrd(obj)));
  obj.spec = defaulted.spec;
}

export const crdStrategy = {
  prepareForCreate(obj) {
    startGeneration(obj);
    applyCrdDefaults(obj);
    obj.status = { conditions: [], acceptedNames: { plural: '', kind: '' }, storedVersions: [] };
    obj.metadata.finalizers = [...new Set([...(obj.metadata.finalizers ?? []), crdCleanupFinalizer])];
  },
  prepareForUpdate(obj, old) {
    applyCrdDefaults(obj);
    keepStoredStatus(obj, old);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: (obj) => validateCustomResourceDefinition(asCrd(obj)),
  validateUpdate: (obj, old) => validateCustomResourceDefinitionUpdate(asCrd(obj), asCrd(old)),
} satisfies Strategy;
