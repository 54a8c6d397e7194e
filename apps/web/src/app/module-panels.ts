/**
 * The one place an operator module's UI is named: module name (as packages/operator's registry
 * and `GET /api/simulators` spell it) to the panels it contributes. The Simulators page shows a
 * module's `simulator` panel under each simulator that module runs; the Debug page shows its
 * `debug` panel while the module runs a simulator. A module with no entry here still appears on
 * the Simulators page, by its name, label and URL.
 */
import type { ComponentType } from 'react';
import type { SimulatorInfo } from '@dojo/console-protocol';
import { DiscordFaultsForm } from '../features/discord/components/DiscordFaultsForm.tsx';
import { DiscordSimulatorPanel } from '../features/discord/components/DiscordSimulatorPanel.tsx';

export interface ModulePanels {
  /** Under the module's simulator on the Simulators page. */
  simulator?: ComponentType<{ simulator: SimulatorInfo }>;
  /** A panel of the Debug page, beside the controller's own controls. */
  debug?: { title: string; description: string; component: ComponentType };
}

export const modulePanels: Readonly<Record<string, ModulePanels>> = {
  // The Dojo operator sends its alarms to Discord: its simulator is the Discord API.
  dojo: {
    simulator: DiscordSimulatorPanel,
    debug: { title: 'Discord simulator faults', description: 'Rate-limit or fail the Discord API the Discord controllers talk to.', component: DiscordFaultsForm },
  },
};

export function panelsOf(module: string): ModulePanels {
  return Object.hasOwn(modulePanels, module) ? modulePanels[module]! : {};
}
