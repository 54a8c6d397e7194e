/** apiextensions.k8s.io/v1 CustomResourceDefinitions: rules in crd-strategy.ts, served by custom-resources.ts. */
import { statusStrategy } from '../status-strategy.ts';
import { crdStrategy } from './crd-strategy.ts';
import { defineBuiltin } from './define-builtin.ts';

export const customResourceDefinitions = defineBuiltin({
  group: 'apiextensions.k8s.io',
  version: 'v1',
  resource: 'customresourcedefinitions',
  kind: 'CustomResourceDefinition',
  singular: 'customresourcedefinition',
  namespaced: false,
  shortNames: ['crd', 'crds'],
  // apiextensions-apiserver still encodes CRDs as v1beta1 in etcd.
  kubeStorage: { group: 'apiextensions.k8s.io', version: 'v1beta1' },
  // kube lists the kinds that extend the API under this category (`kubectl get api-extensions`).
  categories: ['api-extensions'],
  strategy: crdStrategy,
  subresources: { status: statusStrategy(crdStrategy) },
  columns: [
    {
      name: 'Created At',
      type: 'date',
      description: 'CreationTimestamp',
      priority: 0,
      cell: (o) => o.metadata.creationTimestamp ?? '',
    },
  ],
});
