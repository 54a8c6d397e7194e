/**
 * End to end on a real cluster's terms: audit events posted to the webhook route reach
 * /api/activity through an ActivityService fed by AuditFeed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientIdentifier } from '@dojo/activity';
import type { ActivitySnapshot } from '@dojo/console-protocol';
import { Journal } from '@dojo/runtime';
import { ActivityService } from '@dojo/live-feeds';
import { activityRoutes } from '../routes/activity-routes.ts';
import { statusErrors } from '../routes/status-errors.ts';
import { AuditFeed } from '@dojo/telemetry-sources';
import { auditRoutes } from '../routes/audit-routes.ts';
import { statusPatchEvent } from '@dojo/telemetry-sources/testing';

const token = 'audit-e2e-token';
const dataDir = mkdtempSync(join(tmpdir(), 'dojo-audit-'));
let service: ActivityService;
let server: Server;
let base: string;

beforeAll(async () => {
  let feed: AuditFeed | undefined;
  service = new ActivityService({
    journal: new Journal({ capacity: 10_000 }),
    identifier: new ClientIdentifier(),
    dataDir,
    tickMs: 50,
    feed: (handler) => (feed = new AuditFeed(handler)),
  });
  service.start();
  const app = express();
  app.use('/audit', auditRoutes(token, feed!));
  app.use('/api', activityRoutes(service));
  app.use(statusErrors);
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  service.stop();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('audit events in /api/activity', () => {
  it('shows an operator that patches a status again and again as a client with its writes', async () => {
    const before = (await (await fetch(`${base}/api/activity`)).json()) as ActivitySnapshot;
    expect(before.feed.state).toBe('connecting');

    const start = Date.now() - 5_000;
    const items = Array.from({ length: 6 }, (_, i) => {
      const at = new Date(start + i * 500).toISOString();
      return statusPatchEvent(at, String(100 + i), at);
    });
    const posted = await fetch(`${base}/audit/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'EventList', apiVersion: 'audit.k8s.io/v1', items }),
    });
    expect(posted.status).toBe(200);

    const after = (await (await fetch(`${base}/api/activity`)).json()) as ActivitySnapshot;
    expect(after.feed).toMatchObject({ state: 'live', lastSeq: 6 });
    const operator = after.clients.find((c) => c.user === 'system:serviceaccount:dojo-system:dojo-operator');
    expect(operator).toBeDefined();
    expect(operator!.totals).toMatchObject({ requests: 6, writes: 6, conflicts: 0 });
    expect(operator!.userAgents).toContain('manager/v0.0.0 (linux/amd64) kubernetes/$Format');
    // Audit never shows the watch events that triggered each write, so no write is known to be
    // the echo of the last one: a flapping field alone is not called a hot loop (docs/audit.md).
    expect(after.hotLoops).toEqual([]);
  });
});
