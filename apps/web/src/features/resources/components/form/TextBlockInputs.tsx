/**
 * Multi-line editors for values that are not one scalar: scalar lists one per line, anything
 * else as YAML (string maps have their own editor, KeyValueInput). The text is kept as typed; the draft changes only
 * when it parses, and a parse error is shown under the field. When the draft's value changes
 * under the text (the live object moved on), the text is written anew from it.
 */
import { useState } from 'react';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { semanticEqual } from '@dojo/kube-api';
import type { FormField } from '../../model/form-schema.ts';
import { getAt, parseListLines, restOf, type Json } from '../../model/form-values.ts';
import { FieldShell } from './FieldShell.tsx';
import { inputClass, useFormState } from './form-context.ts';

type Parsed = { value: Json | undefined; error?: string };

function TextBlock({ field, format, parse, hint }: { field: FormField; format: (value: unknown) => string; parse: (text: string) => Parsed; hint: string }) {
  const form = useFormState();
  const value = field.path.length ? getAt(form.draft, field.path) : restOf(form.draft, form.described);
  const textOf = (v: unknown) => (v === undefined || (typeof v === 'object' && v !== null && Object.keys(v).length === 0) ? '' : format(v));
  // The text and the value it stands for; a different value in the draft replaces the text.
  const [shown, setShown] = useState(() => ({ text: textOf(value), value }));
  if (!semanticEqual(shown.value, value)) setShown({ text: textOf(value), value });
  const text = shown.text;
  const [error, setError] = useState<string>();
  return (
    <FieldShell field={field} localErrors={error ? [error] : []}>
      {(wiring) => (
        <textarea
          {...wiring}
          rows={Math.min(10, Math.max(3, text.split('\n').length + 1))}
          className={`${inputClass} font-mono text-xs`}
          placeholder={hint}
          spellCheck={false}
          value={text}
          onChange={(event) => {
            const next = event.target.value;
            form.touch(field.id);
            const parsed = parse(next);
            setError(parsed.error);
            setShown({ text: next, value: parsed.error ? shown.value : parsed.value });
            if (!parsed.error) form.setField(field.path, parsed.value);
          }}
        />
      )}
    </FieldShell>
  );
}

export function ListInput({ field }: { field: Extract<FormField, { kind: 'list' }> }) {
  return (
    <TextBlock
      field={field}
      hint="one item per line"
      format={(value) => (Array.isArray(value) ? value.map(String).join('\n') : '')}
      parse={(text) => {
        const { value, error } = parseListLines(text, field.itemKind);
        return { value: value.length ? value : undefined, ...(error ? { error } : {}) };
      }}
    />
  );
}

export function YamlInput({ field }: { field: FormField }) {
  return (
    <TextBlock
      field={field}
      hint="YAML"
      format={(value) => toYaml(value).trimEnd()}
      parse={(text) => {
        if (!text.trim()) return { value: undefined };
        try {
          return { value: parseYaml(text) as Json };
        } catch (err) {
          return { value: undefined, error: `YAML: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}` };
        }
      }}
    />
  );
}
