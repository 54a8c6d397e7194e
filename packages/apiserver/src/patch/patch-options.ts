/**
 * PatchOptions validation (apimachinery's ValidatePatchOptions, whose fieldManager, dryRun and
 * fieldValidation rules create and update options share) and field-manager naming. A bad option
 * is 422 `PatchOptions.meta.k8s.io "" is invalid: ...`, checked before the object is read.
 */
import { fieldError, newInvalid, type FieldError } from '@dojo/kube-api';

/** FieldManagerMaxLength, in UTF-8 bytes. */
export const fieldManagerMaxLength = 128;

const printable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u;

export interface PatchOptionsInput {
  /** True for application/apply-patch+yaml. */
  apply: boolean;
  fieldManager?: string | undefined;
  /** The `force` query parameter as sent (undefined when absent). */
  force?: boolean | undefined;
  /** Its text: only a spelling of true or false is accepted, so a typo never forces a takeover. */
  forceText?: string | undefined;
  dryRun?: readonly string[] | undefined;
  fieldValidation?: string | undefined;
}

export function validateFieldManager(fieldManager: string, field = 'fieldManager'): FieldError[] {
  const errors: FieldError[] = [];
  if (Buffer.byteLength(fieldManager) > fieldManagerMaxLength) errors.push(fieldError.tooLong(field, fieldManager, fieldManagerMaxLength));
  let offset = 0;
  for (const char of fieldManager) {
    if (!printable.test(char)) {
      const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
      errors.push(fieldError.invalid(field, fieldManager, `invalid character U+${code} (at position ${offset})`));
    }
    offset += Buffer.byteLength(char);
  }
  return errors;
}

/** ValidateDryRun: every value must be `All`; the whole list is the bad value. */
export function validateDryRun(dryRun: readonly string[]): FieldError[] {
  return dryRun.some((v) => v !== 'All') ? [fieldError.notSupported('dryRun', dryRun, ['All'])] : [];
}

/** ValidateFieldValidation: empty (the default, Warn) or one of the three directives. */
export function validateFieldValidation(fieldValidation: string): FieldError[] {
  const supported = ['', 'Ignore', 'Strict', 'Warn'];
  return supported.includes(fieldValidation) ? [] : [fieldError.notSupported('fieldValidation', fieldValidation, supported)];
}

export function validatePatchOptions(options: PatchOptionsInput): void {
  const errors: FieldError[] = [];
  if (!options.apply && options.force !== undefined) {
    errors.push(fieldError.forbidden('force', 'may not be specified for non-apply patch'));
  }
  if (options.forceText !== undefined && !/^(|true|false|1|0)$/i.test(options.forceText)) {
    errors.push(fieldError.invalid('force', options.forceText, 'must be true or false'));
  }
  // kubectl defaults fieldManager to "kubectl"; controllers must set it themselves.
  if (options.apply && !options.fieldManager) errors.push(fieldError.required('fieldManager', 'is required for apply patch'));
  errors.push(...validateFieldManager(options.fieldManager ?? ''));
  errors.push(...validateDryRun(options.dryRun ?? []));
  errors.push(...validateFieldValidation(options.fieldValidation ?? ''));
  if (errors.length) throw newInvalid({ group: 'meta.k8s.io', kind: 'PatchOptions' }, '', errors);
}

/**
 * The manager of a write that names none: the User-Agent up to its first "/", without
 * unprintable characters, cut to 128 bytes ("kubectl/v1.31.0 (linux/amd64)" -> "kubectl").
 */
export function managerFromUserAgent(userAgent: string | undefined): string {
  let out = '';
  for (const char of (userAgent ?? '').split('/')[0] ?? '') {
    if (!printable.test(char)) continue;
    if (Buffer.byteLength(out + char) > fieldManagerMaxLength) break;
    out += char;
  }
  return out;
}

/** managerOrUserAgent: the fieldManager query parameter if set, else the User-Agent prefix. */
export function managerOrUserAgent(fieldManager: string | undefined, userAgent: string | undefined): string {
  return fieldManager || managerFromUserAgent(userAgent);
}
