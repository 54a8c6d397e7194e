/**
 * The command-line flags of the in-flight bounds (inflight-limiter.ts), one table read by both
 * CLIs (`dojo-console up` and `dojo-console apiserver`) and their usage texts. The first two are
 * kube-apiserver's own flag names.
 */
import type { InflightLimits } from './inflight-limiter.ts';

export const inflightFlags: readonly { flag: string; limit: keyof InflightLimits; help: string }[] = [
  { flag: 'max-requests-inflight', limit: 'maxReadOnly', help: 'Non-mutating requests served at once, all clients (default 400; 0: no limit).' },
  { flag: 'max-mutating-requests-inflight', limit: 'maxMutating', help: 'Mutating requests served at once, all clients (default 200; 0: no limit).' },
  {
    flag: 'max-requests-inflight-per-client',
    limit: 'maxReadOnlyPerClient',
    help: 'Non-mutating requests of one client at once (default: a quarter of the total).',
  },
  {
    flag: 'max-mutating-requests-inflight-per-client',
    limit: 'maxMutatingPerClient',
    help: 'Mutating requests of one client at once (default: a quarter of the total).',
  },
];

/** The flags for node:util's parseArgs. */
export const inflightFlagOptions = Object.fromEntries(inflightFlags.map(({ flag }) => [flag, { type: 'string' as const }]));

/** The usage lines, indented as both CLIs indent theirs. */
export const inflightFlagsUsage = inflightFlags.map(({ flag, help }) => `  --${flag} N\n                   ${help}`).join('\n');

/** The limits the flags set; throws an Error naming the flag for a value that is not a count. */
export function parseInflightFlags(values: Readonly<Record<string, unknown>>): Partial<InflightLimits> {
  const limits: Partial<InflightLimits> = {};
  for (const { flag, limit } of inflightFlags) {
    const raw = values[flag];
    if (raw === undefined) continue;
    const n = Number(raw);
    if (typeof raw !== 'string' || raw.trim() === '' || !Number.isInteger(n) || n < 0)
      throw new Error(`invalid --${flag} "${String(raw)}": a whole number of requests (0: no limit)`);
    limits[limit] = n;
  }
  return limits;
}
