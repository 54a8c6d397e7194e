/**
 * apps/v1 ControllerRevisions (ValidateControllerRevisionCreate/Update): the snapshot a
 * StatefulSet or DaemonSet controller writes of its template. `data` must be a JSON object and
 * never changes; `revision` is a non-negative number.
 */
import { fieldError, semanticEqual, type FieldError, type KubeObject } from '@dojo/kube-api';
import { noRulesStrategy, type Strategy } from '../strategy.ts';

function validateRevision(obj: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const revision = obj.revision;
  if (typeof revision === 'number' && revision < 0) errs.push(fieldError.invalid('revision', revision, 'must be greater than or equal to 0'));
  return errs;
}

function validateData(obj: KubeObject): FieldError[] {
  const data = obj.data;
  if (data === undefined || data === null) return [fieldError.required('data', 'data is mandatory')];
  if (typeof data !== 'object' || Array.isArray(data)) return [fieldError.required('data', 'data must be a valid JSON object')];
  return [];
}

export const controllerRevisionStrategy = {
  ...noRulesStrategy,
  validate: (obj) => [...validateRevision(obj), ...validateData(obj)],
  validateUpdate: (obj, old) => [
    ...validateRevision(obj),
    ...(semanticEqual(obj.data, old.data) ? [] : [fieldError.invalid('data', obj.data ?? null, 'field is immutable')]),
  ],
} satisfies Strategy;
