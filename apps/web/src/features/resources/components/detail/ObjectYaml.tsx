/** The object as YAML, managedFields folded away unless asked for. */
import { useState } from 'react';
import { stringify as toYaml } from 'yaml';
import type { KubeObject } from '@dojo/kube-api';

export function objectYaml(object: KubeObject, withManagedFields = false): string {
  if (withManagedFields) return toYaml(object);
  const { managedFields: _managed, ...metadata } = object.metadata;
  return toYaml({ ...object, metadata });
}

export function ObjectYaml({ object }: { object: KubeObject }) {
  const [managed, setManaged] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-center gap-2 self-end text-xs text-slate-600 dark:text-slate-400">
        <input type="checkbox" checked={managed} onChange={(e) => setManaged(e.target.checked)} />
        Show managed fields
      </label>
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
