/** Inputs for strings, numbers, enums and booleans. Empty means "not set": the field is removed. */
import type { FormField } from '../../model/form-schema.ts';
import { getAt } from '../../model/form-values.ts';
import { FieldShell } from './FieldShell.tsx';
import { editField, inputClass, useFormState } from './form-context.ts';

type Field<K extends FormField['kind']> = Extract<FormField, { kind: K }>;

function defaultHint(field: FormField): string | undefined {
  return field.default === undefined ? undefined : `Default: ${typeof field.default === 'string' ? field.default : JSON.stringify(field.default)}`;
}

export function StringInput({ field, disabled = false }: { field: Field<'string'>; disabled?: boolean }) {
  const form = useFormState();
  const value = getAt(form.draft, field.path);
  return (
    <FieldShell field={field}>
      {(wiring) => (
        <input
          {...wiring}
          type="text"
          className={inputClass}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          placeholder={defaultHint(field)}
          maxLength={field.maxLength}
          spellCheck={false}
          onChange={(event) => editField(form, field, event.target.value === '' ? undefined : event.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function NumberInput({ field }: { field: Field<'integer' | 'number'> }) {
  const form = useFormState();
  const value = getAt(form.draft, field.path);
  return (
    <FieldShell field={field}>
      {(wiring) => (
        <input
          {...wiring}
          type="number"
          inputMode={field.kind === 'integer' ? 'numeric' : 'decimal'}
          step={field.kind === 'integer' ? 1 : 'any'}
          min={field.minimum}
          max={field.maximum}
          className={`${inputClass} max-w-48 tabular-nums`}
          value={typeof value === 'number' ? value : ''}
          placeholder={defaultHint(field)}
          onChange={(event) =>
            editField(form, field, event.target.value === '' || Number.isNaN(event.target.valueAsNumber) ? undefined : event.target.valueAsNumber)
          }
        />
      )}
    </FieldShell>
  );
}

export function EnumSelect({ field }: { field: Field<'enum'> }) {
  const form = useFormState();
  const value = getAt(form.draft, field.path);
  const unset = field.default !== undefined ? `Default (${String(field.default)})` : field.required ? 'Choose…' : 'Not set';
  return (
    <FieldShell field={field}>
      {(wiring) => (
        <select
          {...wiring}
          className={`${inputClass} max-w-64`}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => editField(form, field, event.target.value === '' ? undefined : event.target.value)}
        >
          <option value="">{unset}</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function BooleanSelect({ field }: { field: Field<'boolean'> }) {
  const form = useFormState();
  const value = getAt(form.draft, field.path);
  const unset = field.default !== undefined ? `Default (${String(field.default)})` : 'Not set';
  return (
    <FieldShell field={field}>
      {(wiring) => (
        <select
          {...wiring}
          className={`${inputClass} max-w-48`}
          value={typeof value === 'boolean' ? String(value) : ''}
          onChange={(event) => editField(form, field, event.target.value === '' ? undefined : event.target.value === 'true')}
        >
          <option value="">{unset}</option>
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      )}
    </FieldShell>
  );
}

/**
 * An int-or-string (a port: 8080 or "http") or a Quantity ("500m", "1Gi", 2): one text input.
 * An int-or-string that reads as a whole number is sent as a number, as kubectl's YAML would;
 * a Quantity is sent as typed, a string, which kube reads the same as the number.
 */
export function NumberOrStringInput({ field }: { field: Field<'intOrString' | 'quantity'> }) {
  const form = useFormState();
  const value = getAt(form.draft, field.path);
  return (
    <FieldShell field={field}>
      {(wiring) => (
        <input
          {...wiring}
          type="text"
          className={`${inputClass} max-w-64`}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          placeholder={defaultHint(field) ?? (field.kind === 'quantity' ? 'e.g. 500m, 1Gi' : 'a number or a name')}
          spellCheck={false}
          onChange={(event) => {
            const text = event.target.value;
            const asNumber = field.kind === 'intOrString' && /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : undefined;
            editField(form, field, text === '' ? undefined : (asNumber ?? text));
          }}
        />
      )}
    </FieldShell>
  );
}
