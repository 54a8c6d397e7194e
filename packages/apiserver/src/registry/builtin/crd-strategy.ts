/**
 * CustomResourceDefinitions (apiextensions-apiserver's strategy.go): names and conversion
 * defaulted and persisted, the cleanup finalizer added when deletion begins, validation by crd/.
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
    // PrepareForCreate: the zero status (conditions is not omitempty: null) with the storage
    // version already recorded as stored.
    const storage = asCrd(obj).spec.versions?.find((v) => v.storage)?.name;
    obj.status = { conditions: null, acceptedNames: { plural: '', kind: '' }, storedVersions: storage ? [storage] : [] };
  },
  deletionFinalizers: [crdCleanupFinalizer],
  beginDeletion(obj) {
    // REST.Delete marks the CRD Terminating while its instances are deleted.
    const status = (obj.status ?? {}) as { conditions?: { type: string }[] | null };
    const condition = {
      type: 'Terminating',
      status: 'True',
      lastTransitionTime: obj.metadata.deletionTimestamp,
      reason: 'InstanceDeletionPending',
      message: 'CustomResourceDefinition marked for deletion; CustomResource deletion will begin soon',
    };
    status.conditions = [...(status.conditions ?? []).filter((c) => c.type !== 'Terminating'), condition];
    obj.status = status;
  },
  prepareForUpdate(obj, old) {
    applyCrdDefaults(obj);
    keepStoredStatus(obj, old);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: (obj) => validateCustomResourceDefinition(asCrd(obj)),
  validateUpdate: (obj, old) => validateCustomResourceDefinitionUpdate(asCrd(obj), asCrd(old)),
} satisfies Strategy;
