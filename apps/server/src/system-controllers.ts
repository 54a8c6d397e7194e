/** The simulated control plane's controllers, registered on the manager and labelled "system". */
import type { KubeConfig } from '@kubernetes/client-node';
import { registerClusterSim, type ClusterSim, type ClusterSimOptionsInput, type ContainerLogSink } from '@dojo/cluster-sim';
import type { Manager } from '@dojo/runtime';
import type { ConsoleController } from './console-controllers.ts';

/** `containerLogs`: where the simulated kubelet's containers log; the embedded API server's handle, which answers `pods/log`. */
export async function startSystemControllers(
  manager: Manager,
  kubeConfig: KubeConfig,
  containerLogs: ContainerLogSink,
  options: ClusterSimOptionsInput = {},
): Promise<{ sim: ClusterSim; controllers: ConsoleController[] }> {
  const sim = await registerClusterSim(manager, { ...options, kubeConfig, containerLogs });
  return {
    sim,
    controllers: sim.controllers.map(({ controller, info }) => ({ controller, role: 'system' as const, forKind: { ...info.forKind } })),
  };
}
