/**
 * The page of one object, any kind (ObjectDetail.tsx); for a name whose object is gone, what
 * was recorded of it, marked deleted (DeletedObjectDetail.tsx).
 */
import type { GroupVersionResource } from '@dojo/kube-api';
import { EmptyState, Loading } from '../../components/EmptyState.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { useResourceObject } from '../../features/resources/api/resource-list.ts';
import type { DetailFocus, DetailTab } from '../resource-routes.ts';
import { DeletedObjectDetail } from './DeletedObjectDetail.tsx';
import { ObjectDetail } from './ObjectDetail.tsx';
import { useResourceType } from './use-resource-type.ts';

export function ResourceDetailPage({
  gvr,
  namespace,
  objectName: name,
  tab,
  ...focus
}: { gvr: GroupVersionResource; namespace?: string | undefined; objectName: string; tab: DetailTab } & DetailFocus) {
  const { type, isPending: typesPending, error: typesError } = useResourceType(gvr);
  const { object, isPending, error } = useResourceObject(gvr, namespace, name);
  if (typesPending || isPending) return <Loading />;
  if (typesError || error) return <ErrorNotice error={typesError ?? error} />;
  if (!type) return <EmptyState title={`The cluster does not serve ${gvr.resource}.`} />;
  // A uid in the URL that is not the live object's names a deleted incarnation of the name.
  if (!object || (focus.uid && object.metadata.uid !== focus.uid))
    return <DeletedObjectDetail type={type} namespace={namespace} name={name} tab={tab} {...focus} />;
  return <ObjectDetail type={type} namespace={namespace} name={name} tab={tab} object={object} {...focus} />;
}
