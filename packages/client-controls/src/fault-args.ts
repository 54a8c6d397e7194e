/**
 * The CLI's side of faults on a connected client's requests, as two rows of the
 * `dojo-console client NAME <subcommand>` table (client-command.ts):
 *
 *   dojo-console client NAME fault [--verb V[,V]] [--resource R] (--status CODE | --latency D |
 *       --watch-cut | --gone) [--rate P | --count N] [--namespace NS] [--name X | -l SELECTOR]
 *       [--retry-after S] [--seed N] [--data-dir DIR]
 *   dojo-console client NAME faults [--clear [--id ID]] [--data-dir DIR]
 *
 * Each row names its flags, turns their values into the console's call under
 * `/api/clients/NAME/` (`faults`: GET, POST a `FaultRuleSpec`, DELETE all or `faults/ID`), and
 * describes the answer — the rules now in force, one a line — for the CLI to print. Whether a
 * rule makes sense is the server's to say (kube's Invalid, printed as it comes); here only the
 * words are checked.
 */
import type { ParseArgsConfig } from 'node:util';
import type { ClientFaults, FaultRuleSpec, FaultRuleState, FaultStatusCode, FaultVerb } from '@dojo/console-protocol';

type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;
type UsageError = (message: string) => Error;

/** A row of the `client` subcommand table: its flags, the console call they make, and how its answer reads. */
export interface FaultSubcommand {
  readonly summary: string;
  readonly flags: string;
  readonly options: NonNullable<ParseArgsConfig['options']>;
  /** The call under /api/clients/NAME/; throws the table's usage error for flags that do not fit together. */
  request(values: Values): { method: 'GET' | 'POST' | 'DELETE'; path: string; body?: FaultRuleSpec };
  describe(answer: unknown): string;
}

const verbs: readonly FaultVerb[] = ['get', 'list', 'watch', 'create', 'update', 'patch', 'delete', 'deletecollection'];

/** Status codes a rule may answer with, and kube's reason for each (what the CLI prints beside it). */
export const faultStatusReasons: Readonly<Record<FaultStatusCode, string>> = {
  403: 'Forbidden',
  409: 'Conflict',
  429: 'TooManyRequests',
  500: 'InternalError',
  503: 'ServiceUnavailable',
};

const faultOptions = {
  verb: { type: 'string', multiple: true },
  resource: { type: 'string' },
  status: { type: 'string' },
  rate: { type: 'string' },
  count: { type: 'string' },
  seed: { type: 'string' },
  namespace: { type: 'string', short: 'n' },
  name: { type: 'string' },
  selector: { type: 'string', short: 'l' },
  latency: { type: 'string' },
  'retry-after': { type: 'string' },
  'watch-cut': { type: 'boolean' },
  gone: { type: 'boolean' },
} as const satisfies FaultSubcommand['options'];

const text = (values: Values, key: string): string | undefined => (typeof values[key] === 'string' ? values[key] : undefined);

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

/** "2s", "500ms", "1.5m": milliseconds; a bare number is milliseconds. */
function parseLatency(raw: string, usageError: UsageError): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m)?$/.exec(raw.trim());
  const ms = match ? Number(match[1]) * ({ ms: 1, s: 1000, m: 60_000 } as const)[(match[2] ?? 'ms') as 'ms' | 's' | 'm'] : NaN;
  if (!(ms > 0)) throw usageError(`invalid --latency "${raw}": a duration like 500ms, 2s or 1m`);
  return Math.round(ms);
}

function numberFlag(values: Values, flag: string, check: (n: number) => boolean, what: string, usageError: UsageError): number | undefined {
  const raw = text(values, flag);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || !check(n)) throw usageError(`invalid --${flag} "${raw}": ${what}`);
  return n;
}

function faultSpecOf(values: Values, usageError: UsageError): FaultRuleSpec {
  const given = (Array.isArray(values.verb) ? values.verb : [values.verb]).filter((v): v is string => typeof v === 'string');
  const ruleVerbs = given.flatMap((v) => v.split(',')).map((v) => v.trim().toLowerCase());
  for (const verb of ruleVerbs) if (!verbs.includes(verb as FaultVerb)) throw usageError(`invalid --verb "${verb}": one of ${verbs.join(', ')}`);
  const status = numberFlag(values, 'status', (n) => n in faultStatusReasons, `one of ${Object.keys(faultStatusReasons).join(', ')}`, usageError) as
    FaultStatusCode | undefined;
  if (values.rate !== undefined && values.count !== undefined) throw usageError('fault takes --rate or --count, not both');
  if (values.name !== undefined && values.selector !== undefined) throw usageError('fault takes --name or -l, not both');
  const latency = text(values, 'latency');
  const latencyMs = latency === undefined ? undefined : parseLatency(latency, usageError);
  if (status === undefined && latencyMs === undefined && !values['watch-cut'] && !values.gone)
    throw usageError('say what the fault does: --status CODE, --latency D, --watch-cut or --gone');
  return {
    ...(ruleVerbs.length ? { verbs: ruleVerbs as FaultVerb[] } : {}),
    ...optional('resource', text(values, 'resource')),
    ...optional('namespace', text(values, 'namespace')),
    ...optional('name', text(values, 'name')),
    ...optional('labelSelector', text(values, 'selector')),
    ...optional('status', status),
    ...optional('retryAfterSeconds', numberFlag(values, 'retry-after', Number.isInteger, 'a whole number of seconds', usageError)),
    ...optional('latencyMs', latencyMs),
    ...(values['watch-cut'] ? { watchCut: true } : {}),
    ...(values.gone ? { gone: true } : {}),
    ...optional(
      'rate',
      numberFlag(values, 'rate', (n) => n > 0 && n <= 1, 'a share of requests, more than 0 and at most 1', usageError),
    ),
    ...optional(
      'count',
      numberFlag(values, 'count', (n) => Number.isInteger(n) && n > 0, 'a positive whole number', usageError),
    ),
    ...optional('seed', numberFlag(values, 'seed', Number.isInteger, 'a whole number', usageError)),
  };
}

/**
 * The `fault` and `faults` rows, throwing the table's own usage error (`usageError`), so that
 * a bad flag exits 2 as every usage error does.
 */
export function faultSubcommands(usageError: UsageError): Readonly<Record<'fault' | 'faults', FaultSubcommand>> {
  const describe = (answer: unknown): string => describeFaults(answer as ClientFaults);
  return {
    fault: {
      summary: "Fault the client's requests the rule chooses: kube's 403/409/429/500/503, latency, a watch cut or 410 on resume.",
      flags:
        '[--verb V] [--resource R] (--status CODE | --latency D | --watch-cut | --gone) [--rate P | --count N] [--namespace N] [--name X | -l SELECTOR] [--retry-after S] [--seed N]',
      options: faultOptions,
      request: (values) => ({ method: 'POST', path: 'faults', body: faultSpecOf(values, usageError) }),
      describe,
    },
    faults: {
      summary: 'Show the fault rules in force and what each did; --clear removes them (or the one named by --id).',
      flags: '[--clear [--id ID]]',
      options: { clear: { type: 'boolean' }, id: { type: 'string' } },
      request(values) {
        const id = text(values, 'id');
        if (id !== undefined && !values.clear) throw usageError('--id names the rule --clear removes');
        if (!values.clear) return { method: 'GET', path: 'faults' };
        return { method: 'DELETE', path: id === undefined ? 'faults' : `faults/${encodeURIComponent(id)}` };
      },
      describe,
    },
  };
}

const formatMs = (ms: number): string => (ms % 1000 === 0 ? `${ms / 1000}s` : `${ms}ms`);

/** What the rule does, in words: "409 Conflict", "watch cut", "2s latency, then 503 ServiceUnavailable". */
function effectOf(rule: FaultRuleSpec): string {
  const effects: string[] = [];
  if (rule.latencyMs !== undefined) effects.push(`${formatMs(rule.latencyMs)} latency`);
  if (rule.status !== undefined)
    effects.push(`${rule.status} ${faultStatusReasons[rule.status]}${rule.status === 429 ? ` (Retry-After ${rule.retryAfterSeconds ?? 1}s)` : ''}`);
  if (rule.watchCut) effects.push('watch cut');
  if (rule.gone) effects.push('410 Expired on watch resume');
  return effects.join(', then ');
}

/** Which requests it chooses: "update foos.samplecontroller.k8s.io/status in default named x". */
function choiceOf(rule: FaultRuleSpec): string {
  const verbsText = rule.verbs?.length ? rule.verbs.join(',') : rule.watchCut || rule.gone ? 'watch' : 'every verb';
  const parts = [verbsText, rule.resource ?? 'of any resource'];
  if (rule.namespace !== undefined) parts.push(`in ${rule.namespace}`);
  if (rule.name !== undefined) parts.push(`named ${rule.name}`);
  if (rule.labelSelector !== undefined) parts.push(`labelled ${rule.labelSelector}`);
  return parts.join(' ');
}

function firingOf(state: FaultRuleState): string {
  const { rule } = state;
  if (rule.count !== undefined) return state.exhausted ? `count ${rule.count}, exhausted` : `count ${rule.count}, ${rule.count - state.injected} left`;
  if (rule.rate !== undefined && rule.rate < 1) return `rate ${rule.rate} (seed ${rule.seed ?? 1})`;
  return 'every time';
}

export function describeFaultRule(state: FaultRuleState): string {
  return `${state.id}  ${effectOf(state.rule)} on ${choiceOf(state.rule)}; ${firingOf(state)}; matched ${state.matched}, injected ${state.injected}`;
}

/** The rules in force on a client, as the CLI prints them after every command. */
export function describeFaults(answer: ClientFaults): string {
  if (answer.rules.length === 0) return `No faults on client ${answer.client}.\n`;
  const count = answer.rules.length === 1 ? '1 rule' : `${answer.rules.length} rules`;
  return `Faults on client ${answer.client} (${count}, the first that fires wins):\n${answer.rules.map((r) => `  ${describeFaultRule(r)}\n`).join('')}`;
}
