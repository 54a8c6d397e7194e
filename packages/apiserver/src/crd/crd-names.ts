/**
 * Name rules of a CRD (ValidateCustomResourceDefinitionNames): plural, singular, short names and
 * categories are DNS-1035 labels; kind and listKind may have mixed case but must otherwise be.
 */
import { fieldError, type FieldError } from '@dojo/kube-api';
import { childPath, indexPath } from './field-path.ts';
import type { CustomResourceDefinitionNames } from './schema-types.ts';

const dns1035LabelFmt = '[a-z]([-a-z0-9]*[a-z0-9])?';
const dns1035Label = new RegExp(`^${dns1035LabelFmt}$`);

/** apimachinery's IsDNS1035Label: the problems, empty when valid. */
export function isDNS1035Label(value: string): string[] {
  const errs: string[] = [];
  if (value.length > 63) errs.push('must be no more than 63 characters');
  if (!dns1035Label.test(value)) {
    errs.push(
      "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '" +
        dns1035LabelFmt +
        "')",
    );
  }
  return errs;
}

export function validateNames(names: Partial<CustomResourceDefinitionNames>, path: string): FieldError[] {
  const errors: FieldError[] = [];
  const label = (value: string | undefined, child: string, mixedCase: boolean): void => {
    if (!value) return;
    const errs = isDNS1035Label(mixedCase ? value.toLowerCase() : value);
    if (errs.length === 0) return;
    const detail = (mixedCase ? 'may have mixed case, but should otherwise match: ' : '') + errs.join(',');
    errors.push(fieldError.invalid(childPath(path, child), value, detail));
  };
  label(names.plural, 'plural', false);
  label(names.singular, 'singular', false);
  label(names.kind, 'kind', true);
  label(names.listKind, 'listKind', true);
  (names.shortNames ?? []).forEach((shortName, i) => {
    const errs = isDNS1035Label(shortName);
    if (errs.length > 0) errors.push(fieldError.invalid(indexPath(childPath(path, 'shortNames'), i), shortName, errs.join(',')));
  });
  if (names.kind && names.kind === names.listKind) {
    errors.push(fieldError.invalid(childPath(path, 'listKind'), names.listKind, 'kind and listKind may not be the same'));
  }
  (names.categories ?? []).forEach((category, i) => {
    const errs = isDNS1035Label(category);
    if (errs.length > 0) errors.push(fieldError.invalid(indexPath(childPath(path, 'categories'), i), category, errs.join(',')));
  });
  return errors;
}
