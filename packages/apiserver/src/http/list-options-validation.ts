/**
 * apimachinery's ValidateListOptions (meta/internalversion/validation), with the WatchList
 * feature on as kube-apiserver 1.37 has it by default: the rules on resourceVersionMatch and
 * sendInitialEvents for a list and for a watch, answered as 422 on `ListOptions.meta.k8s.io`
 * with kube's own field errors, in kube's order.
 */
import { fieldError, newInvalid, type FieldError } from '@dojo/kube-api';

export interface ListOptionsToValidate {
  watch: boolean;
  resourceVersion?: string | undefined;
  resourceVersionMatch?: string | undefined;
  continue?: string | undefined;
  sendInitialEvents?: boolean | undefined;
}

function listErrors(o: ListOptionsToValidate): FieldError[] {
  const errors: FieldError[] = [];
  const match = o.resourceVersionMatch;
  if (match) {
    if (!o.resourceVersion) errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if (o.continue) errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    if (match !== 'Exact' && match !== 'NotOlderThan') errors.push(fieldError.notSupported('resourceVersionMatch', match, ['Exact', 'NotOlderThan', '']));
    if (match === 'Exact' && o.resourceVersion === '0')
      errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
  }
  // A streaming list is a watch; a LIST carrying the parameter is a client confusing the two.
  if (o.sendInitialEvents !== undefined) errors.push(fieldError.forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  return errors;
}

function watchErrors(o: ListOptionsToValidate): FieldError[] {
  const errors: FieldError[] = [];
  const match = o.resourceVersionMatch;
  if (o.sendInitialEvents !== undefined && match !== 'NotOlderThan') {
    errors.push(fieldError.forbidden('resourceVersionMatch', 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
  }
  if (match) {
    if (o.sendInitialEvents === undefined)
      errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
    if (match !== 'NotOlderThan') errors.push(fieldError.notSupported('resourceVersionMatch', match, ['NotOlderThan']));
    if (o.continue) errors.push(fieldError.forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
  }
  return errors;
}

/** Throws kube-apiserver's 422 when the options break a rule; run after `defaultWatchListOptions`. */
export function validateListOptions(options: ListOptionsToValidate): void {
  const errors = options.watch ? watchErrors(options) : listErrors(options);
  if (errors.length) throw newInvalid({ group: 'meta.k8s.io', kind: 'ListOptions' }, '', errors);
}
