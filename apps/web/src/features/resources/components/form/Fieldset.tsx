/**
 * A nested object as a fieldset: its legend names the group, its own errors sit on top. In a
 * long form (a Pod's spec has some forty fields and a dozen groups of its own), an optional
 * group below the top level that the object does not fill yet starts folded, and its fields
 * are not rendered until opened; a short form (most CRDs') shows every field.
 */
import { useState, type ReactNode } from 'react';
import type { FormField } from '../../model/form-schema.ts';
import { getAt } from '../../model/form-values.ts';
import { Description, firstSentence } from './Description.tsx';
import { FieldGroupContext, useFormState } from './form-context.ts';
import { RequiredMark } from './RequiredMark.tsx';

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

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'object' && Object.keys(value).length === 0);
}

export function Fieldset({ field, depth, children }: { field: FormField; depth: number; children: ReactNode | (() => ReactNode) }) {
  const form = useFormState();
  const [unfolded, setUnfolded] = useState(() => !form.foldOptionalGroups || depth === 0 || field.required || !isEmpty(getAt(form.draft, field.path)));
  // A problem the server found inside a folded group opens it, so it can be seen and focused.
  if (!unfolded && !form.hasProblemsUnder(field.id)) {
    return (
      <details
        className="rounded-md border border-slate-200 px-4 py-2 dark:border-slate-700"
        onToggle={(event) => event.currentTarget.open && setUnfolded(true)}
      >
        <summary className="cursor-pointer text-sm font-semibold text-slate-800 dark:text-slate-200">
          {field.label}
          {field.description ? (
            <span className="mt-0.5 block text-xs font-normal text-slate-500 [overflow-wrap:anywhere] dark:text-slate-400">
              {firstSentence(field.description) ?? field.description}
            </span>
          ) : null}
        </summary>
      </details>
    );
  }
  return (
    <fieldset className={depth === 0 ? 'flex flex-col gap-4' : 'flex flex-col gap-4 rounded-md border border-slate-200 px-4 pt-1 pb-4 dark:border-slate-700'}>
      <legend className={depth === 0 ? 'mb-1 text-base font-semibold' : 'px-1 text-sm font-semibold text-slate-800 dark:text-slate-200'}>
        {field.label}
        <RequiredMark required={field.required} className="ml-0.5" />
      </legend>
      {field.description ? <Description text={field.description} className="-mt-2" /> : null}
      <FieldErrors id={field.id} />
      <FieldGroupContext.Provider value={field.label}>{typeof children === 'function' ? children() : children}</FieldGroupContext.Provider>
    </fieldset>
  );
}
