/**
 * Multi-line editors for values that are not one scalar: string maps as key=value lines, scalar
 * lists one per line, anything else as YAML. The text is kept as typed; the draft changes only
 * when it parses, and a parse error is shown under the field.
 */
import { useState } from 'react';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import type { FormField } from '../../model/form-schema.ts';
import { formatKeyValueLines, getAt, parseKeyValueLines, parseListLines, restOf, type Json } from '../../model/form-values.ts';
import { FieldShell } from './FieldShell.tsx';
import { inputClass, useFormState } from './form-context.ts';

type Parsed = { value: Json | undefined; error?: string };

function TextBlock({ field, format, parse, hint }: { field: FormField; format: (value: unknown) => string; parse: (text: string) => Parsed; hint: string }) {
  const form = useFormState();
  const [text, setText] = useState(() => {
    const value = field.path.length ? getAt(form.draft, field.path) : restOf(form.draft, form.described);
    const empty = value === undefined || (typeof value === 'object' && value !== null && Object.keys(value).length === 0);
    return empty ? '' : format(value);
  });
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
            setText(next);
            form.touch(field.id);
            const parsed = parse(next);
            setError(parsed.error);
            if (!parsed.error) form.setField(field.path, parsed.value);
          }}
        />
      )}
    </FieldShell>
  );
}

export function MapInput({ field }: { field: FormField }) {
  return (
    <TextBlock
      field={field}
      hint="key=value, one per line"
      format={formatKeyValueLines}
      parse={(text) => {
        const { value, error } = parseKeyValueLines(text);
        return { value: Object.keys(value).length ? value : undefined, ...(error ? { error } : {}) };
      }}
    />
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
