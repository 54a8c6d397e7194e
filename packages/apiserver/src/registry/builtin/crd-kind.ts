/** apiextensions.k8s.io/v1 CustomResourceDefinitions: validated by crd/, served by custom-resources.ts. */
import type { FieldError, KubeObject } from '@dojo/kube-api';
import { defaultCustomResourceDefinition } from '../../crd/crd-defaults.ts';
import { validateCustomResourceDefinition, validateCustomResourceDefinitionUpdate } from '../../crd/crd-validation.ts';
import type { CustomResourceDefinition } from '../../crd/schema-types.ts';
import { defineBuiltin } from './define-builtin.ts';

export const crdCleanupFinalizer = 'customresourcecleanup.apiextensions.k8s.io';

const asCrd = (obj: KubeObject) => obj as unknown as CustomResourceDefinition;

function validateCrd(obj: KubeObject): FieldError[] {
  return validateCustomResourceDefinition(asCrd(obj));
}

/** Persists the defaulted names (singular, listKind) and conversion, as kube-apiserver does. */
function applyCrdDefaults(obj: KubeObject): void {
  const defaulted = defaultCustomResourceDefinition(structuredClone(asCrd(obj)));
  obj.spec = defaulted.spec;
}

export const customResourceDefinitions = defineBuiltin({
  group: 'apiextensions.k8s.io',
  version: 'v1',
  resource: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
  singular: 'customresourcedefinition',
  namespaced: false,
  shortNames: ['crd', 'crds'],
  statusSubresource: true,
  columns: [
    {
      name: 'Created At',
      type: 'date',
      description: 'CreationTimestamp',
      priority: 0,
      cell: (o) => o.metadata.creationTimestamp ?? '',
    },
  ],
  strategy: {
    tracksGeneration: true,
    prepareForCreate(obj) {
      applyCrdDefaults(obj);
      obj.status = { conditions: [], acceptedNames: { plural: '', kind: '' }, storedVersions: [] };
      obj.metadata.finalizers = [...new Set([...(obj.metadata.finalizers ?? []), crdCleanupFinalizer])];
    },
    validate: validateCrd,
    prepareForUpdate: (obj) => applyCrdDefaults(obj),
    validateUpdate: (obj, old) => validateCustomResourceDefinitionUpdate(asCrd(obj), asCrd(old)),
  },
});
