import { PageHeader } from '../../components/PageHeader.tsx';
import { Panel } from '../../components/Panel.tsx';
import { DiscordWorkspace } from '../../features/discord/components/DiscordWorkspace.tsx';
import { DiscordFaultsForm } from '../../features/discord/components/DiscordFaultsForm.tsx';

export function DiscordPage() {
  return (
    <>
      <PageHeader title="Discord" description="The simulated Discord as its users see it: servers, groups, channels, and the alarms the operator posts." />
      <div className="flex flex-col gap-5">
        <DiscordWorkspace />
        <Panel title="Simulator faults">
          <DiscordFaultsForm />
        </Panel>
      </div>
    </>
  );
}
