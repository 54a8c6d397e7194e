/** Create or edit any kind with the form generated from its OpenAPI schema. */
import { useMemo, useState } from 'react';
import type { GroupVersionResource, KubeObject } from '@dojo/kube-api';
import { apiVersionOf } from '@dojo/kube-api';
import type { ResourceType } from '@dojo/console-protocol';
import { EmptyState, Loading } from '../../components/EmptyState.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useResourceObject } from '../../features/resources/api/resource-list.ts';
import { useResourceSchema } from '../../features/resources/api/resource-schema.ts';
import { ResourceForm } from '../../features/resources/components/form/ResourceForm.tsx';
import type { JsonObject } from '../../features/resources/model/form-values.ts';
import { navigate } from '../../lib/router.tsx';
import { paths } from '../routes.ts';
import { useResourceType } from './use-resource-type.ts';

function blankObject(type: ResourceType, namespace: string): JsonObject {
  return {
    apiVersion: apiVersionOf(type),
    kind: type.kind,
    metadata: type.namespaced ? { name: '', namespace } : { name: '' },
  };
}

function editable(object: KubeObject): JsonObject {
  const { managedFields: _m, ...metadata } = object.metadata;
  const { status: _s, ...rest } = object;
  return JSON.parse(JSON.stringify({ ...rest, metadata })) as JsonObject;
}

function FormFor({ type, initial, mode }: { type: ResourceType; initial: JsonObject; mode: 'create' | 'update' }) {
  const schema = useResourceSchema(type);
  const meta = initial.metadata as { name?: string; namespace?: string };
  const back = () =>
    mode === 'update' && meta.name ? navigate(paths.resourceDetail({ gvr: type, namespace: meta.namespace, objectName: meta.name })) : navigate(paths.resourceList({ gvr: type }));
  if (schema.isPending) return <Loading label="Loading the schema…" />;
  if (schema.error) return <ErrorNotice error={schema.error} title={`Could not load the schema of ${type.kind}`} />;
  return (
    <ResourceForm
      mode={mode}
      type={type}
      schema={schema.data}
      initial={initial}
      onCancel={back}
      onSaved={(object) => navigate(paths.resourceDetail({ gvr: type, namespace: object.metadata.namespace, objectName: object.metadata.name ?? '' }))}
    />
  );
}

export function ResourceCreatePage({ gvr, namespace = 'default' }: { gvr: GroupVersionResource; namespace?: string }) {
  const { type, isPending, error } = useResourceType(gvr);
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

/** Edits the version that was current when the page opened; a newer one makes saving a 409. */
function EditForm({ type, object }: { type: ResourceType; object: KubeObject }) {
  const [initial] = useState(() => editable(object));
  return <FormFor type={type} initial={initial} mode="update" />;
}

export function ResourceEditPage({ gvr, namespace, objectName: name }: { gvr: GroupVersionResource; namespace?: string; objectName: string }) {
  const { type, isPending, error } = useResourceType(gvr);
  const list = useResourceObject(gvr, namespace, name);
  if (isPending || list.isPending) return <Loading />;
  if (error || list.error) return <ErrorNotice error={error ?? list.error} />;
  if (!type || !list.object) return <EmptyState title={`${name} was not found.`} />;
  return (
    <>
      <PageHeader title={<>Edit {type.kind} <bdi>{name}</bdi></>} description="Saving sends the resourceVersion you started from: if someone changed the object meanwhile, the server answers 409 Conflict." />
      <EditForm type={type} object={list.object} />
    </>
  );
}
