/**
 * A server-side apply's field-manager conflict is not a resourceVersion race: after `kubectl
 * patch` set a Dojo's replicas, the UI's YAML review (a dry-run apply by `dojo-console` setting
 * them again) records no conflict at all, and a real apply refused over the same field is a
 * field-manager conflict — in the Conflicts list, the Fields tab and "why is this not ready?" —
 * never "wrote with resourceVersion (none); … wrote the version that won".
 */
import type { ConflictRecord, Explanation, FieldHistory, TelemetryPage } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from './testing/observed-server.ts';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

const key = 'core.jutsu.com/Dojo/default/alpha';
const path = '/api/kube/apis/core.jutsu.com/v1/namespaces/default/dojos/alpha';
const applied = 'apiVersion: core.jutsu.com/v1\nkind: Dojo\nmetadata:\n  name: alpha\n  namespace: default\nspec:\n  replicas: 4\n';
/** The console's own 409s on alpha (the dojo controller may meet 409s of its own, racing kubectl). */
const conflictsOfAlpha = async () =>
  ((await c.http('GET', '/api/telemetry?types=conflict&limit=50000')).body as TelemetryPage).records.filter(
    (r): r is ConflictRecord => r.type === 'conflict' && r.key === 'default/alpha' && r.controller === 'dojo-console',
  );
const explain = async () => (await c.http('GET', `/api/explain?object=${encodeURIComponent(key)}`)).body as Explanation;
const fields = async () => (await c.http('GET', `/api/history/fields?object=${encodeURIComponent(key)}`)).body as FieldHistory;
/** "dojo-console wrote with resourceVersion (none); … wrote the version that won", or a 409 line saying it sent a stale version. */
const saysTheConsoleLostARace = (e: Explanation) =>
  e.blockers.some(
    (b) =>
      b.source === 'conflicts' &&
      (b.detail?.includes('dojo-console wrote with resourceVersion') || b.evidence.some((x) => x.label === '409' && x.value.startsWith('dojo-console sent'))),
  );
const apply = (query: string) =>
  c.http('PATCH', `${path}?fieldManager=dojo-console${query}`, { body: applied, headers: { 'content-type': 'application/apply-patch+yaml' } });

describe('a server-side apply over a field another manager owns', () => {
  it('records nothing for the dry run the YAML review makes, and a refused apply as a field-manager conflict with no winner', async () => {
    await c.kubectl(
      ['apply', '-f', '-'],
      JSON.stringify({
        apiVersion: 'core.jutsu.com/v1',
        kind: 'Dojo',
        metadata: { name: 'alpha', namespace: 'default' },
        spec: { accountId: 'a', title: 'Alpha', credentialsRef: { name: 'alpha-app' } },
      }),
    );
    await c.kubectl(['patch', 'dojo', 'alpha', '--type', 'merge', '-p', '{"spec":{"replicas":3}}']);

    const review = await apply('&dryRun=All');
    expect(review.status).toBe(409);
    expect(review.body.details.causes).toEqual([expect.objectContaining({ reason: 'FieldManagerConflict', field: '.spec.replicas' })]);
    // The console read the dry run from the journal (and inferred from it) before this answers.
    const dryRuns = async () =>
      ((await c.http('GET', '/api/requests?client=dojo-console')).body.records as { dryRun?: true; code?: number }[]).filter((r) => r.dryRun && r.code === 409);
    await eventually(async () => (await dryRuns()).length > 0, 'the dry run in the request log');
    expect(await conflictsOfAlpha()).toEqual([]);
    expect(saysTheConsoleLostARace(await explain())).toBe(false);

    expect((await apply('')).status).toBe(409);
    const [conflict] = await eventually(async () => {
      const found = await conflictsOfAlpha();
      return found.length > 0 && found;
    }, 'the refused apply recorded');
    expect(conflict).toMatchObject({ controller: 'dojo-console', cause: { kind: 'fieldManager' } });
    expect(conflict).not.toHaveProperty('currentManager');
    expect(conflict).not.toHaveProperty('currentRV');
    const explanation = await explain();
    expect(saysTheConsoleLostARace(explanation)).toBe(false);
    const applies = explanation.blockers.find((b) => b.id === 'conflicts/field-managers');
    expect(applies).toMatchObject({ severity: 'info', title: '1 server-side apply conflict over fields other managers own, in the last 10 min' });
    expect(applies!.detail).toMatch(/^The last: dojo-console's apply was refused: .* Nothing was written/);
    const traced = (await fields()).conflicts.filter((t) => t.controller === 'dojo-console');
    expect(traced).toEqual([expect.objectContaining({ cause: conflict!.cause })]);
    expect(traced[0]).not.toHaveProperty('staleRV');
  }, 60_000);
});
