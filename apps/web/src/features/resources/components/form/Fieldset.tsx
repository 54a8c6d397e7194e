/** A nested object as a fieldset: its legend names the group, its own errors sit on top. */
import type { ReactNode } from 'react';
import type { FormField } from '../../model/form-schema.ts';
import { FieldGroupContext, useFormState } from './form-context.ts';

export function FieldErrors({ id }: { id: string }) {
  const form = useFormState();
  const errors = form.errorsFor(id);
  if (!errors.length) return null;
  return (
    // A group's own objection (a required object left out): the form's "first problem" focus
    // finds it by this mark and lands on the group's first input.
    <div data-group-problem="" className="text-xs text-rose-700 dark:text-rose-300">
      {errors.map((message, i) => (
        <p key={i}>{message}</p>
      ))}
    </div>
  );
}

export function Fieldset({ field, depth, children }: { field: FormField; depth: number; children: ReactNode }) {
  return (
    <fieldset
      className={
        depth === 0
          ? 'flex flex-col gap-4'
          : 'flex flex-col gap-4 rounded-md border border-slate-200 px-4 pt-1 pb-4 dark:border-slate-700'
      }
    >
      <legend className={depth === 0 ? 'mb-1 text-base font-semibold' : 'px-1 text-sm font-semibold text-slate-800 dark:text-slate-200'}>
        {field.label}
        {field.required ? (
          <span aria-hidden="true" className="ml-0.5 text-rose-600 dark:text-rose-400">
            *
          </span>
        ) : null}
      </legend>
      {field.description ? <p className="-mt-2 text-xs text-slate-500 dark:text-slate-400">{field.description}</p> : null}
      <FieldErrors id={field.id} />
      <FieldGroupContext.Provider value={field.label}>{children}</FieldGroupContext.Provider>
    </fieldset>
  );
}

