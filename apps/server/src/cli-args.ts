/** Parses `dojo-console` arguments; a bad flag is a `CliUsageError` (exit code 2). */
import { parseArgs } from 'node:util';
import { inflightFlagOptions, parseInflightFlags, parseServiceAccountRef, type InflightLimits, type ServiceAccountRef } from '@dojo/apiserver';
import { defaultRetention, parseDuration, parseMegabytes } from '@dojo/history';
import { operatorNames } from '@dojo/operator';
import { connectUsage, rbacUsage, usage } from './cli-usage.ts';
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
  discordUrl?: string;
  /** The Kafka admin REST API the KafkaTopic example manages topics on (default: a simulator). */
  kafkaUrl?: string;
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

function parseOperators(raw: string): string[] {
  const names = raw.split(',').map((n) => n.trim()).filter(Boolean);
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
  | { name: 'client'; argv: string[] };

/** `dojo-console connect NAME [--data-dir DIR] [--offline] [--service-account NS/SA]`: a credential of its own for an operator the console did not start. */
function parseConnect(argv: readonly string[]): CliCommand {
  const { values, positionals } = strictArgs(argv, { 'data-dir': { type: 'string' }, offline: { type: 'boolean' }, 'service-account': { type: 'string' }, help: { type: 'boolean', short: 'h' } });
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
  return { name: 'connect', client, dataDir: values['data-dir'] ?? '.dojo-console', offline: values.offline === true, ...(serviceAccount ? { serviceAccount } : {}) };
}

/** `dojo-console rbac NAME [--compare FILE] [--data-dir DIR] [--format yaml|markers]`: least-privilege RBAC from what a client did. */
function parseRbac(argv: readonly string[]): CliCommand {
  const { values, positionals } = strictArgs(argv, { 'data-dir': { type: 'string' }, compare: { type: 'string' }, format: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
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
  const { values, positionals } = strictArgs(argv, { 'data-dir': { type: 'string' }, output: { type: 'string', short: 'o' }, since: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) return { name: 'help', text: usage };
  if (positionals.length > 0) throw new CliUsageError(`unexpected argument "${positionals[0]}"`);
  if (!values.output) throw new CliUsageError('export needs --output FILE (the .dojotrace to write)');
  const since = values.since;
  const sinceMs = since === undefined ? undefined : parseDuration(since);
  if (since !== undefined && sinceMs === undefined) throw new CliUsageError(`invalid --since "${since}": a number and a unit, like 90s, 30m, 24h or 7d`);
  return { name: 'export', options: { dataDir: values['data-dir'] ?? '.dojo-console', output: values.output, ...(sinceMs === undefined ? {} : { sinceMs }) } };
}

function parseOpen(argv: readonly string[], env: NodeJS.ProcessEnv): CliCommand {
  const { values, positionals } = strictArgs(argv, { host: { type: 'string' }, port: { type: 'string' }, 'data-dir': { type: 'string' }, token: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) return { name: 'help', text: usage };
  if (positionals.length !== 1) throw new CliUsageError(positionals.length ? `unexpected argument "${positionals[1]}"` : 'open needs the recording: dojo-console open FILE');
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

function strictArgs<O extends NonNullable<Parameters<typeof parseArgs>[0]>['options']>(argv: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...argv], allowPositionals: true, strict: true, options });
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
}

export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): CliCommand {
  // The apiserver subcommand owns its flags (packages/apiserver parses them); export, open and connect have their own.
  if (argv[0] === 'apiserver') return { name: 'apiserver', argv: argv.slice(1) };
  if (argv[0] === 'export') return parseExport(argv.slice(1));
  if (argv[0] === 'open') return parseOpen(argv.slice(1), env);
  if (argv[0] === 'connect') return parseConnect(argv.slice(1));
  if (argv[0] === 'rbac') return parseRbac(argv.slice(1));
  if (argv[0] === 'client') return { name: 'client', argv: argv.slice(1) };
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
        ...inflightFlagOptions,
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
        'history-retention': { type: 'string' },
        'history-max-mb': { type: 'string' },
        scrape: { type: 'string', multiple: true },
        'scrape-interval': { type: 'string' },
        'scrape-token-file': { type: 'string', multiple: true },
        'scrape-token-from-kubeconfig': { type: 'string', multiple: true },
        'scrape-ca': { type: 'string', multiple: true },
        'scrape-insecure-skip-verify': { type: 'string', multiple: true },
        'scrape-allow': { type: 'string', multiple: true },
        'audit-webhook': { type: 'boolean' },
        'audit-webhook-port': { type: 'string' },
        'audit-log': { type: 'string' },
        'otlp-receiver': { type: 'boolean' },
        'otlp-endpoint': { type: 'string' },
        'otlp-protocol': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
        version: { type: 'boolean' },
      },
    });
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  const command = positionals[0] ?? 'up';
  if (values.help || command === 'help') return { name: 'help', text: usage };
  if (values.version) return { name: 'version' };
  if (positionals.length > 1) throw new CliUsageError(`unexpected argument "${positionals[1]}"`);
  if (command !== 'up') throw new CliUsageError(`unknown command "${command}"`);
  if (values.context && !values.kubeconfig) throw new CliUsageError('--context needs --kubeconfig');
  if (values['in-cluster'] && values.kubeconfig) throw new CliUsageError('--in-cluster and --kubeconfig exclude each other');
  const external = Boolean(values.kubeconfig) || Boolean(values['in-cluster']);
  const retention = values['history-retention'];
  const historyRetentionMs = retention === undefined ? defaultRetention.maxAgeMs : parseDuration(retention);
  if (historyRetentionMs === undefined) throw new CliUsageError(`invalid --history-retention "${retention}": a number and a unit, like 90s, 30m, 24h or 7d`);
  const maxMb = values['history-max-mb'];
  const historyMaxBytes = maxMb === undefined ? defaultRetention.maxBytes : parseMegabytes(maxMb);
  if (historyMaxBytes === undefined) throw new CliUsageError(`invalid --history-max-mb "${maxMb}": a positive number of megabytes`);
  let scrape: ScrapeTargetSpec[] = [];
  try {
    scrape = applyScrapeFlags(parseScrapeSpecs(values.scrape ?? []), {
      tokenFile: values['scrape-token-file'] ?? [],
      tokenFromKubeconfig: values['scrape-token-from-kubeconfig'] ?? [],
      ca: values['scrape-ca'] ?? [],
      insecureSkipVerify: values['scrape-insecure-skip-verify'] ?? [],
    });
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  const scrapeAllow = values['scrape-allow']?.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  try {
    if (scrapeAllow) new ScrapeAllowList(scrapeAllow);
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  const scrapeInterval = values['scrape-interval'];
  const scrapeIntervalMs = scrapeInterval === undefined ? undefined : parseDuration(scrapeInterval);
  if (scrapeInterval !== undefined && !(scrapeIntervalMs! >= 1_000)) throw new CliUsageError(`invalid --scrape-interval "${scrapeInterval}": at least a second, like 5s or 1m`);
  if (values['audit-webhook'] && !external) throw new CliUsageError('--audit-webhook needs --kubeconfig or --in-cluster (the embedded cluster keeps its own request journal)');
  if (values['audit-webhook-port'] !== undefined && !values['audit-webhook']) throw new CliUsageError('--audit-webhook-port needs --audit-webhook');
  if (values['audit-log'] !== undefined && !external) throw new CliUsageError('--audit-log needs --kubeconfig or --in-cluster (the embedded cluster keeps its own request journal)');
  if (values['audit-log'] === '') throw new CliUsageError('--audit-log needs a file');
  let otlp: OtlpExportOptions | undefined;
  try {
    otlp = resolveOtlpExport({ endpoint: values['otlp-endpoint'], protocol: values['otlp-protocol'] }, env);
  } catch (err) {
    if (err instanceof OtlpConfigError) throw new CliUsageError(err.message);
    throw err;
  }
  if (values['install-crds'] && !external) throw new CliUsageError('--install-crds needs --kubeconfig or --in-cluster (the embedded cluster always has them)');
  let inflight: Partial<InflightLimits>;
  try {
    inflight = parseInflightFlags(values);
  } catch (err) {
    throw new CliUsageError((err as Error).message);
  }
  if (Object.keys(inflight).length > 0 && external) throw new CliUsageError('--max-requests-inflight and its siblings bound the embedded API server: they need no --kubeconfig or --in-cluster');
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
      historyRetentionMs,
      historyMaxBytes,
      operators: parseOperators(values.operators ?? operatorNames.join(',')),
      ...((values['leader-election-namespace'] ?? env.POD_NAMESPACE) ? { leaderElectionNamespace: values['leader-election-namespace'] ?? env.POD_NAMESPACE } : {}),
      ...(Object.keys(inflight).length ? { inflight } : {}),
      ...(scrape.length ? { scrape } : {}),
      ...(scrapeIntervalMs ? { scrapeIntervalMs } : {}),
      ...(scrapeAllow?.length ? { scrapeAllow } : {}),
      ...(values['audit-webhook'] ? { auditWebhook: true } : {}),
      ...(values['audit-webhook-port'] !== undefined ? { auditWebhookPort: parsePort(values['audit-webhook-port'], '--audit-webhook-port') } : {}),
      ...(values['audit-log'] ? { auditLog: values['audit-log'] } : {}),
      ...(values['otlp-receiver'] ? { otlpReceiver: true } : {}),
      ...(otlp ? { otlp } : {}),
      ...(values.kubeconfig ? { kubeconfig: values.kubeconfig } : {}),
      ...(values.context ? { context: values.context } : {}),
      ...(values['discord-url'] ? { discordUrl: values['discord-url'] } : {}),
      ...(values['kafka-url'] ? { kafkaUrl: values['kafka-url'] } : {}),
      ...((values.token ?? env.DOJO_CONSOLE_TOKEN) ? { token: values.token ?? env.DOJO_CONSOLE_TOKEN } : {}),
    },
  };
}
