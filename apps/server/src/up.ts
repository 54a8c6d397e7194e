/**
 * `dojo-console up`: the embedded default (API server, Discord simulator, and — as they land —
 * the simulated control plane and the operator) or a real cluster via --kubeconfig, plus the
 * console. Wiring only.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { startApiServer, type ApiServer } from '@dojo/apiserver';
import type { ClusterSimOptionsInput } from '@dojo/cluster-sim';
import { DiscordClient, startDiscordSimulator, type DiscordSimulator } from '@dojo/discord';
import { operatorCrds, registerOperator } from '@dojo/operator';
import { applicationCrd } from '@dojo/operator/examples/application/application';
import { registerApplicationOperator } from '@dojo/operator/examples/application/register-application-operator';
import { fruitCrd } from '@dojo/operator/examples/fruit/fruit';
import { startKafkaBrokerSimulator, type KafkaBrokerSimulator } from '@dojo/operator/examples/kafkatopic/broker/kafka-broker-simulator';
import { kafkaTopicCrd } from '@dojo/operator/examples/kafkatopic/kafkatopic';
import { registerKafkaTopicOperator } from '@dojo/operator/examples/kafkatopic/register-kafkatopic-operator';
import { registerSecSynchOperator } from '@dojo/operator/examples/secsynch/register-secsynch-operator';
import { secSynchCrd } from '@dojo/operator/examples/secsynch/secsynch';
import { createRuntimeMetrics, Journal, KubeTransport, Manager } from '@dojo/runtime';
import { startSystemControllers } from './system-controllers.ts';
import type { UpOptions } from './cli-args.ts';
import { ConsoleControllers } from './console-controllers.ts';
import { startConsoleServer, type ConsoleServer } from './console-server.ts';
import { discordBridge } from './discord-bridge.ts';
import { ensureCrds } from './kube/crd-installer.ts';
import { servesResource } from './kube/served-resource.ts';
import { loadOrCreateConsoleToken } from './security/console-token.ts';

export interface RunningConsole {
  console: ConsoleServer;
  journal: Journal;
  loginUrl: string;
  kubeconfigPath: string;
  token: string;
  apiserver?: ApiServer;
  discord?: DiscordSimulator;
  /** The Kafka broker simulator the KafkaTopic example manages topics on (unless --kafka-url). */
  kafka?: KafkaBrokerSimulator;
  /** Runs the controllers and owns the informers; fault tests compare its caches with a LIST. */
  manager: Manager;
  stop(): Promise<void>;
}

/** Knobs that are not CLI flags: tests shrink the telemetry ring, benchmarks set the pod delay. */
export interface UpTuning {
  journalCapacity?: number;
  maxSocketBufferBytes?: number;
  /** The simulated cluster's options (embedded mode only), e.g. `podStartDelay` for benchmarks. */
  sim?: ClusterSimOptionsInput;
}

export async function runUp(options: UpOptions, tuning: UpTuning = {}): Promise<RunningConsole> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const token = loadOrCreateConsoleToken(dataDir, options.token);
  const external = Boolean(options.kubeconfig) || options.inCluster;
  const apiserver = external ? undefined : await startApiServer({ dataDir, port: options.apiserverPort });
  const kubeconfigPath = options.inCluster ? '(in-cluster ServiceAccount)' : options.kubeconfig ? resolve(options.kubeconfig) : apiserver!.kubeconfigPath;
  const kubeConfig = new KubeConfig();
  if (options.inCluster) kubeConfig.loadFromCluster();
  else kubeConfig.loadFromFile(kubeconfigPath);
  if (options.context) kubeConfig.setCurrentContext(options.context);

  const metrics = createRuntimeMetrics();
  const journal = new Journal({ capacity: tuning.journalCapacity ?? 100_000 });
  const transport = await KubeTransport.fromKubeConfig(kubeConfig, { metrics: metrics.restClient, userAgent: 'dojo-console' });
  const discordToken = process.env.DISCORD_BOT_TOKEN ?? 'dojo-console-simulator';
  const discord = options.discordUrl ? undefined : await startDiscordSimulator({ dataFile: join(dataDir, 'discord-simulator.json'), token: discordToken });
  const installCrds = Boolean(apiserver) || options.installCrds;
  const run = new Set(options.operators);
  const kafka = run.has('kafkatopic') && !options.kafkaUrl ? await startKafkaBrokerSimulator() : undefined;
  // Every selected operator's CRDs are served before the manager starts: informers list first.
  await ensureCrds(
    transport,
    [
      ...(run.has('dojo') ? operatorCrds() : []),
      ...(run.has('application') ? [applicationCrd()] : []),
      ...(run.has('secsynch') ? [secSynchCrd()] : []),
      ...(run.has('kafkatopic') ? [kafkaTopicCrd()] : []),
      ...(run.has('fruit') ? [fruitCrd()] : []),
    ],
    installCrds,
  );

  const manager = await Manager.create({
    kubeConfig,
    journal,
    metrics,
    fieldManager: 'dojo-console',
    ...(options.leaderElect
      ? { leaderElection: { leaseName: 'dojo-console-leader', ...(options.leaderElectionNamespace ? { leaseNamespace: options.leaderElectionNamespace } : {}) } }
      : {}),
  });
  const controllers = new ConsoleControllers(journal, (name) => manager.watchSources(name));
  // The simulated control plane only exists with the embedded cluster; a real one has its own.
  const system = apiserver ? await startSystemControllers(manager, kubeConfig, tuning.sim) : undefined;
  for (const entry of system?.controllers ?? []) controllers.add(entry);
  if (run.has('dojo')) {
    // A cluster without CloudNativePG still runs the operator; its Postgres Dojos say why they wait.
    const databaseServed = await servesResource(transport, 'postgresql.cnpg.io', 'v1', 'databases');
    if (!databaseServed) console.warn('warning: the cluster does not serve postgresql.cnpg.io/v1 Database (CloudNativePG is not installed): Dojos will report Degraded');
    const operator = registerOperator(manager, {
      discord: new DiscordClient({ baseUrl: options.discordUrl ?? discord!.baseUrl, token: discordToken }),
      databaseServed,
    });
    const forKind = (kind: string) => ({ group: 'core.jutsu.com', version: 'v1', kind });
    controllers.add({ controller: operator.dojo, role: 'operator', forKind: forKind('Dojo') });
    controllers.add({ controller: operator.discordServer, role: 'operator', forKind: forKind('DiscordServer') });
    controllers.add({ controller: operator.discordGroup, role: 'operator', forKind: forKind('DiscordGroup') });
    controllers.add({ controller: operator.discordChannel, role: 'operator', forKind: forKind('DiscordChannel') });
  }
  if (run.has('application')) {
    controllers.add({ controller: registerApplicationOperator(manager), role: 'operator', forKind: { group: 'minetto.dev', version: 'v1alpha1', kind: 'Application' } });
  }
  if (run.has('secsynch')) {
    controllers.add({ controller: registerSecSynchOperator(manager), role: 'operator', forKind: { group: 'tutorial.study.dev', version: 'v1alpha1', kind: 'SecSynch' } });
  }
  if (run.has('kafkatopic')) {
    const controller = registerKafkaTopicOperator(manager, { brokerUrl: options.kafkaUrl ?? kafka!.url });
    controllers.add({ controller, role: 'operator', forKind: { group: 'kafka.example.com', version: 'v1', kind: 'KafkaTopic' } });
  }
  await manager.start();
  let ready = true;

  const server = await startConsoleServer({
    host: options.host,
    port: options.port,
    token,
    transport: () => transport,
    journal,
    controllers,
    metrics: { scrape: () => metrics.scrape(), contentType: metrics.contentType },
    allowSecretData: options.allowSecretData,
    ready: () => ready && manager.readyz().ok,
    session: () => ({
      cluster: { mode: apiserver ? 'embedded' : options.inCluster ? 'in-cluster' : 'kubeconfig', server: transport.server.toString(), ...(options.context ? { context: options.context } : {}) },
      leader: { identity: manager.identity ?? 'local', isLeader: manager.isLeader(), holder: manager.leader() ?? manager.identity ?? 'local' },
      operators: options.operators,
      secretsRedacted: !options.allowSecretData,
    }),
    hello: () => ({ session: { cluster: apiserver ? 'embedded' : 'kubeconfig' } }),
    ...(tuning.maxSocketBufferBytes ? { maxSocketBufferBytes: tuning.maxSocketBufferBytes } : {}),
    ...(discord ? { discord: discordBridge(discord.url) } : {}),
  });

  return {
    console: server,
    journal,
    loginUrl: `${server.url}login?token=${encodeURIComponent(token)}`,
    kubeconfigPath,
    token,
    manager,
    ...(apiserver ? { apiserver } : {}),
    ...(discord ? { discord } : {}),
    ...(kafka ? { kafka } : {}),
    async stop() {
      ready = false;
      controllers.close();
      await manager.stop();
      system?.sim.close();
      await server.close();
      transport.close();
      await discord?.close();
      await kafka?.close();
      await apiserver?.close();
    },
  };
}
