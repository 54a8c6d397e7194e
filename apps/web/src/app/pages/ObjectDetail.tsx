/**
 * One object's page, any kind: why it is not ready (at the top, whatever the tab); conditions
 * and their history, status, owner tree, metadata; YAML; versions with diffs; Events; its
 * reconciles; its fields by writer; the admission webhooks' and policies' verdicts on its writes. Scale and delete where the kind allows. A deleted object's
 * page is the same page over what was last recorded of it, marked deleted, without controls.
 * Everything recorded about the object is matched by its identity (kind and uid included), and
 * versions, Events and reconciles link to each other through the URL's `rv` and `reconcile`.
 */
import type { ReactNode } from 'react';
import type { ReconcileIdAnnotation, ServedResource } from '@dojo/console-protocol';
import { identityKey, identityOf, type GroupVersionResource, type KubeObject, type ObjectIdentity } from '@dojo/kube-api';
import { buttonClass } from '../../components/Button.tsx';
import { Badge, ConditionChip } from '../../components/ConditionChip.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { useObjectVersions } from '../../features/resources/api/object-versions.ts';
import { ConditionsTable } from '../../features/resources/components/detail/ConditionsTable.tsx';
import { DeleteControl } from '../../features/resources/components/detail/DeleteControl.tsx';
import { EventsList } from '../../features/resources/components/detail/EventsList.tsx';
import { ObjectMetadata } from '../../features/resources/components/detail/ObjectMetadata.tsx';
import { ObjectReferencesList } from '../../features/resources/components/detail/ObjectReferencesList.tsx';
import { ObjectYaml } from '../../features/resources/components/detail/ObjectYaml.tsx';
import { OwnerTreeView } from '../../features/resources/components/detail/OwnerTreeView.tsx';
import { currentReplicas, ScaleControl } from '../../features/resources/components/detail/ScaleControl.tsx';
import { StatusFields } from '../../features/resources/components/detail/StatusFields.tsx';
import { VersionHistory, type VersionHistoryProps } from '../../features/resources/components/detail/VersionHistory.tsx';
import { conditionsOf, readyText } from '../../features/resources/model/object-summary.ts';
import { WhyNotReady } from '../../features/explain/components/WhyNotReady.tsx';
import { ObjectAdmission } from '../../features/admission/components/ObjectAdmission.tsx';
import { FieldHistoryView } from '../../features/fields/components/FieldHistoryView.tsx';
import { PodLogs } from '../../features/logs/components/PodLogs.tsx';
import { ConditionHistory } from '../../features/telemetry/components/ConditionHistory.tsx';
import { ObjectReconciles } from '../../features/telemetry/components/ObjectReconciles.tsx';
import { TriggeredReconciles } from '../../features/telemetry/components/TriggeredReconciles.tsx';
import { Link, navigate } from '../../lib/router.tsx';
import { detailPath, useLinkTarget, useObjectPageLink } from '../object-links.ts';
import type { DetailFocus, DetailTab } from '../resource-routes.ts';
import { paths } from '../paths.ts';

const tabs: { id: DetailTab; label: string }[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'yaml', label: 'YAML' },
  { id: 'versions', label: 'Versions' },
  { id: 'events', label: 'Events' },
  { id: 'reconciles', label: 'Reconciles' },
  { id: 'fields', label: 'Fields' },
  { id: 'admission', label: 'Admission' },
];

/** A Pod's page has a Logs tab too (`pods/log`), while the Pod is there to ask. */
const podTabs: { id: DetailTab; label: string }[] = [...tabs, { id: 'logs', label: 'Logs' }];
const isPod = (gvr: GroupVersionResource): boolean => gvr.group === '' && gvr.resource === 'pods';

const reconcileIdAnnotation: ReconcileIdAnnotation = 'dojo-console.io/reconcile-id';

export interface ObjectDetailProps extends DetailFocus {
  readonly type: ServedResource;
  readonly namespace?: string | undefined;
  readonly name: string;
  readonly tab: DetailTab;
  /** The object on screen: the live one, or what was last recorded of a deleted one. */
  readonly object: KubeObject;
  /** Set when the object is gone: its deletion and the name's other incarnations, shown above the tabs. */
  readonly deleted?: ReactNode;
}

/** An object's page below its breadcrumb: header, "why not ready", tabs. A deleted object's has no controls and no live answers. */
export function ObjectDetail({ type, namespace, name, tab, object, deleted, rv, reconcile, trigger, uid }: ObjectDetailProps) {
  const objectLink = useObjectPageLink();
  const linkTarget = useLinkTarget();
  const identity = identityOf(object, type);
  const focus = (next: { tab?: DetailTab } & DetailFocus) =>
    navigate(paths.resourceDetail({ gvr: type, namespace, objectName: name, tab, rv, reconcile, trigger, uid, ...next }), { replace: true });
  const live = deleted === undefined;
  const recordedBy = (event: KubeObject) => {
    const id = event.metadata.annotations?.[reconcileIdAnnotation];
    return id ? (
      <Link
        to={paths.timeline({ reconcile: id })}
        className="font-mono text-xs text-indigo-700 underline dark:text-indigo-300"
        aria-label={`Reconcile that recorded ${String(event.reason ?? 'this event')}`}
      >
        {id.slice(0, 8)}
      </Link>
    ) : undefined;
  };
  const canScale = live && (type.subresources ? type.subresources.includes('scale') : currentReplicas(object) !== undefined);
  const ready = readyText(object);
  return (
    <>
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-slate-500 dark:text-slate-400">
        <Link to={paths.resources({})} className="hover:underline">
          Resources
        </Link>{' '}
        /{' '}
        <Link to={paths.resourceList({ gvr: type })} className="hover:underline">
          {type.kind}
        </Link>
      </nav>
      <PageHeader
        title={
          <span className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-base font-normal text-slate-500">{type.kind}</span>
            <bdi>{name}</bdi>
            {!live ? <Badge tone="bad">Deleted</Badge> : object.metadata.deletionTimestamp ? <Badge tone="unknown">Terminating</Badge> : null}
          </span>
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            {namespace ? (
              <span>
                in <bdi>{namespace}</bdi>
              </span>
            ) : (
              <span>cluster-scoped</span>
            )}
            {ready ? <span>· ready {ready}</span> : null}
            {conditionsOf(object).map((c) => (
              <ConditionChip key={c.type} condition={c} />
            ))}
          </span>
        }
        actions={
          live ? (
            <>
              {type.verbs.includes('update') ? (
                <Link to={paths.resourceEdit({ gvr: type, namespace, objectName: name })} className={buttonClass()}>
                  Edit
                </Link>
              ) : null}
              {type.verbs.includes('delete') ? <DeleteControl gvr={type} kind={type.kind} object={object} /> : null}
            </>
          ) : undefined
        }
      />
      {deleted}
      {live ? (
        <WhyNotReady
          key={`${identityKey(identity)}#${identity.uid ?? ''}`}
          identity={identity}
          resourceVersion={object.metadata.resourceVersion}
          linkTo={linkTarget}
        />
      ) : null}
      {canScale ? (
        <div className="mb-4">
          <ScaleControl key={object.metadata.uid} gvr={type} object={object} />
        </div>
      ) : null}
      <Tabs
        label={`${type.kind} ${name}`}
        items={live ? (isPod(type) ? podTabs : tabs) : tabs.filter((t) => t.id !== 'fields')}
        selected={tab}
        onSelect={(t) => navigate(paths.resourceDetail({ gvr: type, namespace, objectName: name, tab: t, uid }), { replace: true })}
      >
        {tab === 'overview' ? (
          <div className="flex flex-col gap-5">
            <Panel title="Conditions" bodyClassName="">
              <ConditionsTable object={object} />
            </Panel>
            <Panel title="Condition history" description="Every transition the console recorded, newest first." bodyClassName="">
              <ConditionHistory identity={identity} />
            </Panel>
            <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
              <Panel title="Status">
                <StatusFields object={object} />
              </Panel>
              <Panel title="Owner tree">
                <OwnerTreeView object={object} type={type} detailPath={detailPath} />
                <ObjectReferencesList object={object} type={type} detailPath={detailPath} />
              </Panel>
            </div>
            <Panel title="Metadata">
              <ObjectMetadata object={object} />
            </Panel>
          </div>
        ) : tab === 'yaml' ? (
          <ObjectYaml object={object} gvr={type} canApply={live && type.verbs.includes('patch')} />
        ) : tab === 'versions' ? (
          <ObjectVersions
            object={object}
            identity={identity}
            rv={rv}
            onSelect={(v) => focus({ rv: v })}
            triggered={(v) => <TriggeredReconciles object={v.object} resourceVersion={v.resourceVersion} objectLink={objectLink} />}
          />
        ) : tab === 'fields' && live ? (
          <FieldHistoryView
            identity={identity}
            resourceVersion={object.metadata.resourceVersion}
            links={{
              version: (v) => paths.resourceDetail({ gvr: type, namespace, objectName: name, tab: 'versions', rv: v }),
              reconcile: (id) => paths.timeline({ reconcile: id }),
            }}
          />
        ) : tab === 'admission' ? (
          <ObjectAdmission key={`${identityKey(identity)}#${identity.uid ?? ''}`} identity={identity} resource={type.resource} />
        ) : tab === 'events' ? (
          <EventsList object={object} recordedBy={recordedBy} />
        ) : tab === 'logs' && live && isPod(type) ? (
          <PodLogs key={object.metadata.uid} pod={object} />
        ) : tab === 'reconciles' ? (
          <ObjectReconciles
            identity={identity}
            view={{ reconcile, trigger }}
            onViewChange={(v) => focus({ reconcile: v.reconcile, trigger: v.trigger })}
            objectLink={objectLink}
          />
        ) : null}
      </Tabs>
    </>
  );
}

/** The Versions tab: the backend's recorded versions, refetched as the object on screen moves. */
function ObjectVersions({
  object,
  identity,
  ...props
}: { object: KubeObject; identity: ObjectIdentity } & Pick<VersionHistoryProps, 'rv' | 'onSelect' | 'triggered'>) {
  const versions = useObjectVersions(identity, object.metadata.resourceVersion);
  return <VersionHistory page={versions.data} isPending={versions.isPending} error={versions.error} {...props} />;
}
