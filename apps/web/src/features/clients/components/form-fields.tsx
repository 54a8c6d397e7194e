/** The small labelled inputs the client tabs' forms share. */
import type { ReactNode } from 'react';

/** Without a width: `inputClass` fills its cell, a short input sets its own. */
export const inputBaseClass = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-950';
export const inputClass = `w-full ${inputBaseClass}`;

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string | undefined }) {
  return (
    <label className="flex min-w-0 flex-col gap-1 text-xs font-medium text-slate-700 dark:text-slate-300">
      {label}
      {children}
      {hint ? <span className="font-normal text-slate-500 dark:text-slate-400">{hint}</span> : null}
    </label>
  );
}

export function TextField({
  label,
  value,
  onChange,
  placeholder,
  hint,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  hint?: string;
}) {
  return (
    <Field label={label} hint={hint}>
      <input className={inputClass} value={value} placeholder={placeholder} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}
