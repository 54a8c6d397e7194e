/**
 * An object reference (`credentialsRef`, `alarms.channelRef`): pick an existing object of the
 * target kind by name, or type one that does not exist yet (a Secret an operator will create
 * later). Suggestions are the live list of that kind in the chosen namespace.
 */
import { useId, type ReactNode } from 'react';
import type { FormField } from '../../model/form-schema.ts';
import { getAt } from '../../model/form-values.ts';
import { useResourceList } from '../../api/resource-list.ts';
import { FieldShell } from './FieldShell.tsx';
import { editField, inputClass, useFormState } from './form-context.ts';
import { Fieldset } from './Fieldset.tsx';

type Reference = Extract<FormField, { kind: 'reference' }>;

const namespacesGvr = { group: '', version: 'v1', resource: 'namespaces' };

export function ReferencePicker({ field, depth, renderField }: { field: Reference; depth: number; renderField: (field: FormField) => ReactNode }) {
  const form = useFormState();
  const listId = useId();
  const namespaceListId = useId();
  const nameField = field.fields.find((f) => f.path[f.path.length - 1] === 'name');
  const namespaceField = field.fields.find((f) => f.path[f.path.length - 1] === 'namespace');
  const others = field.fields.filter((f) => f !== nameField && f !== namespaceField);
  const chosenNamespace = namespaceField ? getAt(form.draft, namespaceField.path) : undefined;
  const namespace = typeof chosenNamespace === 'string' && chosenNamespace ? chosenNamespace : form.namespace;
  const target = field.target;
  const candidates = useResourceList(target, target?.namespaced ? namespace : undefined, { enabled: Boolean(target) });
  const namespaces = useResourceList(namespaceField ? namespacesGvr : undefined);
  const names = (candidates.data?.items ?? [])
    .map((o) => o.metadata.name ?? '')
    .filter(Boolean)
    .sort();
  const nameValue = nameField ? getAt(form.draft, nameField.path) : undefined;

  return (
    <Fieldset field={field} depth={depth}>
      {target ? (
        <p className="-mt-2 text-xs text-slate-500 dark:text-slate-400">
          Refers to a {target.kind}.{' '}
          {candidates.isSuccess
            ? names.length
              ? `${names.length} ${target.kind}${names.length === 1 ? '' : 's'} ${target.namespaced ? `in ${namespace ?? 'all namespaces'}` : 'in the cluster'} to choose from.`
              : `No ${target.kind} ${target.namespaced ? `in ${namespace ?? 'any namespace'}` : ''} yet; type a name.`
            : null}
        </p>
      ) : null}
      {nameField ? (
        <FieldShell field={nameField}>
          {(wiring) => (
            <>
              <input
                {...wiring}
                type="text"
                list={listId}
                autoComplete="off"
                spellCheck={false}
                className={`${inputClass} max-w-md`}
                value={typeof nameValue === 'string' ? nameValue : ''}
                onChange={(event) => editField(form, nameField, event.target.value === '' ? undefined : event.target.value)}
              />
              <datalist id={listId}>
                {names.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </FieldShell>
      ) : null}
      {namespaceField ? (
        <FieldShell field={namespaceField}>
          {(wiring) => (
            <>
              <input
                {...wiring}
                type="text"
                list={namespaceListId}
                autoComplete="off"
                spellCheck={false}
                placeholder={form.namespace ? `Default: ${form.namespace}` : undefined}
                className={`${inputClass} max-w-md`}
                value={typeof chosenNamespace === 'string' ? chosenNamespace : ''}
                onChange={(event) => editField(form, namespaceField, event.target.value === '' ? undefined : event.target.value)}
              />
              <datalist id={namespaceListId}>
                {(namespaces.data?.items ?? []).map((ns) => (
                  <option key={ns.metadata.name} value={ns.metadata.name} />
                ))}
              </datalist>
            </>
          )}
        </FieldShell>
      ) : null}
      {others.map(renderField)}
    </Fieldset>
  );
}
