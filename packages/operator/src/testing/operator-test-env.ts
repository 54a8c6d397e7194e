/**
 * The real thing for operator tests: the embedded API server as a child process (runtime's
 * helper; the operator never imports it), the operator's CRDs plus a CloudNativePG Database
 * CRD installed, an in-process Discord simulator, and operators started and stopped at will —
 * a restart is a new Manager on the same cluster and the same Discord.
 */
import { startDiscordSimulator, DiscordClient, type DiscordSimulator, type DiscordSimulatorOptions } from '@dojo/discord';
import type { KubeObject } from '@dojo/kube-api';
import { builtinTypes, KubeClient, Manager } from '@dojo/runtime';
import { startTestApiServer, type TestApiServer } from '@dojo/runtime/testing/test-api-server';
import { operatorCrds } from '../crd-manifests.ts';
import { registerOperator, type OperatorControllers, type OperatorOptions } from '../dojo-operator.ts';
import { cnpgDatabaseCrd } from './cnpg-database-crd.ts';

export const discordToken = 'operator-test-token';

export interface RunningOperator {
  manager: Manager;
  controllers: OperatorControllers;
  stop(): Promise<void>;
}

export interface OperatorTestEnv {
  server: TestApiServer;
  /** Straight to the API server, outside any reconcile: plays kubectl and the simulated cluster. */
  api: KubeClient;
  sim: DiscordSimulator;
  discord: DiscordClient;
  startOperator(options?: Partial<OperatorOptions>): Promise<RunningOperator>;
  /** Creates a namespace and returns its name. */
  namespace(name: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startOperatorTestEnv(options: { discord?: Partial<DiscordSimulatorOptions> } = {}): Promise<OperatorTestEnv> {
  const [server, sim] = await Promise.all([
    startTestApiServer(),
    startDiscordSimulator({ token: discordToken, rateLimits: { perRoute: { limit: 500, windowMs: 1000 }, global: false }, seed: 7, ...options.discord }),
  ]);
  const api = await KubeClient.create({ kubeConfig: server.kubeConfig(), fieldManager: 'operator-test' });
  await installCrds(api, [...operatorCrds(), cnpgDatabaseCrd]);
  const discord = new DiscordClient({ token: discordToken, baseUrl: sim.baseUrl });
  const running = new Set<RunningOperator>();

  return {
    server,
    api,
    sim,
    discord,
    async startOperator(overrides = {}) {
      const manager = await Manager.create({ kubeConfig: server.kubeConfig(), fieldManager: 'dojo-operator' });
      const controllers = registerOperator(manager, {
        discord,
        discordResyncMs: 400,
        credentialsRetryMs: 400,
        ...overrides,
      });
      await manager.start();
      const operator: RunningOperator = {
        manager,
        controllers,
        async stop() {
          running.delete(operator);
          await manager.stop();
        },
      };
      running.add(operator);
      return operator;
    },
    async namespace(name) {
      await api.create(builtinTypes.namespaces, { metadata: { name } });
      return name;
    },
    async stop() {
      await Promise.all([...running].map((o) => o.stop()));
      api.close();
      await Promise.all([server.stop(), sim.close()]);
    },
  };
}

/** Creates the CRDs and waits until each is Established (served). */
async function installCrds(api: KubeClient, crds: readonly KubeObject[]): Promise<void> {
  const type = builtinTypes.customResourceDefinitions;
  for (const crd of crds) await api.create(type, crd);
  for (const crd of crds) {
    for (let attempt = 0; ; attempt++) {
      const current = await api.get(type, { name: crd.metadata.name! });
      const conditions = (current.status as { conditions?: { type: string; status: string }[] } | undefined)?.conditions ?? [];
      if (conditions.some((c) => c.type === 'Established' && c.status === 'True')) break;
      if (attempt > 200) throw new Error(`CRD ${crd.metadata.name} did not become Established`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
