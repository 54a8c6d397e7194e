/**
 * Name and namespace: the metadata every object needs and the schema does not describe. Both
 * are fixed once the object exists (Kubernetes refuses to change them).
 */
import type { ServedResource } from '@dojo/console-protocol';
import { useResourceList } from '../../api/resource-list.ts';
import type { FormField } from '../../model/form-schema.ts';
import { getAt } from '../../model/form-values.ts';
import { FieldShell } from './FieldShell.tsx';
import { editField, inputClass, useFormState } from './form-context.ts';

const nameField: FormField = {
  kind: 'string',
  path: ['metadata', 'name'],
  id: 'metadata.name',
  label: 'Name',
  required: true,
  description: 'Lowercase letters, digits and "-"; unique for the kind in its namespace.',
};

const namespaceField: FormField = { kind: 'string', path: ['metadata', 'namespace'], id: 'metadata.namespace', label: 'Namespace', required: true };

/** The labels of the inputs every form has outside the schema. */
export const metadataLabels = [nameField.label, namespaceField.label];

const namespacesGvr = { group: '', version: 'v1', resource: 'namespaces' };

export function MetadataFields({ type }: { type: ServedResource }) {
  const form = useFormState();
  const namespaces = useResourceList(type.namespaced ? namespacesGvr : undefined);
  const name = getAt(form.draft, nameField.path);
  const namespace = getAt(form.draft, namespaceField.path);
  const locked = form.mode === 'update';
  const options = [...new Set([...(namespaces.data?.items ?? []).map((n) => n.metadata.name ?? ''), typeof namespace === 'string' ? namespace : ''])]
    .filter(Boolean)
    .sort();
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-1 text-base font-semibold">Metadata</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FieldShell field={nameField}>
          {(wiring) => (
            <input
              {...wiring}
              type="text"
              autoComplete="off"
              spellCheck={false}
              readOnly={locked}
              className={inputClass}
              value={typeof name === 'string' ? name : ''}
              onChange={(event) => editField(form, nameField, event.target.value)}
            />
          )}
        </FieldShell>
        {type.namespaced ? (
          <FieldShell field={namespaceField}>
            {(wiring) => (
              <select
                {...wiring}
                disabled={locked}
                className={inputClass}
                value={typeof namespace === 'string' ? namespace : ''}
                onChange={(event) => editField(form, namespaceField, event.target.value)}
              >
                {options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            )}
          </FieldShell>
        ) : null}
      </div>
    </fieldset>
  );
}
