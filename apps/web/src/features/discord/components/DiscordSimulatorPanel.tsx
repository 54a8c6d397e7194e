/**
 * The Discord simulator's panel on the Simulators page: the simulated Discord as its users see
 * it (servers, groups, channels, the alarms the operator posts), and its fault knobs; on the
 * Debug page, the knobs alone.
 */
import type { SimulatorSummary } from '@dojo/console-protocol';
import { Panel } from '../../../components/Panel.tsx';
import { DiscordWorkspace } from './DiscordWorkspace.tsx';
import { DiscordFaultsForm } from './DiscordFaultsForm.tsx';

export function DiscordSimulatorPanel({ simulator }: { simulator: SimulatorSummary }) {
  return (
    <div className="flex flex-col gap-5">
      <DiscordWorkspace simulator={simulator.name} />
      <Panel title="Simulator faults">
        <DiscordFaultsForm simulator={simulator.name} />
      </Panel>
    </div>
  );
}

/** The Debug page's panel of a running Discord simulator: its fault knobs beside the controller's. */
export function DiscordDebugPanel({ simulator }: { simulator: SimulatorSummary }) {
  return <DiscordFaultsForm simulator={simulator.name} />;
}
