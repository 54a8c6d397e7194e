/**
 * What the operator is doing now: a card per controller (and per controller scraped from an
 * operator's metrics endpoint, when the console scrapes one), a card per admission webhook and
 * policy the API server called (when there is one), a card per other client of the API
 * server (operators the console did not start, kubectl, ...) with the "Connect an operator"
 * dialog, then a live table of every kind the operator's controllers reconcile, the main kind
 * first (the session names its controller). The system controllers' kinds (Deployments, Pods,
 * ...) are one click away in Resources. While those kinds have no objects (in the chosen
 * namespace), the page opens with what to do first.
 */
import { memo, useCallback, useState } from 'react';
import type { KubeObject } from '@dojo/kube-api';
import { useQueries } from '@tanstack/react-query';
import type { ServedResource } from '@dojo/console-protocol';
import { Panel } from '../../components/Panel.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button, buttonClass } from '../../components/Button.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import type { ClientLinks } from '../../features/activity/components/ClientCard.tsx';
import { ClientCards } from '../../features/activity/components/ClientCards.tsx';
import { AdmissionCards } from '../../features/admission/components/AdmissionCards.tsx';
import { ClientControlsBadge } from '../../features/clients/components/ClientControlsBadge.tsx';
import { ConnectOperatorDialog } from '../../features/activity/components/ConnectOperatorDialog.tsx';
import { ControllerCards } from '../../features/controllers/components/ControllerCards.tsx';
import { useControllers } from '../../features/controllers/api/controllers.ts';
import { findKind, useResourceTypes } from '../../features/resources/api/resource-types.ts';
import { resourceListQueryOptions } from '../../features/resources/api/resource-list.ts';
import { useSession } from '../../features/session/api/session.ts';
import { ResourceTable } from '../../features/resources/components/ResourceTable.tsx';
import { ScrapedControllerCards } from '../../features/scrape/components/ScrapedControllerCards.tsx';
import { TracedClientSection } from '../../features/traces/components/TracedClientSection.tsx';
import { TracedControllerCards } from '../../features/traces/components/TracedControllerCards.tsx';
import { useNamespaceChoice } from '../../lib/namespace-choice.ts';
import { Link } from '../../lib/router.tsx';
import { controllerLinks, useAdmissionConfigurationLink } from '../object-links.ts';
import { paths } from '../paths.ts';
import { GettingStarted } from './GettingStarted.tsx';

const clientLinks: ClientLinks = {
  timeline: (client) => paths.timeline({ controller: client }),
  watches: (client) => paths.watches({ client }),
  conflicts: () => paths.conflicts({}),
  client: (client) => paths.client({ client }),
};

function plural(kind: string): string {
  return kind.endsWith('s') ? `${kind}es` : `${kind}s`;
}

// Memoized: the page renders again with every metrics message (once a second), and a list of
// 10,000 rows should not.
const KindPanel = memo(function KindPanel({ type, namespace }: { type: ServedResource; namespace: string | undefined }) {
  const detailPath = useCallback(
    (o: KubeObject) => paths.resourceDetail({ gvr: type, namespace: o.metadata.namespace, objectName: o.metadata.name ?? '' }),
    [type],
  );
  return (
    <Panel
      title={plural(type.kind)}
      description={`${type.resource}.${type.group || 'core'}`}
      bodyClassName=""
      actions={
        <>
          <Link to={paths.resourceList({ gvr: type, namespace })} className={buttonClass('ghost')}>
            All {plural(type.kind)}
          </Link>
          {type.verbs.includes('create') ? (
            <Link to={paths.resourceCreate({ gvr: type, namespace })} className={buttonClass('primary')}>
              Create {type.kind}
            </Link>
          ) : null}
        </>
      }
    >
      <ResourceTable type={type} namespace={namespace} detailPath={detailPath} maxHeight={360} />
    </Panel>
  );
});

export function OverviewPage() {
  const { data: controllers } = useControllers();
  const { data: types, error } = useResourceTypes();
  const { data: session } = useSession();
  const namespace = useNamespaceChoice();
  const [connecting, setConnecting] = useState(false);
  const admissionConfigurationLink = useAdmissionConfigurationLink();
  // The session's operators in their order: the first one's own kind leads.
  const rank = (name: string) => (session?.operators ?? []).indexOf(name) + 1 || Infinity;
  const operatorKinds = (controllers ?? [])
    .filter((c) => c.role === 'operator')
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name))
    .map((c) => findKind(types, c.forKind.group, c.forKind.kind))
    .filter((t, i, all): t is ServedResource => t !== undefined && all.indexOf(t) === i);
  const lists = useQueries({ queries: operatorKinds.map((type) => resourceListQueryOptions(type, type.namespaced ? namespace : undefined)) });
  const empty = operatorKinds.length > 0 && lists.every((l) => l.data?.items.length === 0);
  return (
    <>
      <PageHeader title="Overview" description="What every controller is doing now, and the objects they reconcile." />
      <div className="flex flex-col gap-6">
        {empty && operatorKinds[0] ? (
          <GettingStarted main={operatorKinds[0]} namespace={operatorKinds[0].namespaced ? namespace : undefined} session={session} />
        ) : null}
        <section aria-labelledby="controllers-heading">
          <h3 id="controllers-heading" className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-300">
            Controllers
          </h3>
          <ControllerCards links={controllerLinks} featured={session?.operators ?? []} />
        </section>
        <ScrapedControllerCards />
        <TracedControllerCards timeline={(controller) => paths.timeline({ controller })} />
        <AdmissionCards configurationLink={admissionConfigurationLink} />
        <section aria-labelledby="clients-heading">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h3 id="clients-heading" className="text-sm font-semibold text-slate-700 dark:text-slate-300">
              Other clients of the API server{' '}
              <span className="font-normal text-slate-500 dark:text-slate-400">— seen from its request journal; their reconciles are inferred</span>
            </h3>
            {/* A recording has no API server to connect to: its clients are replayed from its journal. */}
            {session?.recording ? null : (
              <Button variant="primary" onClick={() => setConnecting(true)}>
                Connect an operator
              </Button>
            )}
          </div>
          <ClientCards
            links={clientLinks}
            controls={(client) => <ClientControlsBadge client={client} to={paths.client({ client })} />}
            also={(client) => <TracedClientSection client={client} timeline={(controller) => paths.timeline({ controller })} />}
          />
          {session?.recording ? null : <ConnectOperatorDialog open={connecting} onClose={() => setConnecting(false)} dataDir={session?.cluster.dataDir} />}
        </section>
        {error ? <ErrorNotice error={error} title="Could not load the cluster's kinds" /> : null}
        {operatorKinds.map((type) => (
          <KindPanel key={`${type.group}/${type.resource}`} type={type} namespace={type.namespaced ? namespace : undefined} />
        ))}
      </div>
    </>
  );
}
