/**
 * What the operator is doing now: a card per controller, a card per other client of the API
 * server (operators the console did not start, kubectl, ...) with the "Connect an operator"
 * dialog, then a live table of every kind the operator's controllers reconcile, the main kind
 * first (the session names its controller). The system controllers' kinds (Deployments, Pods,
 * ...) are one click away in Resources.
 */
import { useState } from 'react';
import type { ResourceType } from '@dojo/console-protocol';
import { Panel } from '../../components/Panel.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Button, buttonClass } from '../../components/Button.tsx';
import { ErrorNotice } from '../../components/ErrorNotice.tsx';
import type { ClientLinks } from '../../features/activity/components/ClientCard.tsx';
import { ClientCards } from '../../features/activity/components/ClientCards.tsx';
import { ConnectOperatorDialog } from '../../features/activity/components/ConnectOperatorDialog.tsx';
import { ControllerCards } from '../../features/controllers/components/ControllerCards.tsx';
import { useControllers } from '../../features/controllers/api/controllers.ts';
import { findKind, useResourceTypes } from '../../features/resources/api/resource-types.ts';
import { useSession } from '../../features/session/api/session.ts';
import { ResourceTable } from '../../features/resources/components/ResourceTable.tsx';
import { Link } from '../../lib/router.tsx';
import { controllerLinks } from '../object-links.ts';
import { paths } from '../routes.ts';

const clientLinks: ClientLinks = {
  timeline: (client) => paths.timeline({ controller: client }),
  watches: (client) => paths.watches({ client }),
  conflicts: () => paths.conflicts({}),
};

function plural(kind: string): string {
  return kind.endsWith('s') ? `${kind}es` : `${kind}s`;
}

function KindPanel({ type }: { type: ResourceType }) {
  return (
    <Panel
      title={plural(type.kind)}
      description={`${type.resource}.${type.group || 'core'}`}
      bodyClassName=""
      actions={
        <>
          <Link to={paths.resourceList({ gvr: type })} className={buttonClass('ghost')}>
            All {plural(type.kind)}
          </Link>
          {type.verbs.includes('create') ? (
            <Link to={paths.resourceCreate({ gvr: type })} className={buttonClass('primary')}>
              Create {type.kind}
            </Link>
          ) : null}
        </>
      }
    >
      <ResourceTable gvr={type} kind={type.kind} detailPath={(o) => paths.resourceDetail({ gvr: type, namespace: o.metadata.namespace, objectName: o.metadata.name ?? '' })} maxHeight={360} />
    </Panel>
  );
}

export function OverviewPage() {
  const { data: controllers } = useControllers();
  const { data: types, error } = useResourceTypes();
  const { data: session } = useSession();
  const [connecting, setConnecting] = useState(false);
  const main = new Set(session?.operators ?? []);
  const operatorKinds = (controllers ?? [])
    .filter((c) => c.role === 'operator')
    .sort((a, b) => Number(main.has(b.name)) - Number(main.has(a.name)) || a.name.localeCompare(b.name))
    .map((c) => findKind(types, c.forKind.group, c.forKind.kind))
    .filter((t, i, all): t is ResourceType => t !== undefined && all.indexOf(t) === i);
  return (
    <>
      <PageHeader title="Overview" description="What every controller is doing now, and the objects they reconcile." />
      <div className="flex flex-col gap-6">
        <section aria-labelledby="controllers-heading">
          <h3 id="controllers-heading" className="mb-3 text-sm font-semibold text-slate-700 dark:text-slate-300">
            Controllers
          </h3>
          <ControllerCards links={controllerLinks} featured={session?.operators ?? []} />
        </section>
        <section aria-labelledby="clients-heading">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h3 id="clients-heading" className="text-sm font-semibold text-slate-700 dark:text-slate-300">
              Other clients of the API server <span className="font-normal text-slate-500 dark:text-slate-400">— seen from its request journal; their reconciles are inferred</span>
            </h3>
            <Button variant="primary" onClick={() => setConnecting(true)}>
              Connect an operator
            </Button>
          </div>
          <ClientCards links={clientLinks} />
          <ConnectOperatorDialog open={connecting} onClose={() => setConnecting(false)} />
        </section>
        {error ? <ErrorNotice error={error} title="Could not load the cluster's kinds" /> : null}
        {operatorKinds.map((type) => (
          <KindPanel key={`${type.group}/${type.resource}`} type={type} />
        ))}
      </div>
    </>
  );
}
