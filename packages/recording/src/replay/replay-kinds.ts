/**
 * The kinds a recording serves: the served kinds the console kept beside its history
 * (`resources`), or, for a store that kept none, the embedded server's built-ins and every CRD
 * the recording holds. Every kind is served read-only (get, list, watch), which is also how the
 * UI learns not to offer create, edit, scale or delete. Tables print with the columns the
 * embedded API server prints: a built-in's own, a CRD's printer columns as of the instant.
 */
import type { ServedResource } from '@dojo/console-protocol';
import { builtinResources } from '@dojo/apiserver';
import { ageColumn, nameColumn, printerColumn, type PrinterColumnSpec, type TableColumn } from '@dojo/kube-api';
import type { RecordedObjects } from './recorded-objects.ts';

export const readOnlyVerbs = ['get', 'list', 'watch'];

interface CrdVersion {
  name: string;
  served?: boolean;
  additionalPrinterColumns?: PrinterColumnSpec[];
  schema?: { openAPIV3Schema?: Record<string, unknown> };
}

interface Crd {
  spec?: {
    group?: string;
    scope?: string;
    names?: { plural?: string; singular?: string; kind?: string; shortNames?: string[]; categories?: string[] };
    versions?: CrdVersion[];
  };
}

const crdKind = { group: 'apiextensions.k8s.io', kind: 'CustomResourceDefinition' };

function fromCrd(crd: Crd): ServedResource | undefined {
  const spec = crd.spec;
  const served = (spec?.versions ?? []).filter((v) => v.served !== false).map((v) => v.name);
  if (!spec?.group || !spec.names?.plural || !spec.names.kind || served.length === 0) return undefined;
  return {
    group: spec.group,
    version: served[0]!,
    versions: served,
    resource: spec.names.plural,
    kind: spec.names.kind,
    namespaced: spec.scope !== 'Cluster',
    verbs: readOnlyVerbs,
    shortNames: spec.names.shortNames ?? [],
    categories: spec.names.categories ?? [],
  };
}

export class ReplayKinds {
  readonly #types: readonly ServedResource[];
  readonly #index: RecordedObjects;

  /** `recorded`: the `resources` the console kept, when it kept them. */
  constructor(recorded: readonly ServedResource[] | undefined, index: RecordedObjects, end: number) {
    this.#index = index;
    const types: readonly ServedResource[] =
      recorded && recorded.length > 0
        ? recorded
        : [
            ...builtinResources.map((r) => ({
              group: r.group,
              version: r.version,
              versions: [r.version],
              resource: r.resource,
              kind: r.kind,
              namespaced: r.namespaced,
              verbs: r.verbs,
              shortNames: r.shortNames,
              categories: r.categories,
            })),
            ...index.objectsAt(crdKind.group, crdKind.kind, end).flatMap((v) => fromCrd(v.object as Crd) ?? []),
          ];
    // Read-only: no verb that writes, and no scale subresource (it exists to be written).
    this.#types = types.map((t) => ({
      ...t,
      verbs: t.verbs.filter((v) => readOnlyVerbs.includes(v)),
      subresources: (t.subresources ?? []).filter((s) => s !== 'scale'),
    }));
  }

  types(): readonly ServedResource[] {
    return this.#types;
  }

  /** The kind served at this group, version and resource. */
  find(group: string, version: string, resource: string): ServedResource | undefined {
    return this.#types.find((t) => t.group === group && t.resource === resource && (t.versions ?? [t.version]).includes(version));
  }

  /** The columns `kubectl get` prints for the kind, as of `at` (a CRD's printer columns may change). */
  columns(type: ServedResource, version: string, at: number): TableColumn[] {
    const builtin = builtinResources.find((r) => r.group === type.group && r.resource === type.resource);
    if (builtin) return builtin.columns;
    const printer = this.#crdVersion(type, version, at)?.additionalPrinterColumns;
    return printer && printer.length ? [nameColumn, ...printer.map(printerColumn)] : [nameColumn, ageColumn];
  }

  /** A custom kind's OpenAPI v3 schema as its CRD declared it at `at`; undefined for a built-in (a recording keeps no OpenAPI documents). */
  schema(type: ServedResource, version: string, at: number): Record<string, unknown> | undefined {
    if (builtinResources.some((r) => r.group === type.group && r.resource === type.resource)) return undefined;
    return this.#crdVersion(type, version, at)?.schema?.openAPIV3Schema;
  }

  #crdVersion(type: ServedResource, version: string, at: number): CrdVersion | undefined {
    const crd = this.#index.objectAt(crdKind.group, crdKind.kind, undefined, `${type.resource}.${type.group}`, at)?.object as Crd | undefined;
    return crd?.spec?.versions?.find((v) => v.name === version);
  }
}
