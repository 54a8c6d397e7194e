/** What the object refers to by name (its `*Ref` fields), each linked to the referenced object. */
import { useMemo } from 'react';
import type { KubeObject } from '@dojo/kube-api';
import type { ServedResource } from '@dojo/console-protocol';
import { Link } from '../../../../lib/router.tsx';
import { useResourceSchema } from '../../api/resource-schema.ts';
import { useResourceTypes } from '../../api/resource-types.ts';
import { formFieldsForKind } from '../../model/form-schema.ts';
import { objectReferences } from '../../model/object-references.ts';
import { referenceTargetResolver } from '../../model/reference-target.ts';
import type { DetailPath } from './OwnerTreeView.tsx';

export function ObjectReferencesList({ object, type, detailPath }: { object: KubeObject; type: ServedResource; detailPath: DetailPath }) {
  const schema = useResourceSchema(type);
  const { data: types } = useResourceTypes();
  // A built-in kind's fields are read through kube's definitions: once per schema, not per watch event.
  const fields = useMemo(
    () => (schema.data ? formFieldsForKind(schema.data.schema, referenceTargetResolver(types ?? []), schema.data.definitions) : undefined),
    [schema.data, types],
  );
  if (!fields) return null;
  const references = objectReferences(object, fields);
  if (references.length === 0) return null;
  return (
    <div className="mt-4 text-sm">
      <h4 className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">Refers to</h4>
      <ul className="mt-1">
        {references.map((r) => {
          const targetType = r.target ? types?.find((t) => t.group === r.target!.group && t.resource === r.target!.resource) : undefined;
          return (
            <li key={r.field} className="flex flex-wrap items-center gap-2 py-0.5">
              <span className="font-mono text-xs text-slate-500">{r.field}</span>
              <span aria-hidden="true">→</span>
              {r.target ? <span className="font-mono text-xs text-slate-500">{r.target.kind}</span> : null}
              {targetType ? (
                <Link to={detailPath(targetType, r.namespace, r.name)} className="font-medium text-indigo-700 hover:underline dark:text-indigo-300">
                  <bdi>{r.name}</bdi>
                </Link>
              ) : (
                <bdi>{r.name}</bdi>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
