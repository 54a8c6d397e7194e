/**
 * One connected client's page (an operator the console did not start): its controls and views
 * as tabs, from the one table features/clients/components/client-tabs.tsx; the links into
 * other features' pages the tabs need are built here.
 */
import { PageHeader } from '../../components/PageHeader.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import type { ReportLink } from '@dojo/console-protocol';
import { clientTabs, defaultClientTab, type ClientPageLinks } from '../../features/clients/components/client-tabs.tsx';
import { navigate } from '../../lib/router.tsx';
import { useObjectPageLink } from '../object-links.ts';
import { paths } from '../paths.ts';

// `client`, not `name`: a route's params sit beside the page's own `name` in a RouteMatch.
export function ClientPage({ client, tab }: { client: string; tab?: string | undefined }) {
  const objectLink = useObjectPageLink();
  const links: ClientPageLinks = {
    reportLink(link: ReportLink) {
      if (link.kind === 'reconcile') return paths.timeline({ reconcile: link.reconcileId });
      if (link.kind === 'hot-loop' || link.kind === 'stale-write') return objectLink(link.object);
      // A request record has no page of its own: the card shows its seq as text.
      return undefined;
    },
  };
  const selected = clientTabs.find((t) => t.id === tab) ?? clientTabs.find((t) => t.id === defaultClientTab) ?? clientTabs[0];
  if (!selected) return null;
  const Panel = selected.component;
  return (
    <>
      <PageHeader
        title={`Client ${client}`}
        description="An operator the console did not start: hold and step its view of the cluster, inject faults into its requests, see how stale it is and the RBAC it needs."
      />
      <Tabs
        label={`${client} views`}
        items={clientTabs}
        selected={selected.id}
        onSelect={(id) => navigate(paths.client({ client, tab: id }), { replace: true })}
      >
        <Panel client={client} links={links} />
      </Tabs>
    </>
  );
}
