/**
 * All objects of one kind, live, with a namespace choice for namespaced kinds, at the version in
 * the URL; the kind's versions link to the same list at each served version.
 */
import type { GroupVersionResource } from '@dojo/kube-api';
import { buttonClass } from '../../components/Button.tsx';
import { EmptyState, Loading } from '../../components/EmptyState.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Panel } from '../../components/Panel.tsx';
import { useResourceList } from '../../features/resources/api/resource-list.ts';
import { KindVersions } from '../../features/resources/components/KindVersions.tsx';
import { ResourceTable } from '../../features/resources/components/ResourceTable.tsx';
import { Link, navigate } from '../../lib/router.tsx';
import { paths } from '../routes.ts';
import { useResourceType } from './use-resource-type.ts';

const namespacesGvr = { group: '', version: 'v1', resource: 'namespaces' };

export function ResourceListPage({ gvr, namespace }: { gvr: GroupVersionResource; namespace?: string }) {
  const { type, isPending, error } = useResourceType(gvr);
  const namespaces = useResourceList(type?.namespaced ? namespacesGvr : undefined);
  if (isPending) return <Loading />;
  if (error) return <ErrorNotice error={error} title="Could not load the cluster's kinds" />;
  if (!type) return <EmptyState title={`The cluster does not serve ${gvr.resource}.${gvr.group || 'core'}/${gvr.version}.`} />;
  return (
    <>
      <PageHeader
        title={type.kind}
        description={
          <span className="font-mono">
            {type.resource}.{type.group || 'core'}/{type.version}
            {type.namespaced ? '' : ' · cluster-scoped'}
          </span>
        }
        actions={
          <>
            {type.namespaced ? (
              <label className="flex items-center gap-2 text-sm font-medium">
                Namespace
                <select
                  value={namespace ?? ''}
                  onChange={(e) => navigate(paths.resourceList({ gvr, namespace: e.target.value || undefined }), { replace: true })}
                  className="rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-950"
                >
                  <option value="">All namespaces</option>
                  {(namespaces.data?.items ?? []).map((n) => (
                    <option key={n.metadata.name} value={n.metadata.name}>
                      {n.metadata.name}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {type.verbs.includes('create') ? (
              <Link to={paths.resourceCreate({ gvr: type })} className={buttonClass('primary')}>
                Create {type.kind}
              </Link>
            ) : null}
          </>
        }
      />
      <KindVersions
        type={type}
        className="mb-5"
        versionPath={(version) => paths.resourceList({ gvr: { ...type, version }, namespace })}
      />
      <Panel title={`${type.kind} objects`} bodyClassName="">
        <ResourceTable gvr={type} kind={type.kind} {...(namespace ? { namespace } : {})} detailPath={(o) => paths.resourceDetail({ gvr: type, namespace: o.metadata.namespace, objectName: o.metadata.name ?? '' })} maxHeight={640} />
      </Panel>
    </>
  );
}
