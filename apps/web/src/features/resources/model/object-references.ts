/**
 * The objects an object names in its `*Ref` fields (credentialsRef -> a Secret, groupRef -> a
 * DiscordGroup, ...), found through the same schema mapping the forms use. A reference without
 * a namespace points into the object's own namespace, the Kubernetes convention.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { FormField, ReferenceTarget } from './form-schema.ts';
import { getAt } from './form-values.ts';

export interface ObjectReference {
  /** "spec.credentialsRef" */
  field: string;
  label: string;
  target: ReferenceTarget | undefined;
  name: string;
  namespace: string | undefined;
}

function referenceFields(fields: readonly FormField[]): Extract<FormField, { kind: 'reference' }>[] {
  return fields.flatMap((f) => (f.kind === 'reference' ? [f] : f.kind === 'object' ? referenceFields(f.fields) : []));
}

export function objectReferences(object: KubeObject, fields: readonly FormField[]): ObjectReference[] {
  const found: ObjectReference[] = [];
  for (const field of referenceFields(fields)) {
    const name = getAt(object, [...field.path, 'name']);
    if (typeof name !== 'string' || !name) continue;
    const namespace = getAt(object, [...field.path, 'namespace']);
    const namespaced = field.target?.namespaced ?? true;
    found.push({
      field: field.id,
      label: field.label,
      target: field.target,
      name,
      namespace: namespaced ? (typeof namespace === 'string' && namespace ? namespace : object.metadata.namespace) : undefined,
    });
  }
  return found;
}
