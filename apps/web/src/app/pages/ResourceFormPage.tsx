/** Create or edit any kind with the form generated from its OpenAPI schema. */
import { useMemo } from 'react';
import type { GroupVersionResource, KubeObject } from '@dojo/kube-api';
import { apiVersionOf } from '@dojo/kube-api';
import type { ServedResource } from '@dojo/console-protocol';
import { buttonClass } from '../../components/Button.tsx';
import { EmptyState, Loading } from '../../components/EmptyState.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useResourceObject } from '../../features/resources/api/resource-list.ts';
import { useResourceSchema } from '../../features/resources/api/resource-schema.ts';
import { ResourceForm } from '../../features/resources/components/form/ResourceForm.tsx';
import { editableObject, type JsonObject } from '../../features/resources/model/form-values.ts';
import { useNamespaceChoice } from '../../lib/namespace-choice.ts';
import { Link, navigate } from '../../lib/router.tsx';
import { paths } from '../paths.ts';
import { useResourceType } from './use-resource-type.ts';

function blankObject(type: ServedResource, namespace: string): JsonObject {
  return {
    apiVersion: apiVersionOf(type),
    kind: type.kind,
    metadata: type.namespaced ? { name: '', namespace } : { name: '' },
  };
}

function FormFor({ type, initial, live, mode }: { type: ServedResource; initial: JsonObject; live?: JsonObject; mode: 'create' | 'update' }) {
  const schema = useResourceSchema(type);
  const meta = initial.metadata as { name?: string; namespace?: string };
  const back = () =>
    mode === 'update' && meta.name
      ? navigate(paths.resourceDetail({ gvr: type, namespace: meta.namespace, objectName: meta.name }))
      : navigate(paths.resourceList({ gvr: type }));
  if (schema.isPending) return <Loading label="Loading the schema…" />;
  if (schema.error) return <ErrorNotice error={schema.error} title={`Could not load the schema of ${type.kind}`} />;
  return (
    <ResourceForm
      mode={mode}
      type={type}
      schema={schema.data}
      initial={initial}
      {...(live ? { live } : {})}
      onCancel={back}
      onSaved={(object) => navigate(paths.resourceDetail({ gvr: type, namespace: object.metadata.namespace, objectName: object.metadata.name ?? '' }))}
    />
  );
}

export function ResourceCreatePage({ gvr, namespace: urlNamespace }: { gvr: GroupVersionResource; namespace?: string }) {
  const { type, isPending, error } = useResourceType(gvr);
  const choice = useNamespaceChoice();
  // A new object goes to the namespace the person works in, unless the link named another.
  const namespace = urlNamespace ?? choice ?? 'default';
  const initial = useMemo(() => (type ? blankObject(type, namespace) : undefined), [type, namespace]);
  if (isPending) return <Loading />;
  if (error) return <ErrorNotice error={error} title="Could not load the cluster's kinds" />;
  if (!type || !initial) return <EmptyState title={`The cluster does not serve ${gvr.resource}.`} />;
  return (
    <>
      <PageHeader title={`Create ${type.kind}`} description="Fields come from the kind's schema; the server checks the draft as you type (dry run)." />
      <FormFor type={type} initial={initial} mode="create" />
    </>
  );
}

/**
 * Edits the live object: fields the person has not changed follow it; a field someone else
 * changed too makes saving a 409, explained at the top of the form.
 */
function EditForm({ type, object }: { type: ServedResource; object: KubeObject }) {
  const live = useMemo(() => editableObject(object), [object]);
  return <FormFor type={type} initial={live} live={live} mode="update" />;
}

export function ResourceEditPage({ gvr, namespace, objectName: name }: { gvr: GroupVersionResource; namespace?: string; objectName: string }) {
  const { type, isPending, error } = useResourceType(gvr);
  const list = useResourceObject(gvr, namespace, name);
  if (isPending || list.isPending) return <Loading />;
  if (error || list.error) return <ErrorNotice error={error ?? list.error} />;
  if (!type || !list.object) return <EmptyState title={`${name} was not found.`} />;
  return (
    <>
      <PageHeader
        title={
          <>
            Edit {type.kind} <bdi>{name}</bdi>
          </>
        }
        description="Fields you have not changed follow the live object. If someone else changes a field you changed too, saving is refused (409 Conflict) and you choose."
        actions={
          type.verbs.includes('patch') ? (
            <Link to={paths.resourceDetail({ gvr: type, namespace, objectName: name, tab: 'yaml' })} className={buttonClass('ghost')}>
              Edit as YAML (server-side apply)
            </Link>
          ) : null
        }
      />
      <EditForm type={type} object={list.object} />
    </>
  );
}
