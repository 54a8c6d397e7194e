/** Parses `dojo-console` arguments; a bad flag is a `CliUsageError` (exit code 2). */
import { parseArgs } from 'node:util';

export class CliUsageError extends Error {}

export interface UpOptions {
  host: string;
  port: number;
  dataDir: string;
  apiserverPort: number;
  /** Connect to this cluster instead of starting the embedded parts. */
  kubeconfig?: string;
  /** Connect with the Pod's ServiceAccount (running inside a cluster). */
  inCluster: boolean;
  context?: string;
  installCrds: boolean;
  discordUrl?: string;
  /** The Kafka admin REST API the KafkaTopic example manages topics on (default: a simulator). */
  kafkaUrl?: string;
  token?: string;
  allowSecretData: boolean;
  /** Which operators run: the Dojo operator and the seeds' examples. */
  operators: OperatorName[];
  /** Campaign for a coordination.k8s.io/v1 Lease; only the leader reconciles. */
  leaderElect: boolean;
  leaderElectionNamespace?: string;
}

export const operatorNames = ['dojo', 'application', 'secsynch', 'kafkatopic', 'fruit'] as const;
export type OperatorName = (typeof operatorNames)[number];

function parseOperators(raw: string): OperatorName[] {
  const names = raw.split(',').map((n) => n.trim()).filter(Boolean);
  for (const n of names) {
    if (!(operatorNames as readonly string[]).includes(n)) {
      throw new CliUsageError(`unknown operator "${n}" in --operators: known operators are ${operatorNames.join(', ')}`);
    }
  }
  if (names.length === 0) throw new CliUsageError('--operators needs at least one operator');
  return [...new Set(names)] as OperatorName[];
}

export type CliCommand = { name: 'help'; text: string } | { name: 'up'; options: UpOptions } | { name: 'apiserver'; argv: string[] };

export const usage = `Usage: dojo-console <command> [flags]

Commands:
  up          Start the console (default command, what \`npm start\` runs).
  apiserver   Run the embedded Kubernetes-compatible API server alone
              (see \`dojo-console apiserver --help\`).
  help        Show this text.

Flags for up:
  --host HOST       Address the console listens on (default 127.0.0.1).
  --port N          Console port (default 8080, or $PORT).
  --data-dir DIR    Where state lives (default .dojo-console/ in the current directory).
  --apiserver-port N  Port of the embedded API server (default 6443; 0 picks a free one).
  --kubeconfig FILE   Use this cluster instead of the embedded one (no simulated parts).
  --context NAME      Kubeconfig context to use (default: the current context).
  --in-cluster        Use the Pod's ServiceAccount (when running inside Kubernetes).
  --install-crds      With --kubeconfig: install the operator's CRDs (else only verify them).
  --discord-url URL   Discord API base URL (default: the built-in simulator).
  --kafka-url URL     Kafka admin REST API for the kafkatopic example (default: the
                      built-in broker simulator).
  --token TOKEN       Console access token (default: $DOJO_CONSOLE_TOKEN, else
                      <data-dir>/console-token, created on first start).
  --allow-secret-data Show Secret values in the console (redacted by default).
  --operators LIST    Comma-separated operators to run (default: all of them):
                      dojo (the Dojo operator), application (seed 003's Application:
                      Deployment + Service), secsynch (seed 001's SecSynch: copies a Secret
                      across namespaces), kafkatopic (seed 004's KafkaTopic: topics on a
                      broker outside the cluster), fruit (seed 001's Fruit CRD, no controller).
  --leader-elect      Run controllers only while holding the Lease "dojo-console-leader"
                      (for several replicas; every replica serves the UI).
  --leader-election-namespace NS
                      Namespace of that Lease (default: $POD_NAMESPACE, else the
                      kubeconfig context's namespace).
  -h, --help        Show this text.
`;

function parsePort(raw: string, flag: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliUsageError(`invalid ${flag} "${raw}": must be an integer between 0 and 65535`);
  }
  return port;
}

export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliCommand {
  // The apiserver subcommand owns its flags (packages/apiserver parses them).
  if (argv[0] === 'apiserver') return { name: 'apiserver', argv: argv.slice(1) };
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      strict: true,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'data-dir': { type: 'string' },
        'apiserver-port': { type: 'string' },
        kubeconfig: { type: 'string' },
        'in-cluster': { type: 'boolean' },
        context: { type: 'string' },
        'install-crds': { type: 'boolean' },
        'discord-url': { type: 'string' },
        'kafka-url': { type: 'string' },
        token: { type: 'string' },
        'allow-secret-data': { type: 'boolean' },
        'leader-elect': { type: 'boolean' },
        operators: { type: 'string' },
        'leader-election-namespace': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? 'up';
  if (values.help || command === 'help') return { name: 'help', text: usage };
  if (positionals.length > 1) throw new CliUsageError(`unexpected argument "${positionals[1]}"`);
  if (command !== 'up') throw new CliUsageError(`unknown command "${command}"`);
  if (values.context && !values.kubeconfig) throw new CliUsageError('--context needs --kubeconfig');
  if (values['in-cluster'] && values.kubeconfig) throw new CliUsageError('--in-cluster and --kubeconfig exclude each other');
  const external = Boolean(values.kubeconfig) || Boolean(values['in-cluster']);
  if (values['install-crds'] && !external) throw new CliUsageError('--install-crds needs --kubeconfig or --in-cluster (the embedded cluster always has them)');
  return {
    name: 'up',
    options: {
      host: values.host ?? '127.0.0.1',
      port: parsePort(values.port ?? env.PORT ?? '8080', values.port ? '--port' : 'PORT'),
      dataDir: values['data-dir'] ?? '.dojo-console',
      apiserverPort: parsePort(values['apiserver-port'] ?? '6443', '--apiserver-port'),
      installCrds: values['install-crds'] ?? false,
      inCluster: values['in-cluster'] ?? false,
      allowSecretData: values['allow-secret-data'] ?? false,
      leaderElect: values['leader-elect'] ?? false,
      operators: parseOperators(values.operators ?? operatorNames.join(',')),
      ...((values['leader-election-namespace'] ?? env.POD_NAMESPACE) ? { leaderElectionNamespace: values['leader-election-namespace'] ?? env.POD_NAMESPACE } : {}),
      ...(values.kubeconfig ? { kubeconfig: values.kubeconfig } : {}),
      ...(values.context ? { context: values.context } : {}),
      ...(values['discord-url'] ? { discordUrl: values['discord-url'] } : {}),
      ...(values['kafka-url'] ? { kafkaUrl: values['kafka-url'] } : {}),
      ...((values.token ?? env.DOJO_CONSOLE_TOKEN) ? { token: values.token ?? env.DOJO_CONSOLE_TOKEN } : {}),
    },
  };
}
