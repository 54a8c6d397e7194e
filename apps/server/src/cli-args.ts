/** Parses `dojo-console` arguments; a bad flag is a `CliUsageError` (exit code 2). */
import { parseInflightFlags, parseServiceAccountRef, type InflightLimits, type ServiceAccountRef } from '@dojo/apiserver';
import { defaultRetention, parseDuration, parseMegabytes } from '@dojo/history';
import { operatorNames, operators, parseArgsOption, type OperatorSettings } from '@dojo/operator';
import { connectUsage, rbacUsage, usage } from './cli-usage.ts';
import { upFlags } from './up-flags.ts';
import { strictArgs } from './strict-args.ts';
import { ScrapeAllowList, applyScrapeFlags, parseScrapeSpecs, type ScrapeTargetSpec } from '@dojo/telemetry-sources';
import { OtlpConfigError, resolveOtlpExport, type OtlpExportOptions } from '@dojo/otlp-export';

export class CliUsageError extends Error {}

export interface UpOptions {
  host: string;
  port: number;
  dataDir: string;
  apiserverPort: number;
  /** The embedded API server's in-flight bounds (`--max-requests-inflight` ...); its defaults when absent. */
  inflight?: Partial<InflightLimits>;
  /** Connect to this cluster instead of starting the embedded parts. */
  kubeconfig?: string;
  /** Connect with the Pod's ServiceAccount (running inside a cluster). */
  inCluster: boolean;
  context?: string;
  installCrds: boolean;
  /** Each operator module's own settings (its `options`) that were given, by module name; none given: absent. */
  operatorSettings?: Readonly<Record<string, OperatorSettings>>;
  token?: string;
  allowSecretData: boolean;
  /** Which operators run: names from the operator registry (@dojo/operator's `operators`). */
  operators: string[];
  /** Campaign for a coordination.k8s.io/v1 Lease; only the leader reconciles. */
  leaderElect: boolean;
  leaderElectionNamespace?: string;
  /** History older than this is evicted (`--history-retention`, default 24h). */
  historyRetentionMs?: number;
  /** History beyond this size is evicted, oldest first (`--history-max-mb`, default 512). */
  historyMaxBytes?: number;
  /** Prometheus endpoints of operators the console did not start (`--scrape NAME=URL`, repeatable). */
  scrape?: ScrapeTargetSpec[];
  /** How often they are scraped (`--scrape-interval`, default 5s). */
  scrapeIntervalMs?: number;
  /** The hosts a target added in the console may have (`--scrape-allow`, repeatable; default loopback and the API server's host). */
  scrapeAllow?: string[];
  /** Accept kube-apiserver audit events at `POST /audit/v1/events` (`--audit-webhook`, real clusters; docs/audit.md). */
  auditWebhook?: boolean;
  /** The audit webhook's HTTPS port (`--audit-webhook-port`, default 9443; 0 picks a free one): kube-apiserver sends the token only over HTTPS. */
  auditWebhookPort?: number;
  /** Follow this kube-apiserver audit log, JSON lines (`--audit-log FILE`, real clusters; docs/audit.md). */
  auditLog?: string;
  /** Receive operators' OpenTelemetry traces at `POST /v1/traces` (`--otlp-receiver`, any cluster; docs/opentelemetry.md). */
  otlpReceiver?: boolean;
  /** Send every reconcile as OTLP spans (`--otlp-endpoint`, `--otlp-protocol`, the OTEL_EXPORTER_OTLP_* variables; docs/opentelemetry.md). */
  otlp?: OtlpExportOptions;
}

/** node:util's parseArgs options for `up`, from the one declaration of its flags. */
const upParseOptions = Object.fromEntries(upFlags().map((f) => [f.flag, parseArgsOption(f)]));

/** Typed reads of parseArgs' values: a flag is a string, a switch or a repeatable list, as declared. */
function flagReader(values: Readonly<Record<string, unknown>>) {
  return {
    text: (flag: string): string | undefined => (typeof values[flag] === 'string' ? values[flag] : undefined),
    on: (flag: string): boolean => values[flag] === true,
    all: (flag: string): string[] | undefined => {
      const list = values[flag];
      return Array.isArray(list) ? list.filter((v): v is string => typeof v === 'string') : undefined;
    },
  };
}

/** The values of every module's own options that were given, under the module's name; a bad value is a usage error. */
function parseOperatorSettings(values: Readonly<Record<string, unknown>>): Record<string, OperatorSettings> {
  const settings: Record<string, Record<string, string>> = {};
  for (const module of operators) {
    for (const option of module.options ?? []) {
      const raw = values[option.flag];
      if (typeof raw !== 'string') continue;
      const problem = option.check?.(raw);
      if (problem) throw new CliUsageError(`invalid --${option.flag} "${raw}": ${problem}`);
      (settings[module.name] ??= {})[option.key] = raw;
    }
  }
  return settings;
}

function parseOperators(raw: string): string[] {
  const names = raw
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  for (const n of names) {
    if (!operatorNames.includes(n)) {
      throw new CliUsageError(`unknown operator "${n}" in --operators: known operators are ${operatorNames.join(', ')}`);
    }
  }
  if (names.length === 0) throw new CliUsageError('--operators needs at least one operator');
  return [...new Set(names)];
}

/** `dojo-console export`: a data directory's history to one `.dojotrace` file. */
export interface ExportOptions {
  dataDir: string;
  output: string;
  /** Only the last this many milliseconds (`--since`); everything when absent. */
  sinceMs?: number;
}

/** `dojo-console open FILE`: a recording served read-only. */
export interface OpenOptions {
  file: string;
  host: string;
  /** 0 picks a free port (the default). */
  port: number;
  /** Where the import goes; a new temporary directory (removed on exit) when absent. */
  dataDir?: string;
  token?: string;
}

export type CliCommand =
  | { name: 'help'; text: string }
  | { name: 'version' }
  | { name: 'up'; options: UpOptions }
  | { name: 'apiserver'; argv: string[] }
  | { name: 'export'; options: ExportOptions }
  | { name: 'open'; options: OpenOptions }
  | { name: 'connect'; client: string; dataDir: string; offline: boolean; serviceAccount?: ServiceAccountRef }
  | { name: 'rbac'; client: string; dataDir: string; format: 'yaml' | 'markers'; compare?: string }
  /** `dojo-console client NAME …`: its own parser (client-controls/client-command.ts). */
  | { name: 'client'; argv: string[] }
  /** `dojo-console webhook map|unmap …`: its own parser (webhooks/webhook-command.ts). */
  | { name: 'webhook'; argv: string[] };

/** `dojo-console connect NAME [--data-dir DIR] [--offline] [--service-account NS/SA]`: a credential of its own for an operator the console did not start. */
function parseConnect(argv: readonly string[]): CliCommand {
  const { values, positionals } = strictArgs(
    argv,
    {
      'data-dir': { type: 'string' },
      offline: { type: 'boolean' },
      'service-account': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    cliUsageError,
  );
  if (values.help) return { name: 'help', text: connectUsage };
  const [client, extra] = positionals;
  if (client === undefined) throw new CliUsageError('connect needs the name of the operator to connect (dojo-console connect NAME)');
  if (extra !== undefined) throw new CliUsageError(`unexpected argument "${extra}"`);
  const sa = values['service-account'];
  let serviceAccount: ServiceAccountRef | undefined;
  try {
    serviceAccount = sa === undefined ? undefined : parseServiceAccountRef(sa);
  } catch (err) {
    throw new CliUsageError(`invalid --service-account "${sa}": ${(err as Error).message.replace(/^.*? is invalid: /, '')}`);
  }
  return {
    name: 'connect',
    client,
    dataDir: values['data-dir'] ?? '.dojo-console',
    offline: values.offline === true,
    ...(serviceAccount ? { serviceAccount } : {}),
  };
}

/** `dojo-console rbac NAME [--compare FILE] [--data-dir DIR] [--format yaml|markers]`: least-privilege RBAC from what a client did. */
function parseRbac(argv: readonly string[]): CliCommand {
  const { values, positionals } = strictArgs(
    argv,
    {
      'data-dir': { type: 'string' },
      compare: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    cliUsageError,
  );
  if (values.help) return { name: 'help', text: rbacUsage };
  const [client, extra] = positionals;
  if (client === undefined) throw new CliUsageError('rbac needs the name of a connected client (dojo-console rbac NAME)');
  if (extra !== undefined) throw new CliUsageError(`unexpected argument "${extra}"`);
  const format = values.format ?? 'yaml';
  if (format !== 'yaml' && format !== 'markers') throw new CliUsageError(`invalid --format "${format}": yaml or markers`);
  return { name: 'rbac', client, dataDir: values['data-dir'] ?? '.dojo-console', format, ...(values.compare ? { compare: values.compare } : {}) };
}

function parsePort(raw: string, flag: string): number {
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliUsageError(`invalid ${flag} "${raw}": must be an integer between 0 and 65535`);
  }
  return port;
}

function parseExport(argv: readonly string[]): CliCommand {
  const { values, positionals } = strictArgs(
    argv,
    {
      'data-dir': { type: 'string' },
      output: { type: 'string', short: 'o' },
      since: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    cliUsageError,
  );
  if (values.help) return { name: 'help', text: usage };
  if (positionals.length > 0) throw new CliUsageError(`unexpected argument "${positionals[0]}"`);
  if (!values.output) throw new CliUsageError('export needs --output FILE (the .dojotrace to write)');
  const since = values.since;
  const sinceMs = since === undefined ? undefined : parseDuration(since);
  if (since !== undefined && sinceMs === undefined) throw new CliUsageError(`invalid --since "${since}": a number and a unit, like 90s, 30m, 24h or 7d`);
  return { name: 'export', options: { dataDir: values['data-dir'] ?? '.dojo-console', output: values.output, ...(sinceMs === undefined ? {} : { sinceMs }) } };
}

function parseOpen(argv: readonly string[], env: NodeJS.ProcessEnv): CliCommand {
  const { values, positionals } = strictArgs(
    argv,
    {
      host: { type: 'string' },
      port: { type: 'string' },
      'data-dir': { type: 'string' },
      token: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    cliUsageError,
  );
  if (values.help) return { name: 'help', text: usage };
  if (positionals.length !== 1)
    throw new CliUsageError(positionals.length ? `unexpected argument "${positionals[1]}"` : 'open needs the recording: dojo-console open FILE');
  const token = values.token ?? env.DOJO_CONSOLE_TOKEN;
  return {
    name: 'open',
    options: {
      file: positionals[0]!,
      host: values.host ?? '127.0.0.1',
      port: parsePort(values.port ?? '0', '--port'),
      ...(values['data-dir'] ? { dataDir: values['data-dir'] } : {}),
      ...(token ? { token } : {}),
    },
  };
}

const cliUsageError = (message: string): CliUsageError => new CliUsageError(message);

export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliCommand {
  // The apiserver subcommand owns its flags (packages/apiserver parses them); export, open and connect have their own.
  if (argv[0] === 'apiserver') return { name: 'apiserver', argv: argv.slice(1) };
  if (argv[0] === 'export') return parseExport(argv.slice(1));
  if (argv[0] === 'open') return parseOpen(argv.slice(1), env);
  if (argv[0] === 'connect') return parseConnect(argv.slice(1));
  if (argv[0] === 'rbac') return parseRbac(argv.slice(1));
  if (argv[0] === 'client') return { name: 'client', argv: argv.slice(1) };
  if (argv[0] === 'webhook') return { name: 'webhook', argv: argv.slice(1) };
  const { values, positionals } = strictArgs(argv, upParseOptions, cliUsageError);
  const { text, on, all } = flagReader(values);
  const command = positionals[0] ?? 'up';
  if (on('help') || command === 'help') return { name: 'help', text: usage };
  if (on('version')) return { name: 'version' };
  if (positionals.length > 1) throw new CliUsageError(`unexpected argument "${positionals[1]}"`);
  if (command !== 'up') throw new CliUsageError(`unknown command "${command}"`);
  if (text('context') && !text('kubeconfig')) throw new CliUsageError('--context needs --kubeconfig');
  if (on('in-cluster') && text('kubeconfig')) throw new CliUsageError('--in-cluster and --kubeconfig exclude each other');
  const external = Boolean(text('kubeconfig')) || on('in-cluster');
  const retention = text('history-retention');
  const historyRetentionMs = retention === undefined ? defaultRetention.maxAgeMs : parseDuration(retention);
  if (historyRetentionMs === undefined) throw new CliUsageError(`invalid --history-retention "${retention}": a number and a unit, like 90s, 30m, 24h or 7d`);
  const maxMb = text('history-max-mb');
  const historyMaxBytes = maxMb === undefined ? defaultRetention.maxBytes : parseMegabytes(maxMb);
  if (historyMaxBytes === undefined) throw new CliUsageError(`invalid --history-max-mb "${maxMb}": a positive number of megabytes`);
  let scrape: ScrapeTargetSpec[] = [];
  try {
    scrape = applyScrapeFlags(parseScrapeSpecs(all('scrape') ?? []), {
      tokenFile: all('scrape-token-file') ?? [],
      tokenFromKubeconfig: all('scrape-token-from-kubeconfig') ?? [],
      ca: all('scrape-ca') ?? [],
      insecureSkipVerify: all('scrape-insecure-skip-verify') ?? [],
    });
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  const scrapeAllow = all('scrape-allow')
    ?.flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  try {
    if (scrapeAllow) new ScrapeAllowList(scrapeAllow);
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  const scrapeInterval = text('scrape-interval');
  const scrapeIntervalMs = scrapeInterval === undefined ? undefined : parseDuration(scrapeInterval);
  if (scrapeInterval !== undefined && !(scrapeIntervalMs! >= 1_000))
    throw new CliUsageError(`invalid --scrape-interval "${scrapeInterval}": at least a second, like 5s or 1m`);
  if (on('audit-webhook') && !external)
    throw new CliUsageError('--audit-webhook needs --kubeconfig or --in-cluster (the embedded cluster keeps its own request journal)');
  const auditWebhookPort = text('audit-webhook-port');
  if (auditWebhookPort !== undefined && !on('audit-webhook')) throw new CliUsageError('--audit-webhook-port needs --audit-webhook');
  if (text('audit-log') !== undefined && !external)
    throw new CliUsageError('--audit-log needs --kubeconfig or --in-cluster (the embedded cluster keeps its own request journal)');
  if (text('audit-log') === '') throw new CliUsageError('--audit-log needs a file');
  let otlp: OtlpExportOptions | undefined;
  try {
    otlp = resolveOtlpExport({ endpoint: text('otlp-endpoint'), protocol: text('otlp-protocol') }, env);
  } catch (err) {
    if (err instanceof OtlpConfigError) throw new CliUsageError(err.message);
    throw err;
  }
  if (on('install-crds') && !external) throw new CliUsageError('--install-crds needs --kubeconfig or --in-cluster (the embedded cluster always has them)');
  let inflight: Partial<InflightLimits>;
  try {
    inflight = parseInflightFlags(values);
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  const operatorSettings = parseOperatorSettings(values);
  if (Object.keys(inflight).length > 0 && external)
    throw new CliUsageError('--max-requests-inflight and its siblings bound the embedded API server: they need no --kubeconfig or --in-cluster');
  const leaderElectionNamespace = text('leader-election-namespace') ?? env.POD_NAMESPACE;
  const auditLog = text('audit-log');
  const kubeconfig = text('kubeconfig');
  const context = text('context');
  const token = text('token') ?? env.DOJO_CONSOLE_TOKEN;
  return {
    name: 'up',
    options: {
      host: text('host') ?? '127.0.0.1',
      port: parsePort(text('port') ?? env.PORT ?? '8080', text('port') ? '--port' : 'PORT'),
      dataDir: text('data-dir') ?? '.dojo-console',
      apiserverPort: parsePort(text('apiserver-port') ?? '6443', '--apiserver-port'),
      installCrds: on('install-crds'),
      inCluster: on('in-cluster'),
      allowSecretData: on('allow-secret-data'),
      leaderElect: on('leader-elect'),
      historyRetentionMs,
      historyMaxBytes,
      operators: parseOperators(text('operators') ?? operatorNames.join(',')),
      ...(leaderElectionNamespace ? { leaderElectionNamespace } : {}),
      ...(Object.keys(inflight).length ? { inflight } : {}),
      ...(scrape.length ? { scrape } : {}),
      ...(scrapeIntervalMs ? { scrapeIntervalMs } : {}),
      ...(scrapeAllow?.length ? { scrapeAllow } : {}),
      ...(on('audit-webhook') ? { auditWebhook: true } : {}),
      ...(auditWebhookPort !== undefined ? { auditWebhookPort: parsePort(auditWebhookPort, '--audit-webhook-port') } : {}),
      ...(auditLog ? { auditLog } : {}),
      ...(on('otlp-receiver') ? { otlpReceiver: true } : {}),
      ...(otlp ? { otlp } : {}),
      ...(kubeconfig ? { kubeconfig } : {}),
      ...(context ? { context } : {}),
      ...(Object.keys(operatorSettings).length ? { operatorSettings } : {}),
      ...(token ? { token } : {}),
    },
  };
}
