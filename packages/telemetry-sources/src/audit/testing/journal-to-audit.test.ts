import { describe, expect, it } from 'vitest';
import type { RequestRecord, WatchCloseRecord, WatchOpenRecord } from '@dojo/console-protocol';
import { AuditJournal } from '../audit-journal.ts';
import { JournalToAudit, metadataPolicy, microTime, operatorPolicy } from './journal-to-audit.ts';

const time = Date.parse('2026-11-24T14:00:00.120Z');
const statusUpdate: RequestRecord = {
  type: 'request',
  seq: 7,
  time,
  user: 'py-stale',
  userAgent: 'OpenAPI-Generator/22.6.0/python',
  verb: 'update',
  group: 'webapp.example.com',
  version: 'v1',
  resource: 'guestbooks',
  subresource: 'status',
  kind: 'Guestbook',
  namespace: 'py',
  name: 'racy',
  rvSent: '11',
  code: 409,
  reason: 'Conflict',
  latencyMs: 1.5,
  conflict: { currentRV: '12', writer: { user: 'admin', fieldManager: 'kubectl-edit', source: 'journal' } },
};
const watch: WatchOpenRecord = {
  type: 'watch-open',
  seq: 3,
  time,
  user: 'py-stale',
  watchId: 'w3',
  group: 'webapp.example.com',
  version: 'v1',
  resource: 'guestbooks',
  namespace: 'py',
  bookmarks: true,
  resourceVersion: '9',
};

describe("audit events from the embedded server's journal", () => {
  it('are a RequestReceived and a ResponseComplete per request, as kube-apiserver writes them at the Metadata level', () => {
    const [received, complete] = new JournalToAudit(metadataPolicy).events(statusUpdate);
    expect(received).toEqual({
      kind: 'Event',
      apiVersion: 'audit.k8s.io/v1',
      level: 'Metadata',
      auditID: '00000000-0000-4000-8000-000000000007',
      stage: 'RequestReceived',
      requestURI: '/apis/webapp.example.com/v1/namespaces/py/guestbooks/racy/status',
      verb: 'update',
      user: { username: 'py-stale', groups: ['system:authenticated'] },
      sourceIPs: ['127.0.0.1'],
      userAgent: 'OpenAPI-Generator/22.6.0/python',
      objectRef: { resource: 'guestbooks', namespace: 'py', name: 'racy', apiGroup: 'webapp.example.com', apiVersion: 'v1', subresource: 'status' },
      requestReceivedTimestamp: '2026-11-24T14:00:00.120000Z',
      stageTimestamp: '2026-11-24T14:00:00.120000Z',
    });
    expect(complete).toMatchObject({
      auditID: received!.auditID,
      stage: 'ResponseComplete',
      objectRef: { resourceVersion: '11' },
      responseStatus: { metadata: {}, status: 'Failure', reason: 'Conflict', code: 409 },
      stageTimestamp: '2026-11-24T14:00:00.121500Z',
      annotations: { 'authorization.k8s.io/decision': 'allow', 'authorization.k8s.io/reason': '' },
    });
    expect(complete).not.toHaveProperty('responseObject');
  });

  it('carry what the journal knows of the object at the RequestResponse level, and never the winner of a 409', () => {
    const written: RequestRecord = {
      ...statusUpdate,
      seq: 8,
      code: 200,
      reason: undefined,
      conflict: undefined,
      rvReturned: '13',
      generation: 3,
      uid: 'u-1',
    } as RequestRecord;
    const [, complete] = new JournalToAudit(operatorPolicy(['webapp.example.com'])).events(written);
    expect(complete).toMatchObject({
      level: 'RequestResponse',
      responseObject: {
        kind: 'Guestbook',
        apiVersion: 'webapp.example.com/v1',
        metadata: { name: 'racy', namespace: 'py', uid: 'u-1', resourceVersion: '13', generation: 3 },
      },
    });
    const [, conflict] = new JournalToAudit(operatorPolicy(['webapp.example.com'])).events(statusUpdate);
    expect(conflict!.responseObject).toEqual({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', reason: 'Conflict', code: 409 });
    expect(JSON.stringify(conflict)).not.toContain('kubectl-edit');
  });

  it('open a watch with RequestReceived and ResponseStarted and end it with ResponseComplete; delivered events are not audited', () => {
    const convert = new JournalToAudit();
    const opened = convert.events(watch);
    expect(opened.map((e) => e.stage)).toEqual(['RequestReceived', 'ResponseStarted']);
    expect(opened[0]!.requestURI).toBe('/apis/webapp.example.com/v1/namespaces/py/guestbooks?allowWatchBookmarks=true&resourceVersion=9&watch=true');
    expect(convert.events({ type: 'watch-event', seq: 4, time, watchId: 'w3', event: 'ADDED', name: 'racy', namespace: 'py' })).toEqual([]);
    const close: WatchCloseRecord = { type: 'watch-close', seq: 5, time: time + 60_000, watchId: 'w3', reason: 'timeout', events: 1 };
    expect(convert.events(close)).toMatchObject([
      { stage: 'ResponseComplete', verb: 'watch', auditID: opened[0]!.auditID, stageTimestamp: '2026-11-24T14:01:00.120000Z' },
    ]);
  });

  it('read back as the journal records they came from, but for what audit cannot carry', () => {
    const convert = new JournalToAudit(operatorPolicy(['webapp.example.com']));
    const journal = new AuditJournal();
    const records = [watch, statusUpdate]
      .flatMap((r) => convert.events(r))
      .map((e) => journal.map(e))
      .filter((r) => r !== undefined);
    expect(records).toEqual(
      [
        {
          type: 'watch-open',
          seq: 1,
          time,
          user: 'py-stale',
          watchId: 'audit-00000000-0000-4000-8000-000000000003',
          group: 'webapp.example.com',
          version: 'v1',
          resource: 'guestbooks',
          namespace: 'py',
          bookmarks: true,
          resourceVersion: '9',
        },
        // Neither the 409's winner nor, with no body seen before, its kind; the field manager kube-apiserver derives from the User-Agent, as the embedded journal names it.
        { ...statusUpdate, seq: 2, conflict: undefined, kind: undefined, fieldManager: 'OpenAPI-Generator' },
      ].map((r) => JSON.parse(JSON.stringify(r))),
    );
    expect(microTime(time + 0.25)).toBe('2026-11-24T14:00:00.120250Z');
  });
});
