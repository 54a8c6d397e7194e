/**
 * One connected client's page (an operator the console did not start): its controls and views
 * as tabs, from the one table features/clients/components/client-tabs.tsx.
 */
import { PageHeader } from '../../components/PageHeader.tsx';
import { Tabs } from '../../components/Tabs.tsx';
import { clientTabs, defaultClientTab } from '../../features/clients/components/client-tabs.tsx';
import { navigate } from '../../lib/router.tsx';
import { paths } from '../routes.ts';

// `client`, not `name`: a route's params sit beside the page's own `name` in a RouteMatch.
export function ClientPage({ client, tab }: { client: string; tab?: string }) {
  const selected = clientTabs.find((t) => t.id === tab) ?? clientTabs.find((t) => t.id === defaultClientTab) ?? clientTabs[0];
  if (!selected) return null;
  const Panel = selected.component;
  return (
    <>
      <PageHeader
        title={`Client ${client}`}
        description="An operator the console did not start: hold and step its view of the cluster, inject faults into its requests, see how stale it is and the RBAC it needs."
      />
      <Tabs label={`${client} views`} items={clientTabs} selected={selected.id} onSelect={(id) => navigate(paths.client({ client, tab: id }), { replace: true })}>
        <Panel client={client} />
      </Tabs>
    </>
  );
}
