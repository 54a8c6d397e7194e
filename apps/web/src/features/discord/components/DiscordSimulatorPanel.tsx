/**
 * The Discord simulator's panel on the Simulators page: the simulated Discord as its users see
 * it (servers, groups, channels, the alarms the operator posts), and its fault knobs.
 */
import { Panel } from '../../../components/Panel.tsx';
import { DiscordWorkspace } from './DiscordWorkspace.tsx';
import { DiscordFaultsForm } from './DiscordFaultsForm.tsx';

export function DiscordSimulatorPanel() {
  return (
    <div className="flex flex-col gap-5">
      <DiscordWorkspace />
      <Panel title="Simulator faults">
        <DiscordFaultsForm />
      </Panel>
    </div>
  );
}
