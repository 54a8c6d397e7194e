/**
 * The one place an operator module's UI is named: module name (as packages/operator's registry
 * and `GET /api/simulators` spell it) to the panels it contributes for a simulator it runs. The
 * Simulators page shows a module's `simulator` panel under each of its simulators; the Debug page
 * shows its `debug` panel while that simulator runs. A module with no entry here still appears on
 * the Simulators page, by its simulator's label and URL.
 */
import type { ComponentType } from 'react';
import type { SimulatorSummary } from '@dojo/console-protocol';
import { DiscordDebugPanel, DiscordSimulatorPanel } from '../features/discord/components/DiscordSimulatorPanel.tsx';

type SimulatorPanel = ComponentType<{ simulator: SimulatorSummary }>;

export interface ModulePanels {
  /** Under the simulator on the Simulators page. */
  simulator?: SimulatorPanel;
  /** A panel of the Debug page, beside the controller's own controls. */
  debug?: { title: string; description: string; component: SimulatorPanel };
}

export const modulePanels: Readonly<Record<string, ModulePanels>> = {
  // The Dojo operator sends its alarms to Discord: its simulator is the Discord API.
  dojo: {
    simulator: DiscordSimulatorPanel,
    debug: {
      title: 'Discord simulator faults',
      description: 'Rate-limit or fail the Discord API the Discord controllers talk to.',
      component: DiscordDebugPanel,
    },
  },
};

/** The panels of the module that runs `simulator`: none for a module that contributes none, or a simulator without a control API. */
export function panelsOf(simulator: SimulatorSummary): ModulePanels {
  return simulator.controls && Object.hasOwn(modulePanels, simulator.module) ? modulePanels[simulator.module]! : {};
}
