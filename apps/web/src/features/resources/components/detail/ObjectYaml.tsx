/** The object as YAML, managedFields folded away unless asked for; editable and applied with server-side apply where the kind allows. */
import { useState } from 'react';
import { stringify as toYaml } from 'yaml';
import type { GroupVersionResource, KubeObject } from '@dojo/kube-api';
import { Button } from '../../../../components/Button.tsx';
import { YamlApply } from './YamlApply.tsx';

export function objectYaml(object: KubeObject, withManagedFields = false): string {
  if (withManagedFields) return toYaml(object);
  const { managedFields: _managed, ...metadata } = object.metadata;
  return toYaml({ ...object, metadata });
}

export function ObjectYaml({ object, gvr, canApply = false }: { object: KubeObject; gvr: GroupVersionResource; canApply?: boolean }) {
  const [managed, setManaged] = useState(false);
  const [editing, setEditing] = useState(false);
  if (editing) return <YamlApply gvr={gvr} object={object} onDone={() => setEditing(false)} />;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center justify-end gap-3">
        <label className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          <input type="checkbox" checked={managed} onChange={(e) => setManaged(e.target.checked)} />
          Show managed fields
        </label>
        {canApply ? <Button onClick={() => setEditing(true)}>Edit and apply</Button> : null}
      </div>
      <pre
        aria-label="Object YAML"
        tabIndex={0}
        className="max-h-[70vh] overflow-auto rounded-md border border-slate-200 bg-slate-900 p-4 font-mono text-xs leading-relaxed text-slate-100 dark:border-slate-700"
      >
        {objectYaml(object, managed)}
      </pre>
    </div>
  );
}
