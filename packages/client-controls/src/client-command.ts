/**
 * `dojo-console client NAME <subcommand> [flags] [--data-dir DIR]`: drives a connected client's
 * controls on the running console of DIR (console-endpoint.ts finds it) and prints what is now
 * in force. Subcommands come from one table (`clientSubcommands`): each names its flags, turns
 * them into a request to the console, and the usage text is built from the table; the fault
 * rows come from fault-args.ts.
 *
 * Exit statuses as every command (cli-usage.ts): 0 done, 1 the console refused or is not
 * running, 2 usage error.
 */
import { resolve } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;
import type { ClientReportCard, ClientViewCommand, ClientViewState } from '@dojo/console-protocol';
import { describeClientView } from './describe-client-view.ts';
import { askConsole } from './console-request.ts';
import { faultSubcommands } from './fault-args.ts';
import { describeReportCard } from './report-card-text.ts';

export interface ClientCommandOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** What a subcommand asks the console: a path under /api/clients/NAME, with a body for a POST (the method when neither GET nor POST says it). */
interface ClientRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface ClientSubcommand {
  readonly summary: string;
  readonly flags?: string;
  readonly options?: ParseArgsOptionsConfig;
  /** The request; throws ClientUsageError for flags that do not fit together. */
  request(values: Values): ClientRequest;
  /** The answer as lines for a person. */
  describe(answer: unknown): string;
}

export class ClientUsageError extends Error {}

const view = (command?: ClientViewCommand): ClientRequest => (command ? { path: 'view', body: command } : { path: 'view' });
const describeView = (answer: unknown): string => describeClientView(answer as ClientViewState);

function positiveInteger(raw: Values[string], flag: string): number {
  const n = Number(raw);
  if (typeof raw !== 'string' || !Number.isInteger(n) || n <= 0) throw new ClientUsageError(`--${flag} takes a positive whole number, not "${String(raw)}"`);
  return n;
}

/** The subcommands, by name: the one table the parser, the usage text and docs/client-controls.md follow. */
export const clientSubcommands: Readonly<Record<string, ClientSubcommand>> = {
  status: { summary: 'Show what is in force and what is held, per watch.', request: () => view(), describe: describeView },
  pause: { summary: 'Hold every watch event to the client; answer its reads as of now.', request: () => view({ op: 'pause' }), describe: describeView },
  resume: {
    summary: 'Deliver what the pause held, in order; reads see the latest state again.',
    request: () => view({ op: 'resume' }),
    describe: describeView,
  },
  step: { summary: "Deliver exactly the oldest held event (across the client's watches).", request: () => view({ op: 'step' }), describe: describeView },
  break: {
    summary: 'Hold the events about objects of KIND (and NAMESPACE, NAME or SELECTOR).',
    flags: '--kind K [--namespace N] [--name X | -l SELECTOR]',
    options: { kind: { type: 'string' }, namespace: { type: 'string', short: 'n' }, name: { type: 'string' }, selector: { type: 'string', short: 'l' } },
    request(values) {
      if (typeof values.kind !== 'string' || values.kind === '') throw new ClientUsageError('break needs --kind');
      if (values.name !== undefined && values.selector !== undefined) throw new ClientUsageError('break takes --name or -l, not both');
      const s = (key: string) => (typeof values[key] === 'string' ? (values[key] as string) : undefined);
      const namespace = s('namespace');
      const name = s('name');
      const labelSelector = s('selector');
      return view({
        op: 'break',
        breakpoint: { kind: values.kind, ...(namespace ? { namespace } : {}), ...(name ? { name } : {}), ...(labelSelector ? { labelSelector } : {}) },
      });
    },
    describe: describeView,
  },
  continue: { summary: 'Remove every breakpoint and deliver what they held.', request: () => view({ op: 'continue' }), describe: describeView },
  stale: {
    summary: "Answer the client's GETs and LISTs N resourceVersions or S seconds behind (--off: the latest again).",
    flags: '--behind N | --seconds S | --off',
    options: { behind: { type: 'string' }, seconds: { type: 'string' }, off: { type: 'boolean' } },
    request(values) {
      const given = ['behind', 'seconds', 'off'].filter((f) => values[f] !== undefined);
      if (given.length !== 1) throw new ClientUsageError('stale takes one of --behind N, --seconds S or --off');
      if (values.off) return view({ op: 'stale', stale: null });
      return view({
        op: 'stale',
        stale: values.behind !== undefined ? { behind: positiveInteger(values.behind, 'behind') } : { seconds: positiveInteger(values.seconds, 'seconds') },
      });
    },
    describe: describeView,
  },
  ...faultSubcommands((message) => new ClientUsageError(message)),
  report: {
    summary: 'Print its report card: retries, backoff, watching, status, finalizers, owners, staleness, RBAC.',
    request: () => ({ path: 'report' }),
    describe: (answer) => describeReportCard(answer as ClientReportCard),
  },
};

export function clientUsage(): string {
  const rows = Object.entries(clientSubcommands).map(([name, sub]) => `  ${`${name}${sub.flags ? ` ${sub.flags}` : ''}`.padEnd(52)} ${sub.summary}`);
  return [
    'Usage: dojo-console client NAME <subcommand> [flags] [--data-dir DIR]',
    '',
    'Controls over a client connected with `dojo-console connect NAME`, on the running console of',
    'DIR (default .dojo-console/). Each prints what is now in force. Controls live in the',
    "console's memory: a restart, or removing the client's credential, lifts them.",
    '',
    ...rows,
    '',
    "  --data-dir DIR   The console's data dir (default .dojo-console/ in the current directory).",
    '  -h, --help       Show this text.',
    '',
  ].join('\n');
}

export interface ParsedClientCommand {
  client: string;
  subcommand: ClientSubcommand;
  request: ClientRequest;
  dataDir: string;
}

/** Parses `client NAME SUB …`; 'help' for -h; throws ClientUsageError. */
export function parseClientCommand(argv: readonly string[]): ParsedClientCommand | 'help' {
  if (argv.includes('-h') || argv.includes('--help')) return 'help';
  const [client, name, ...rest] = argv;
  if (client === undefined || client.startsWith('-'))
    throw new ClientUsageError('client needs the name of a connected client (dojo-console client NAME <subcommand>)');
  if (name === undefined) throw new ClientUsageError(`client ${client} needs a subcommand: ${Object.keys(clientSubcommands).join(', ')}`);
  const subcommand = clientSubcommands[name];
  if (!subcommand || !Object.hasOwn(clientSubcommands, name))
    throw new ClientUsageError(`unknown subcommand "${name}" (one of: ${Object.keys(clientSubcommands).join(', ')})`);
  let parsed;
  try {
    parsed = parseArgs({ args: [...rest], options: { ...subcommand.options, 'data-dir': { type: 'string' } }, strict: true, allowPositionals: false });
  } catch (err) {
    throw new ClientUsageError((err as Error).message);
  }
  const values = parsed.values as Values;
  return {
    client,
    subcommand,
    request: subcommand.request(values),
    dataDir: resolve(typeof values['data-dir'] === 'string' ? values['data-dir'] : '.dojo-console'),
  };
}

/** Runs a parsed command against the running console; the exit status is 0, or 1 when refused or not running. */
export async function runClientCommand(command: ParsedClientCommand, out: ClientCommandOutput): Promise<0 | 1> {
  const { request } = command;
  const answer = await askConsole(command.dataDir, {
    method: request.method ?? (request.body === undefined ? 'GET' : 'POST'),
    path: `api/clients/${encodeURIComponent(command.client)}/${request.path}`,
    ...(request.body === undefined ? {} : { body: request.body }),
  });
  if (!answer.ok) {
    out.stderr(`dojo-console client: ${answer.message}\n`);
    return 1;
  }
  out.stdout(command.subcommand.describe(answer.body));
  return 0;
}
