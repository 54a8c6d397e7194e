/**
 * Turns a CustomResourceDefinition into the ResourceInfo of each served version: names for
 * discovery, the schema-driven strategy (defaulting, pruning, validation, CEL rules),
 * subresources and printer columns. Versions share one storage bucket; objects are stored in
 * the storage version and converted with strategy None (only apiVersion changes).
 */
import { type KubeObject, ageColumn, nameColumn, printerColumn } from '@dojo/kube-api';
import { createCustomResourceValidator } from '../crd/custom-resource-validator.ts';
import type { CustomResourceDefinition } from '../crd/schema-types.ts';
import { customResourceStatusStrategy, customResourceStrategy } from './custom-resource-strategy.ts';
import { sameShapeConversion, type ResourceInfo } from './resource-info.ts';

/** The verbs of a served CRD, in the order apiextensions-apiserver's discovery controller lists them. */
const customResourceVerbs = ['delete', 'deletecollection', 'get', 'list', 'patch', 'create', 'update', 'watch'];

export function resourcesForCrd(crd: CustomResourceDefinition): ResourceInfo[] {
  const storage = crd.spec.versions.find((v) => v.storage)?.name ?? crd.spec.versions[0]?.name ?? 'v1';
  const names = crd.spec.names;
  return crd.spec.versions
    .filter((v) => v.served)
    .map((version) => {
      const printer = version.additionalPrinterColumns;
      const validator = createCustomResourceValidator(crd, version.name);
      const strategy = customResourceStrategy(validator, { statusSubresource: Boolean(version.subresources?.status) });
      const info: ResourceInfo = {
        group: crd.spec.group,
        version: version.name,
        resource: names.plural,
        kind: names.kind,
        listKind: names.listKind ?? `${names.kind}List`,
        singular: names.singular ?? names.kind.toLowerCase(),
        namespaced: crd.spec.scope === 'Namespaced',
        shortNames: names.shortNames ?? [],
        categories: names.categories ?? [],
        verbs: customResourceVerbs,
        bucket: `${crd.spec.group}/${names.plural}`,
        customResource: true,
        strategy,
        subresources: version.subresources?.status ? { status: customResourceStatusStrategy(validator, strategy) } : {},
        columns: printer && printer.length ? [nameColumn, ...printer.map(printerColumn)] : [nameColumn, ageColumn],
        strategicMergePatch: false,
        storageVersion: storage,
        ...(version.deprecated ? { deprecationWarning: version.deprecationWarning ?? `${crd.spec.group}/${version.name} ${names.kind} is deprecated` } : {}),
        ...sameShapeConversion({ group: crd.spec.group, version: version.name, storageVersion: storage }),
      };
      const schema = version.schema?.openAPIV3Schema;
      if (schema) info.schema = schema as unknown as Record<string, unknown>;
      const scale = version.subresources?.scale;
      if (scale) {
        info.subresources.scale = { specReplicasPath: scale.specReplicasPath, statusReplicasPath: scale.statusReplicasPath };
        if (scale.labelSelectorPath) info.subresources.scale.labelSelectorPath = scale.labelSelectorPath;
      }
      const selectable = version.selectableFields;
      if (selectable?.length) {
        info.selectableFields = (obj: KubeObject) =>
          Object.fromEntries(
            selectable.map(({ jsonPath }) => {
              let v: unknown = obj;
              for (const p of jsonPath.replace(/^\./, '').split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[p] : undefined;
              return [jsonPath.replace(/^\./, ''), v === undefined ? '' : String(v)];
            }),
          );
      }
      return info;
    });
}
