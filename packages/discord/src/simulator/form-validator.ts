import { discordErrors } from '../api-error.ts';
import type { FieldErrorDetail, FormErrorTree } from '../api-error.ts';
import { isSnowflake } from '../snowflake.ts';

/** A JSON body must be an object; Discord words the refusal as a DictType conversion. */
export function asDict(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
  throw discordErrors.invalidFormBody({
    _errors: [{ code: 'DICT_TYPE_CONVERT', message: 'Only dictionaries may be used in a DictType' }],
  });
}

interface StringRule {
  required?: boolean;
  nullable?: boolean;
  min?: number;
  max: number;
}

interface IntegerRule {
  min?: number;
  max?: number;
  choices?: readonly number[];
}

/**
 * Reads fields from a decoded body and collects every problem before failing, so one 400
 * names all bad fields at once, in Discord's `{"field": {"_errors": [...]}}` tree.
 */
export class FormValidator {
  private readonly errors: FormErrorTree = {};

  constructor(private readonly source: Record<string, unknown>) {}

  string(field: string, rule: StringRule): string | null | undefined {
    const value = this.source[field];
    if (value === undefined || (value === null && !rule.nullable)) {
      if (rule.required) this.fail(field, { code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
      return undefined;
    }
    if (value === null) return null;
    if (typeof value !== 'string') {
      return this.fail(field, { code: 'BASE_TYPE_STRING', message: `Could not interpret "${show(value)}" as string.` });
    }
    const min = rule.min ?? 0;
    if (value.length < min || value.length > rule.max) {
      return this.fail(
        field,
        min > 0
          ? { code: 'BASE_TYPE_BAD_LENGTH', message: `Must be between ${min} and ${rule.max} in length.` }
          : { code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${rule.max} or fewer in length.` },
      );
    }
    return value;
  }

  integer(field: string, rule: IntegerRule = {}): number | undefined {
    const raw = this.source[field];
    if (raw === undefined || raw === null) return undefined;
    const value = typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      return this.fail(field, { code: 'NUMBER_TYPE_COERCE', message: `Value "${show(raw)}" is not int.` });
    }
    if (rule.choices && !rule.choices.includes(value)) {
      const message = `Value must be one of {${rule.choices.join(', ')}}.`;
      return this.fail(field, { code: 'BASE_TYPE_CHOICES', message });
    }
    if (rule.min !== undefined && value < rule.min) {
      const message = `int value should be greater than or equal to ${rule.min}.`;
      return this.fail(field, { code: 'NUMBER_TYPE_MIN', message });
    }
    if (rule.max !== undefined && value > rule.max) {
      const message = `int value should be less than or equal to ${rule.max}.`;
      return this.fail(field, { code: 'NUMBER_TYPE_MAX', message });
    }
    return value;
  }

  number(field: string, rule: { min: number; max: number }): number | undefined {
    const value = this.source[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return this.fail(field, { code: 'NUMBER_TYPE_COERCE', message: `Value "${show(value)}" is not a number.` });
    }
    if (value < rule.min || value > rule.max) {
      return this.fail(field, { code: 'NUMBER_TYPE_MAX', message: `Value should be between ${rule.min} and ${rule.max}.` });
    }
    return value;
  }

  boolean(field: string): boolean | undefined {
    const value = this.source[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'boolean') {
      return this.fail(field, { code: 'BOOLEAN_TYPE_COERCE', message: `Value "${show(value)}" is not bool.` });
    }
    return value;
  }

  /** `undefined` when absent, `null` when explicitly cleared. */
  snowflake(field: string): string | null | undefined {
    const value = this.source[field];
    if (value === undefined) return undefined;
    if (value === null) return null;
    if (!isSnowflake(value)) {
      return this.fail(field, { code: 'NUMBER_TYPE_COERCE', message: `Value "${show(value)}" is not snowflake.` });
    }
    return value;
  }

  /** A message nonce: a string of up to 25 characters or an integer. */
  nonce(field: string): string | number | undefined {
    const value = this.source[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
    if (typeof value === 'string' && value.length <= 25) return value;
    return this.fail(field, { code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be 25 or fewer in length.' });
  }

  /** Adds a problem found outside this validator (e.g. a parent that does not exist). */
  fail(field: string, detail: FieldErrorDetail): undefined {
    const entry = (this.errors[field] ??= {}) as FormErrorTree;
    (entry._errors ??= []).push(detail);
    return undefined;
  }

  /** Throws 50035 Invalid Form Body if anything failed. */
  done(): void {
    if (Object.keys(this.errors).length > 0) throw discordErrors.invalidFormBody(this.errors);
  }
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 40)}...` : text;
}
