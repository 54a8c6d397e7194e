/**
 * `dojo-console up`: the embedded default (API server, Discord simulator, and — as they land —
 * the simulated control plane and the operator) or a real cluster via --kubeconfig, plus the
 * console. Wiring only.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { startApiServer, type ApiServer } from '@dojo/apiserver';
import { startDiscordSimulator, type DiscordSimulator } from '@dojo/discord';
import { operatorCrds } from '@dojo/operator';
import { createRuntimeMetrics, Journal, KubeTransport } from '@dojo/runtime';
import type { UpOptions } from './cli-args.ts';
import { ConsoleControllers } from './console-controllers.ts';
import { startConsoleServer, type ConsoleServer } from './console-server.ts';
import { discordBridge } from './discord-bridge.ts';
import { ensureCrds } from './kube/crd-installer.ts';
import { loadOrCreateConsoleToken } from './security/console-token.ts';

export interface RunningConsole {
  console: ConsoleServer;
  journal: Journal;
  loginUrl: string;
  kubeconfigPath: string;
  token: string;
  apiserver?: ApiServer;
  discord?: DiscordSimulator;
  stop(): Promise<void>;
}

/** `tuning` holds knobs that are not CLI flags (tests shrink the telemetry ring). */
export async function runUp(options: UpOptions, tuning: { journalCapacity?: number } = {}): Promise<RunningConsole> {
  const dataDir = resolve(options.dataDir);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const token = loadOrCreateConsoleToken(dataDir, options.token);
  const apiserver = options.kubeconfig ? undefined : await startApiServer({ dataDir, port: options.apiserverPort });
  const kubeconfigPath = options.kubeconfig ? resolve(options.kubeconfig) : apiserver!.kubeconfigPath;
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromFile(kubeconfigPath);
  if (options.context) kubeConfig.setCurrentContext(options.context);

  const metrics = createRuntimeMetrics();
  const journal = new Journal({ capacity: tuning.journalCapacity ?? 100_000 });
  const transport = await KubeTransport.fromKubeConfig(kubeConfig, { metrics: metrics.restClient, userAgent: 'dojo-console' });
  const discord = options.discordUrl ? undefined : await startDiscordSimulator({ dataFile: join(dataDir, 'discord-simulator.json') });
  await ensureCrds(transport, operatorCrds(), Boolean(apiserver) || options.installCrds);
  const controllers = new ConsoleControllers(journal);
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
    ready: () => ready,
    session: () => ({
      cluster: { mode: apiserver ? 'embedded' : 'kubeconfig', server: transport.server.toString(), ...(options.context ? { context: options.context } : {}) },
      leader: { identity: 'local', isLeader: true },
      operators: ['dojo'],
      secretsRedacted: !options.allowSecretData,
    }),
    hello: () => ({ session: { cluster: apiserver ? 'embedded' : 'kubeconfig' } }),
    ...(discord ? { discord: discordBridge(discord.url) } : {}),
  });

  return {
    console: server,
    journal,
    loginUrl: `${server.url}login?token=${encodeURIComponent(token)}`,
    kubeconfigPath,
    token,
    ...(apiserver ? { apiserver } : {}),
    ...(discord ? { discord } : {}),
    async stop() {
      ready = false;
      controllers.close();
      await server.close();
      transport.close();
      await discord?.close();
      await apiserver?.close();
    },
  };
}
