/**
 * The cluster `up` runs against, chosen once: the embedded one (an API server on its own thread
 * and the simulated control plane beside the console's controllers) or a connected one
 * (`--kubeconfig`, `--in-cluster`: nothing embedded starts, the cluster has its own control
 * plane). Everything that differs between the two is answered here, so the wiring asks the
 * backend instead of branching on the mode.
 */
import { resolve } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { listClients, startApiServerInProcess, startApiServerThread, type ApiServerHandle } from '@dojo/apiserver';
import type { ClusterMode } from '@dojo/console-protocol';
import type { Manager } from '@dojo/runtime';
import type { UpOptions } from '../cli-args.ts';
import { clientRbacFromDataDir } from '@dojo/client-controls';
import type { ConsoleControllers } from '../console-controllers.ts';
import { inClusterKubeConfig } from '../kube/in-cluster.ts';
import type { ClientFaultRoutesDeps } from '../routes/client-fault-routes.ts';
import { startSystemControllers } from '../system-controllers.ts';
import type { ConsoleServerOptions } from '../console-server.ts';
import type { UpTuning } from './up-tuning.ts';
import type { Closer } from './closer.ts';

export interface ClusterBackend {
  readonly mode: ClusterMode;
  readonly kubeConfig: KubeConfig;
  /** Where kubectl finds the cluster: a file, or "(in-cluster ServiceAccount)". */
  readonly kubeconfigPath: string;
  /** The embedded API server; absent on a connected cluster. */
  readonly apiserver?: ApiServerHandle;
  /** The operators' CRDs are installed (the embedded cluster always; a real one with --install-crds), else only verified. */
  readonly installCrds: boolean;
  /** Object versions are recorded for every served kind (embedded) or only the kinds the controllers watch (least privilege). */
  readonly versionScope: 'served' | 'watched';
  /** Whether the cluster still answers (the embedded API server's thread may die). */
  healthy(): boolean;
  /** The simulated control plane's controllers, on the embedded cluster only (a real one has its own). */
  startControlPlane(manager: Manager, controllers: ConsoleControllers, tuning: UpTuning, closer: Closer): Promise<void>;
  /** The console's views that only the embedded API server can answer (its journal, its client controls). */
  consoleParts(dataDir: string): Pick<ConsoleServerOptions, 'clientRbac' | 'clientViews' | 'clientFaults' | 'webhookServices'>;
}

/** The backend `options` ask for, started; what it starts is closed by `closer`. */
export async function startClusterBackend(options: UpOptions, dataDir: string, tuning: UpTuning, closer: Closer): Promise<ClusterBackend> {
  return options.kubeconfig || options.inCluster ? connectedCluster(options) : embeddedCluster(options, dataDir, tuning, closer);
}

async function embeddedCluster(options: UpOptions, dataDir: string, tuning: UpTuning, closer: Closer): Promise<ClusterBackend> {
  const apiserverOptions = { dataDir, port: options.apiserverPort, ...(options.inflight ? { inflight: options.inflight } : {}) };
  const apiserver =
    tuning.apiserver === 'in-process' ? await startApiServerInProcess(apiserverOptions) : await startApiServerThread(apiserverOptions, tuning.apiserverThread);
  closer.defer('the embedded API server', () => apiserver.close());
  // Said plainly, once: the console keeps serving what it has, and /readyz answers 503.
  apiserver.onFailure((error) =>
    console.error(`error: ${error.message}; the console can no longer reach its cluster. Restart dojo-console up (acknowledged writes are on disk).`),
  );
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(apiserver.kubeconfigPath);
  return {
    mode: 'embedded',
    kubeConfig,
    kubeconfigPath: apiserver.kubeconfigPath,
    apiserver,
    installCrds: true,
    versionScope: 'served',
    healthy: () => !apiserver.failure,
    async startControlPlane(manager, controllers, upTuning, upCloser) {
      // Its kubelet's containers log to the embedded API server, which answers `pods/log` from them.
      const system = await startSystemControllers(manager, kubeConfig, apiserver, upTuning.sim);
      upCloser.defer('the simulated control plane', () => system.sim.close());
      for (const entry of system.controllers) controllers.add(entry);
    },
    consoleParts: (dir) => ({
      // The embedded API server journals to the data dir; RBAC is derived from there.
      clientRbac: (name: string) => clientRbacFromDataDir(dir, name),
      clientViews: apiserver,
      clientFaults: clientFaultControls(apiserver, dir),
      // `dojo-console webhook map`: the server keeps the map in the data dir, loaded at start and changed only through the console.
      webhookServices: apiserver,
    }),
  };
}

function connectedCluster(options: UpOptions): ClusterBackend {
  const kubeconfigPath = options.inCluster ? '(in-cluster ServiceAccount)' : resolve(options.kubeconfig!);
  const kubeConfig = options.inCluster ? inClusterKubeConfig() : new KubeConfig();
  if (!options.inCluster) kubeConfig.loadFromFile(kubeconfigPath);
  if (options.context) kubeConfig.setCurrentContext(options.context);
  return {
    mode: options.inCluster ? 'in-cluster' : 'kubeconfig',
    kubeConfig,
    kubeconfigPath,
    installCrds: options.installCrds,
    versionScope: 'watched',
    healthy: () => true,
    startControlPlane: async () => undefined,
    consoleParts: () => ({}),
  };
}

/** Faults on connected clients' requests, kept by the API server wherever it runs (its control port). */
function clientFaultControls(apiserver: ApiServerHandle, dataDir: string): ClientFaultRoutesDeps {
  return {
    faults: {
      list: (client) => apiserver.clientFaults(client),
      add: (client, spec) => apiserver.clientFaults(client, { add: spec }),
      clear: (client, id) => apiserver.clientFaults(client, { clear: true, ...(id === undefined ? {} : { id }) }),
    },
    isConnected: (name) => listClients(dataDir).some((c) => c.name === name),
  };
}
