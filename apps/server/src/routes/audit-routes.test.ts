import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusErrors } from './status-errors.ts';
import type { AuditEvent } from '@dojo/telemetry-sources';
import { auditRoutes } from './audit-routes.ts';
import { auditEvent, keepingSink } from '@dojo/telemetry-sources/testing';

const token = 'audit-token-for-tests';
const received: AuditEvent[] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  const app = express();
  app.use('/audit', auditRoutes(token, keepingSink(received)));
  app.use(statusErrors);
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/audit/v1/events`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function post(body: string, headers: Record<string, string> = { authorization: `Bearer ${token}` }): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

const eventList = (items: AuditEvent[]) => JSON.stringify({ kind: 'EventList', apiVersion: 'audit.k8s.io/v1', metadata: {}, items });

describe('POST /audit/v1/events', () => {
  it('accepts an EventList with the webhook token and hands on its events in order', async () => {
    received.length = 0;
    const events = [auditEvent({ stage: 'RequestReceived' }), auditEvent()];
    const answer = await post(eventList(events));
    expect(answer.status).toBe(200);
    expect(received.map((e) => e.auditID)).toEqual(events.map((e) => e.auditID));
  });

  it('refuses a batch without the token, or with another, as a 401 Status and keeps nothing of it', async () => {
    received.length = 0;
    for (const headers of [{}, { authorization: 'Bearer console-token' }] as Record<string, string>[]) {
      const answer = await post(eventList([auditEvent()]), headers);
      expect(answer.status).toBe(401);
      expect(await answer.json()).toMatchObject({ kind: 'Status', code: 401, reason: 'Unauthorized' });
    }
    expect(received).toEqual([]);
  });

  it('answers a body that is not an EventList with a 400 Status', async () => {
    for (const body of ['{not json', JSON.stringify({ kind: 'PodList', apiVersion: 'v1', items: [] }), eventList([{ verb: 'get' } as AuditEvent])]) {
      const answer = await post(body);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toMatchObject({ kind: 'Status', code: 400, reason: 'BadRequest' });
    }
  });

  it('answers a body above the size limit with a 413 Status', async () => {
    const huge = auditEvent({ requestObject: { data: 'x'.repeat(17 * 1024 * 1024) } });
    const answer = await post(eventList([huge]));
    expect(answer.status).toBe(413);
    expect(await answer.json()).toMatchObject({ kind: 'Status', code: 413 });
  });
});
