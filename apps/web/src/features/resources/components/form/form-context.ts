/** What every generated field reads and writes: the draft object and the errors placed on it. */
import { createContext, useContext } from 'react';
import type { FormField } from '../../model/form-schema.ts';
import type { Json, JsonObject } from '../../model/form-values.ts';

export interface FormState {
  draft: JsonObject;
  setField(path: readonly string[], value: Json | undefined): void;
  /** Server-side messages for a field, when they should be shown (touched or submitted). */
  errorsFor(id: string): string[];
  touch(id: string): void;
  /** The namespace the object is created in: the default for reference pickers. */
  namespace: string | undefined;
  /** Edit mode: fields Kubernetes makes immutable after create (name, namespace) are locked. */
  mode: 'create' | 'update';
  /** Top-level fields the schema describes; the rest is edited by a root YAML field. */
  described: ReadonlySet<string>;
  /** Labels more than one input has: those inputs are named with their group too. */
  repeatedLabels: ReadonlySet<string>;
  /** A long form: optional nested groups left empty start folded (Fieldset). */
  foldOptionalGroups: boolean;
  /** A shown problem sits on the field or inside it: a folded group holding one opens. */
  hasProblemsUnder(id: string): boolean;
}

export const FormContext = createContext<FormState | undefined>(undefined);

/**
 * The group (fieldset) a field is in: for a label several inputs share, the group's label goes
 * into the input's accessible name, so that the "Name" of `credentialsRef` and the "Name" of
 * `channelRef` are told apart by a screen reader as they are by the eye.
 */
export const FieldGroupContext = createContext<string | undefined>(undefined);

export function useFormState(): FormState {
  const state = useContext(FormContext);
  if (!state) throw new Error('generated fields need a FormContext');
  return state;
}

/**
 * An input's change: the field counts as touched from its first edit (not only on blur), so the
 * server's objection to the new value shows at once (`errorsFor`).
 */
export function editField(form: FormState, field: Pick<FormField, 'id' | 'path'>, value: Json | undefined): void {
  form.touch(field.id);
  form.setField(field.path, value);
}

/** The input look without a width, for inputs sized by their caller. */
export const inputLook =
  'rounded-md border bg-white px-2.5 py-1.5 text-sm text-slate-900 shadow-xs placeholder:text-slate-400 ' +
  'focus:outline-2 focus:outline-offset-0 focus:outline-indigo-500 dark:bg-slate-950 dark:text-slate-100 dark:placeholder:text-slate-500 ' +
  'aria-[invalid=true]:border-rose-500 border-slate-300 dark:border-slate-600 disabled:opacity-60';

export const inputClass = `w-full ${inputLook}`;
