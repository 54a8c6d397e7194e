import { parseArgs } from 'node:util';
import type { ClientFaults } from '@dojo/console-protocol';
import { describe, expect, it } from 'vitest';
import { faultSubcommands } from './fault-args.ts';

class UsageError extends Error {}
const rows = faultSubcommands((message) => new UsageError(message));

/** Parses the words after `client NAME <sub>` as the subcommand table does, then asks the row for its call. */
const callOf = (sub: 'fault' | 'faults', words: string[]) => {
  const { values } = parseArgs({ args: words, options: rows[sub].options, strict: true, allowPositionals: false });
  return rows[sub].request(values);
};

describe('dojo-console client NAME fault', () => {
  it("turns the brief's example into one rule posted to the client's faults", () => {
    expect(callOf('fault', ['--verb', 'update', '--resource', 'foos.samplecontroller.k8s.io/status', '--status', '409', '--count', '3'])).toEqual({
      method: 'POST',
      path: 'faults',
      body: { verbs: ['update'], resource: 'foos.samplecontroller.k8s.io/status', status: 409, count: 3 },
    });
  });

  it("takes verbs repeated or comma-separated, a namespace, a label selector, a rate with its seed and a 429's Retry-After", () => {
    expect(
      callOf('fault', [
        '--verb',
        'update,patch',
        '--verb',
        'delete',
        '-n',
        'prod',
        '-l',
        'app=web',
        '--status',
        '429',
        '--retry-after',
        '5',
        '--rate',
        '0.25',
        '--seed',
        '42',
      ]).body,
    ).toEqual({
      verbs: ['update', 'patch', 'delete'],
      namespace: 'prod',
      labelSelector: 'app=web',
      status: 429,
      retryAfterSeconds: 5,
      rate: 0.25,
      seed: 42,
    });
  });

  it('reads a latency in ms, s or m, and the watch faults as flags', () => {
    expect(callOf('fault', ['--latency', '2s']).body).toEqual({ latencyMs: 2000 });
    expect(callOf('fault', ['--latency', '500ms', '--status', '503']).body).toEqual({ latencyMs: 500, status: 503 });
    expect(callOf('fault', ['--resource', 'configmaps', '--watch-cut']).body).toEqual({ resource: 'configmaps', watchCut: true });
    expect(callOf('fault', ['--resource', 'configmaps', '--gone', '--count', '1']).body).toEqual({ resource: 'configmaps', gone: true, count: 1 });
  });

  it.each([
    [['--verb', 'update'], 'say what the fault does: --status CODE, --latency D, --watch-cut or --gone'],
    [['--status', '404'], 'invalid --status "404": one of 403, 409, 429, 500, 503'],
    [['--status', '409', '--rate', '0.5', '--count', '3'], 'fault takes --rate or --count, not both'],
    [['--status', '409', '--name', 'a', '-l', 'app=b'], 'fault takes --name or -l, not both'],
    [['--status', '409', '--rate', '2'], 'invalid --rate "2": a share of requests, more than 0 and at most 1'],
    [['--status', '409', '--count', '0'], 'invalid --count "0": a positive whole number'],
    [['--verb', 'poke', '--status', '409'], 'invalid --verb "poke": one of get, list, watch, create, update, patch, delete, deletecollection'],
    [['--latency', 'soon'], 'invalid --latency "soon": a duration like 500ms, 2s or 1m'],
  ])("refuses %j with the table's usage error: %s", (words, message) => {
    expect(() => callOf('fault', words)).toThrow(new UsageError(message));
  });
});

describe('dojo-console client NAME faults', () => {
  it('reads the rules in force, clears them all, or clears one by id', () => {
    expect(callOf('faults', [])).toEqual({ method: 'GET', path: 'faults' });
    expect(callOf('faults', ['--clear'])).toEqual({ method: 'DELETE', path: 'faults' });
    expect(callOf('faults', ['--clear', '--id', 'f2'])).toEqual({ method: 'DELETE', path: 'faults/f2' });
    expect(() => callOf('faults', ['--id', 'f2'])).toThrow('--id names the rule --clear removes');
  });

  it('prints what is now in force, one rule a line, with what each has done', () => {
    const answer: ClientFaults = {
      client: 'sample-controller',
      rules: [
        {
          id: 'f1',
          addedAt: 0,
          matched: 2,
          injected: 2,
          exhausted: false,
          rule: { verbs: ['update'], resource: 'foos.samplecontroller.k8s.io/status', status: 409, count: 3 },
        },
        { id: 'f2', addedAt: 0, matched: 9, injected: 4, exhausted: false, rule: { resource: 'configmaps', namespace: 'prod', watchCut: true, rate: 0.5 } },
        { id: 'f3', addedAt: 0, matched: 1, injected: 1, exhausted: true, rule: { latencyMs: 1500, status: 429, name: 'web', count: 1 } },
      ],
    };
    expect(rows.faults.describe(answer)).toBe(
      [
        'Faults on client sample-controller (3 rules, the first that fires wins):',
        '  f1  409 Conflict on update foos.samplecontroller.k8s.io/status; count 3, 1 left; matched 2, injected 2',
        '  f2  watch cut on watch configmaps in prod; rate 0.5 (seed 1); matched 9, injected 4',
        '  f3  1500ms latency, then 429 TooManyRequests (Retry-After 1s) on every verb of any resource named web; count 1, exhausted; matched 1, injected 1',
        '',
      ].join('\n'),
    );
    expect(rows.fault.describe({ client: 'op', rules: [] })).toBe('No faults on client op.\n');
  });
});
