/**
 * Label, help and error text around one generated input, wired for assistive technology: the
 * input is labelled, `aria-describedby` points at the help and the errors, and `aria-invalid`
 * is set while the server rejects the value.
 */
import { useContext, type ReactNode } from 'react';
import { constraintText, type FormField } from '../../model/form-schema.ts';
import { Description } from './Description.tsx';
import { FieldGroupContext, useFormState } from './form-context.ts';
import { RequiredMark } from './RequiredMark.tsx';

export interface InputWiring {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
  onBlur: () => void;
}

export function fieldDomId(field: Pick<FormField, 'id'>): string {
  return `field-${field.id.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export function FieldShell({
  field,
  children,
  label,
  localErrors = [],
}: {
  field: FormField;
  children: (wiring: InputWiring) => ReactNode;
  label?: string;
  /** Errors found before asking the server, e.g. YAML that does not parse. */
  localErrors?: string[];
}) {
  const form = useFormState();
  const group = useContext(FieldGroupContext);
  const domId = fieldDomId(field);
  const errors = [...localErrors, ...form.errorsFor(field.id)];
  const constraints = constraintText(field);
  const helpId = field.description || constraints ? `${domId}-help` : undefined;
  const errorId = errors.length ? `${domId}-error` : undefined;
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-baseline gap-0.5">
        <label htmlFor={domId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          {group && form.repeatedLabels.has(label ?? field.label) ? <span className="sr-only">{group} </span> : null}
          {label ?? field.label}
        </label>
        <RequiredMark required={field.required} />
      </div>
      {children({
        id: domId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(errors.length ? { 'aria-invalid': true } : {}),
        ...(field.required ? { 'aria-required': true } : {}),
        onBlur: () => form.touch(field.id),
      })}
      {errorId ? (
        <div id={errorId} className="text-xs text-rose-700 dark:text-rose-300">
          {errors.map((message, i) => (
            <p key={i}>{message}</p>
          ))}
        </div>
      ) : null}
      {helpId ? (
        <Description id={helpId} {...(field.description ? { text: field.description } : {})} after={constraints ? <span>({constraints})</span> : null} />
      ) : null}
    </div>
  );
}
