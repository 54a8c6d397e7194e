/**
 * A storm of injected 409 Conflicts on the dojo controller's writes while Dojos are created:
 * every Dojo still converges to Available, and each injected conflict is visible in telemetry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';
import { dojoManifest } from './testing/fault-manifests.ts';

let c: ConsoleHarness;
beforeAll(async () => {
  c = await startConsole();
}, 60_000);
afterAll(async () => {
  await c?.close();
});

describe('a conflict storm on the dojo controller', () => {
  it('converges every Dojo and records the conflicts in telemetry', async () => {
    const injected = await c.http('PUT', '/api/controllers/dojo/faults', { body: { conflictNextWrites: 20 } });
    expect(injected.status).toBe(200);
    const names = Array.from({ length: 6 }, (_, i) => `storm-${i}`);
    await c.kubectl(['apply', '-f', '-'], names.map((n) => dojoManifest(n)).join('\n'));
    await c.kubectl(['wait', '--for=condition=Available', '--timeout=90s', ...names.map((n) => `dojo/${n}`)]);

    const res = await c.http('GET', '/api/telemetry?types=conflict&controller=dojo&limit=1000');
    expect(res.status).toBe(200);
    const conflicts = (res.body as { records: { type: string; controller: string; injected?: boolean }[] }).records;
    expect(conflicts.length).toBeGreaterThan(0);
    expect(conflicts.every((r) => r.type === 'conflict' && r.controller === 'dojo')).toBe(true);
    // Every injected conflict consumed so far left exactly one record.
    const left = ((await c.http('GET', '/api/controllers/dojo')).body as { faults: { conflictNextWrites: number } }).faults.conflictNextWrites;
    expect(left).toBeLessThan(20);
    expect(conflicts.filter((r) => r.injected)).toHaveLength(20 - left);
  }, 120_000);
});
