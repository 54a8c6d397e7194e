/** Fills the parts of a ResourceInfo that are the same for every built-in kind. */
import { messageOf } from '../../http/protobuf/envelope.ts';
import type { ResourceInfo } from '../resource-info.ts';
import { sameShapeConversion } from '../resource-info.ts';
import { noRulesStrategy, type Strategy } from '../strategy.ts';
import { ageColumn, createdAtColumn, nameColumn, type TableColumn } from '@dojo/kube-api';
import { typedDecoder } from './typed-decode.ts';

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
  /** The REST verbs kube's storage for the kind implements; most implement all of allVerbs. */
  verbs?: string[];
  /** The kind's write rules; kinds without any accept every write as sent. */
  strategy?: Strategy;
  subresources?: ResourceInfo['subresources'];
  nameValidation?: ResourceInfo['nameValidation'];
  /** Columns between Name and Age. */
  columns?: TableColumn[];
  /** Columns after Age (kubectl's wide columns, and the few that follow Age, as Node's Version). */
  columnsAfterAge?: TableColumn[];
  /** Kinds without a printer in kube get rest.DefaultTableConvertor's Name and Created At. */
  defaultTable?: boolean;
  bucket?: string;
  conversion?: Pick<ResourceInfo, 'fromStorage' | 'toStorage'>;
  selectableFields?: ResourceInfo['selectableFields'];
  /** The store's ReturnDeletedObject: a DELETE that removes the object answers with it, not a Status. */
  returnsDeletedObject?: boolean;
  kubeStorage?: ResourceInfo['kubeStorage'];
  /**
   * The Go type's prerelease-lifecycle (APILifecycleDeprecated/Replacement): kube-apiserver then
   * warns on every request, as deprecation.WarningMessage words it.
   */
  deprecated?: { since: string; replacement: string };
}

export function defineBuiltin(spec: BuiltinSpec): ResourceInfo {
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
    verbs: spec.verbs ?? allVerbs,
    bucket: spec.bucket ?? `${spec.group || 'core'}/${spec.resource}`,
    strategy: spec.strategy ?? noRulesStrategy,
    subresources: spec.subresources ?? {},
    columns: spec.defaultTable ? [nameColumn, createdAtColumn] : [nameColumn, ...(spec.columns ?? []), ageColumn, ...(spec.columnsAfterAge ?? [])],
    strategicMergePatch: true,
    storageVersion: spec.version,
    ...(spec.conversion ?? sameShapeConversion({ group: spec.group, version: spec.version, storageVersion: spec.version })),
  };
  const message = messageOf(spec.group ? `${spec.group}/${spec.version}` : spec.version, spec.kind);
  if (message) info.typedDecode = typedDecoder(message, spec.kind, spec.version);
  if (spec.nameValidation) info.nameValidation = spec.nameValidation;
  if (spec.selectableFields) info.selectableFields = spec.selectableFields;
  if (spec.returnsDeletedObject) info.returnsDeletedObject = true;
  if (spec.kubeStorage) info.kubeStorage = spec.kubeStorage;
  if (spec.deprecated)
    info.deprecationWarning = `${spec.group ? `${spec.group}/` : ''}${spec.version} ${spec.kind} is deprecated in v${spec.deprecated.since}+; use ${spec.deprecated.replacement}`;
  return info;
}
