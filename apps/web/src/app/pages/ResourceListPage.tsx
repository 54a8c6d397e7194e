/**
 * All objects of one kind, live, as `kubectl get` prints them, at the version in the URL; the
 * namespace (the header's choice), label selector, name filter and order are all in the URL.
 * The kind's versions link to the same list at each served version. Each row carries its
 * readiness and top blocker as a small icon ("why is this not ready?" in one glance).
 */
import { useCallback, useMemo, useState } from 'react';
import { objectKeyOf, type GroupVersionResource, type KubeObject } from '@dojo/kube-api';
import { buttonClass } from '../../components/Button.tsx';
import { EmptyState, Loading } from '../../components/EmptyState.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Panel } from '../../components/Panel.tsx';
import { useReadinessHints } from '../../features/explain/api/readiness-hints.ts';
import { ReadinessHintIcon } from '../../features/explain/components/ReadinessHintIcon.tsx';
import { KindVersions } from '../../features/resources/components/KindVersions.tsx';
import { ResourceTable } from '../../features/resources/components/ResourceTable.tsx';
import type { ListView } from '../../features/resources/model/list-rows.ts';
import { Link, navigate } from '../../lib/router.tsx';
import { paths } from '../paths.ts';
import { useListNamespace } from './use-list-namespace.ts';
import { useResourceType } from './use-resource-type.ts';

export function ResourceListPage({
  gvr,
  namespace: urlNamespace,
  labelSelector,
  q,
  sort,
}: { gvr: GroupVersionResource; namespace?: string | undefined } & ListView) {
  const { type, isPending, error } = useResourceType(gvr);
  const view = useMemo(() => ({ labelSelector, q, sort }), [labelSelector, q, sort]);
  const urlFor = useCallback((namespace: string | undefined) => paths.resourceList({ gvr, namespace, ...view }), [gvr, view]);
  const chosen = useListNamespace(urlNamespace, urlFor, type?.namespaced ?? false);
  const namespace = type?.namespaced ? chosen : undefined;
  const onViewChange = useCallback((next: ListView) => navigate(paths.resourceList({ gvr, namespace: chosen, ...next }), { replace: true }), [gvr, chosen]);
  // Asked once the list is in: the backend answers for every object at once, and the rows come first.
  const [listed, setListed] = useState(false);
  const hints = useReadinessHints(type?.group ?? '', type?.kind, namespace, listed).data?.hints;
  const detailPath = useCallback(
    (o: KubeObject) => paths.resourceDetail({ gvr: type ?? gvr, namespace: o.metadata.namespace, objectName: o.metadata.name ?? '' }),
    [type, gvr],
  );
  const rowHint = useMemo(() => ({ header: 'Why is this not ready?', cell: (o: KubeObject) => <ReadinessHintIcon hint={hints?.[objectKeyOf(o)]} /> }), [hints]);
  if (isPending) return <Loading />;
  if (error) return <ErrorNotice error={error} title="Could not load the cluster's kinds" />;
  if (!type) return <EmptyState title={`The cluster does not serve ${gvr.resource}.${gvr.group || 'core'}/${gvr.version}.`} />;
  return (
    <>
      <PageHeader
        title={type.kind}
        description={
          <>
            <span className="font-mono">
              {type.resource}.{type.group || 'core'}/{type.version}
              {type.namespaced ? '' : ' · cluster-scoped'}
            </span>
            {type.namespaced ? <span> · {namespace ? `namespace ${namespace}` : 'all namespaces'}</span> : null}
          </>
        }
        actions={
          type.verbs.includes('create') ? (
            <Link to={paths.resourceCreate({ gvr: type, namespace })} className={buttonClass('primary')}>
              Create {type.kind}
            </Link>
          ) : null
        }
      />
      <KindVersions type={type} className="mb-5" versionPath={(version) => paths.resourceList({ gvr: { ...type, version }, namespace, ...view })} />
      <Panel title={`${type.kind} objects`} bodyClassName="">
        <ResourceTable
          type={type}
          namespace={namespace}
          view={view}
          onViewChange={onViewChange}
          detailPath={detailPath}
          maxHeight={640}
          rowHint={rowHint}
          onComplete={setListed}
        />
      </Panel>
    </>
  );
}
