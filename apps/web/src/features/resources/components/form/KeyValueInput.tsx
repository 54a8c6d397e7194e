/**
 * A map of strings (a ConfigMap's `data`, a Secret's `data`, `nodeSelector`, resource limits)
 * as rows of key and value, which may span lines (a ConfigMap's files). The rows are kept as
 * typed; the draft changes when they make a map (key-value-rows.ts), and when the draft's map
 * changes under them (the live object moved on) the rows are written anew from it. A Secret's
 * values are never shown: their inputs are empty, and stay the server's unless typed over.
 */
import { useState } from 'react';
import { semanticEqual } from '@dojo/kube-api';
import { Button } from '../../../../components/Button.tsx';
import type { FormField } from '../../model/form-schema.ts';
import { getAt, type Json } from '../../model/form-values.ts';
import { isHidden, mapOf, rowsOf, shownValue, withTypedValue, type KeyValueRow } from '../../model/key-value-rows.ts';
import { Description } from './Description.tsx';
import { fieldDomId } from './FieldShell.tsx';
import { FieldErrors } from './Fieldset.tsx';
import { inputLook, useFormState } from './form-context.ts';
import { RequiredMark } from './RequiredMark.tsx';

type MapField = Extract<FormField, { kind: 'map' }>;

const linesOf = (text: string): number => Math.min(8, Math.max(1, text.split('\n').length));

export function KeyValueInput({ field }: { field: MapField }) {
  const form = useFormState();
  const value = getAt(form.draft, field.path);
  const [shown, setShown] = useState(() => ({ rows: rowsOf(value), value }));
  if (!semanticEqual(shown.value, value)) setShown({ rows: rowsOf(value), value });
  const [error, setError] = useState<string>();
  const domId = fieldDomId(field);
  const helpId = field.description || field.valueFormat ? `${domId}-help` : undefined;

  const change = (rows: KeyValueRow[]) => {
    form.touch(field.id);
    const { map, error: problem } = mapOf(rows);
    setError(problem);
    if (problem) {
      setShown({ rows, value: shown.value });
      return;
    }
    setShown({ rows, value: map });
    form.setField(field.path, map as Json | undefined);
  };
  const at = (i: number, row: KeyValueRow) => shown.rows.map((r, j) => (j === i ? row : r));

  return (
    <fieldset id={domId} className="flex flex-col gap-2" {...(helpId ? { 'aria-describedby': helpId } : {})}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {field.label}
        <RequiredMark required={field.required} className="ml-0.5" />
      </legend>
      {helpId ? (
        <Description
          id={helpId}
          className="-mt-1"
          {...(field.description ? { text: field.description } : {})}
          after={field.valueFormat === 'byte' ? '(values base64-encoded)' : null}
        />
      ) : null}
      <FieldErrors id={field.id} />
      {shown.rows.map((row, i) => {
        const hidden = isHidden(row);
        const name = row.key.trim() || `entry ${i + 1}`;
        return (
          <div key={i} className="grid grid-cols-[minmax(0,1fr)_auto] items-start gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_auto]">
            <input
              type="text"
              aria-label={`Key ${i + 1}`}
              className={`${inputLook} min-w-0 font-mono text-xs`}
              value={row.key}
              readOnly={hidden}
              title={hidden ? 'A key whose value is hidden cannot be renamed; remove it and add a new one.' : undefined}
              spellCheck={false}
              autoComplete="off"
              onChange={(event) => change(at(i, { ...row, key: event.target.value }))}
              onBlur={() => form.touch(field.id)}
            />
            <textarea
              aria-label={`Value of ${name}`}
              rows={linesOf(shownValue(row))}
              className={`${inputLook} order-last col-span-2 min-w-0 font-mono text-xs sm:order-none sm:col-span-1`}
              value={shownValue(row)}
              placeholder={hidden ? 'Hidden. Type a new value to replace it.' : field.valueFormat === 'byte' ? 'base64' : 'value'}
              spellCheck={false}
              onChange={(event) => change(at(i, withTypedValue(row, event.target.value)))}
              onBlur={() => form.touch(field.id)}
            />
            <Button variant="ghost" aria-label={`Remove ${name}`} onClick={() => change(shown.rows.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </div>
        );
      })}
      {error ? <p className="text-xs text-rose-700 dark:text-rose-300">{error}</p> : null}
      <div>
        <Button onClick={() => setShown({ rows: [...shown.rows, { key: '', value: '', redacted: false }], value: shown.value })}>Add entry</Button>
      </div>
    </fieldset>
  );
}
