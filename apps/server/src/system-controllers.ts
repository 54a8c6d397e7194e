/** The simulated control plane's controllers, registered on the manager and labelled "system". */
import type { KubeConfig } from '@kubernetes/client-node';
import { registerClusterSim, type ClusterSim, type ClusterSimOptionsInput } from '@dojo/cluster-sim';
import type { Manager } from '@dojo/runtime';
import type { ConsoleController } from './console-controllers.ts';

export async function startSystemControllers(manager: Manager, kubeConfig: KubeConfig, options: ClusterSimOptionsInput = {}): Promise<{ sim: ClusterSim; controllers: ConsoleController[] }> {
  const sim = await registerClusterSim(manager, { ...options, kubeConfig });
  return {
    sim,
    controllers: sim.controllers.map(({ controller, info }) => ({ controller, role: 'system' as const, forKind: { ...info.forKind } })),
  };
}
