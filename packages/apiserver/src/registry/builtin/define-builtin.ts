/** Fills the parts of a ResourceInfo that are the same for every built-in kind. */
import type { FieldError, KubeObject } from '@dojo/kube-api';
import type { ResourceInfo } from '../resource-info.ts';
import { sameShapeConversion } from '../resource-info.ts';
import type { Strategy } from '../strategy.ts';
import { ageColumn, nameColumn, type TableColumn } from '../table-columns.ts';

export const allVerbs = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];

export interface BuiltinSpec {
  group: string;
  version: string;
  resource: string;
  kind: string;
  singular?: string;
  namespaced: boolean;
  shortNames?: string[];
  categories?: string[];
  statusSubresource?: boolean;
  scale?: ResourceInfo['scale'];
  finalizeSubresource?: boolean;
  nameValidation?: ResourceInfo['nameValidation'];
  /** Columns between Name and Age. */
  columns?: TableColumn[];
  strategy?: Partial<Strategy>;
  bucket?: string;
  conversion?: Pick<ResourceInfo, 'fromStorage' | 'toStorage'>;
  selectableFields?: ResourceInfo['selectableFields'];
  returnsDeletedObject?: boolean;
}

const noErrors = (): FieldError[] => [];

export function defineBuiltin(spec: BuiltinSpec): ResourceInfo {
  const statusSubresource = spec.statusSubresource ?? false;
  const strategy: Strategy = {
    tracksGeneration: false,
    allowUnconditionalUpdate: true,
    statusSubresource,
    prepareForCreate: () => {},
    prepareForUpdate: () => {},
    validate: noErrors,
    validateUpdate: (obj: KubeObject) => (spec.strategy?.validate ?? noErrors)(obj),
    ...spec.strategy,
  };
  const info: ResourceInfo = {
    group: spec.group,
    version: spec.version,
    resource: spec.resource,
    kind: spec.kind,
    listKind: `${spec.kind}List`,
    singular: spec.singular ?? spec.kind.toLowerCase(),
    namespaced: spec.namespaced,
    shortNames: spec.shortNames ?? [],
    categories: spec.categories ?? [],
    verbs: allVerbs,
    bucket: spec.bucket ?? `${spec.group || 'core'}/${spec.resource}`,
    statusSubresource,
    strategy,
    columns: [nameColumn, ...(spec.columns ?? []), ageColumn],
    strategicMergePatch: true,
    storageVersion: spec.version,
    ...(spec.conversion ?? sameShapeConversion({ group: spec.group, version: spec.version, storageVersion: spec.version })),
  };
  if (spec.scale) info.scale = spec.scale;
  if (spec.finalizeSubresource) info.finalizeSubresource = true;
  if (spec.nameValidation) info.nameValidation = spec.nameValidation;
  if (spec.selectableFields) info.selectableFields = spec.selectableFields;
  if (spec.returnsDeletedObject) info.returnsDeletedObject = true;
  return info;
}

/** Reads a nested field without caring about the object's type. */
export function field(obj: unknown, ...path: string[]): unknown {
  let v: unknown = obj;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[p];
  }
  return v;
}

export function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
