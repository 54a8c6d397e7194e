import { describe, expect, it } from 'vitest';
import { AuditJournal } from './audit-journal.ts';
import { auditEventToRecord } from './audit-to-journal.ts';
import { auditEvent, statusPatchEvent } from './testing/audit-fixtures.ts';

describe('auditEventToRecord', () => {
  it('maps a completed status patch onto a request record of its user and user agent', () => {
    expect(auditEventToRecord(auditEvent())).toEqual({
      type: 'request',
      time: Date.parse('2026-11-24T14:00:00.120Z'),
      user: 'system:serviceaccount:dojo-system:dojo-operator',
      userAgent: 'manager/v0.0.0 (linux/amd64) kubernetes/$Format',
      verb: 'patch',
      group: 'dojo.example.com',
      version: 'v1',
      resource: 'dojos',
      subresource: 'status',
      namespace: 'default',
      name: 'tokyo',
      fieldManager: 'dojo-operator',
      code: 200,
      latencyMs: 14.5,
    });
  });

  it('names the field manager kube-apiserver derives from the User-Agent for a write that gave none, and none for a read', () => {
    const uri = '/api/v1/namespaces/ops/configmaps/racy';
    const objectRef = { resource: 'configmaps', namespace: 'ops', name: 'racy', apiVersion: 'v1' };
    const update = auditEvent({ verb: 'update', requestURI: uri, objectRef, userAgent: 'scripted-operator/1.0' });
    expect(auditEventToRecord(update)).toMatchObject({ verb: 'update', fieldManager: 'scripted-operator' });
    const read = auditEventToRecord(auditEvent({ verb: 'get', requestURI: uri, objectRef, userAgent: 'scripted-operator/1.0' }));
    expect(read).toMatchObject({ verb: 'get' });
    expect(read).not.toHaveProperty('fieldManager');
  });

  it('ignores the RequestReceived and ResponseStarted stages of ordinary requests', () => {
    expect(auditEventToRecord(auditEvent({ stage: 'RequestReceived', responseStatus: undefined }))).toBeUndefined();
    expect(auditEventToRecord(auditEvent({ stage: 'ResponseStarted' }))).toBeUndefined();
  });

  it('records a panic as a 500', () => {
    expect(auditEventToRecord(auditEvent({ stage: 'Panic', responseStatus: { code: 500, message: 'APIServer panic' } }))).toMatchObject({ code: 500 });
  });

  it('takes the written resourceVersion, generation, uid, kind and controller owner from the audited response', () => {
    expect(auditEventToRecord(statusPatchEvent('t1', '4711'))).toMatchObject({
      rvReturned: '4711',
      generation: 3,
      kind: 'Dojo',
      uid: '0d7e5c1e-8a11-4f7b-a0a5-3d7c2b6e9f10',
      owner: { group: 'dojo.example.com', kind: 'School', name: 'japan' },
    });
  });

  it('names the fields a merge patch writes, list items by their type', () => {
    expect(auditEventToRecord(statusPatchEvent('t1', '4711'))).toMatchObject({
      changedPaths: ['status.lastSyncTime', 'status.conditions[type=Ready].status', 'status.conditions[type=Ready].lastTransitionTime'],
    });
  });

  it('names the paths of a JSON patch and says nothing of what an update changed', () => {
    const jsonPatch = auditEventToRecord(
      auditEvent({
        level: 'Request',
        requestObject: [
          { op: 'test', path: '/metadata/resourceVersion', value: '9' },
          { op: 'replace', path: '/metadata/labels/app.kubernetes.io~1name', value: 'x' },
          { op: 'add', path: '/spec/ports/0', value: {} },
        ],
      }),
    );
    expect(jsonPatch).toMatchObject({ changedPaths: ['metadata.labels["app.kubernetes.io/name"]', 'spec.ports[0]'] });
    const update = auditEventToRecord(
      auditEvent({ verb: 'update', level: 'Request', requestObject: { metadata: { name: 'tokyo', resourceVersion: '41' }, spec: { students: 4 } } }),
    );
    expect(update).toMatchObject({ verb: 'update', rvSent: '41' });
    expect(update).not.toHaveProperty('changedPaths');
  });

  it('keeps a 409 with its reason and the resourceVersion the client sent, and no winner', () => {
    const record = auditEventToRecord(
      auditEvent({
        verb: 'update',
        level: 'Request',
        requestObject: { apiVersion: 'dojo.example.com/v1', kind: 'Dojo', metadata: { name: 'tokyo', resourceVersion: '40' } },
        responseStatus: { code: 409, status: 'Failure', reason: 'Conflict', message: 'the object has been modified' },
      }),
    );
    expect(record).toMatchObject({ code: 409, reason: 'Conflict', rvSent: '40' });
    expect(record).not.toHaveProperty('conflict');
  });

  it('counts the items of an audited list', () => {
    const record = auditEventToRecord(
      auditEvent({
        verb: 'list',
        requestURI: '/api/v1/namespaces/default/pods?labelSelector=app%3Dweb&limit=500',
        objectRef: { resource: 'pods', namespace: 'default', apiVersion: 'v1' },
        level: 'RequestResponse',
        responseObject: { kind: 'PodList', apiVersion: 'v1', metadata: { resourceVersion: '900' }, items: [{}, {}] },
      }),
    );
    expect(record).toMatchObject({ verb: 'list', group: '', resource: 'pods', items: 2, rvReturned: '900' });
    expect(record).not.toHaveProperty('kind');
  });

  it('maps a request outside any resource onto its path', () => {
    const record = auditEventToRecord(auditEvent({ verb: 'get', requestURI: '/apis/dojo.example.com/v1?timeout=32s', objectRef: undefined }));
    expect(record).toMatchObject({ type: 'request', verb: 'get', path: '/apis/dojo.example.com/v1' });
    expect(record).not.toHaveProperty('resource');
  });

  it('opens a watch with its selectors, resourceVersion and bookmarks', () => {
    const record = auditEventToRecord(
      auditEvent({
        verb: 'watch',
        stage: 'ResponseStarted',
        requestURI:
          '/apis/dojo.example.com/v1/dojos?allowWatchBookmarks=true&fieldSelector=metadata.name%3Dtokyo&resourceVersion=812&timeoutSeconds=412&watch=true',
        objectRef: { resource: 'dojos', apiGroup: 'dojo.example.com', apiVersion: 'v1' },
      }),
    );
    expect(record).toMatchObject({
      type: 'watch-open',
      group: 'dojo.example.com',
      version: 'v1',
      resource: 'dojos',
      name: 'tokyo',
      fieldSelector: 'metadata.name=tokyo',
      resourceVersion: '812',
      bookmarks: true,
      timeoutSeconds: 412,
    });
  });

  it('drops verbs the journal has no word for', () => {
    expect(auditEventToRecord(auditEvent({ verb: 'impersonate' }))).toBeUndefined();
  });
});

describe('AuditJournal', () => {
  it('numbers the records it makes and skips events that make none', () => {
    const journal = new AuditJournal();
    const seqs = [auditEvent(), auditEvent({ stage: 'RequestReceived' }), auditEvent()].map((event) => journal.map(event)?.seq);
    expect(seqs).toEqual([1, undefined, 2]);
  });

  it('opens a watch once although it is audited when it starts and when it ends', () => {
    const journal = new AuditJournal();
    const watch = { verb: 'watch', auditID: 'w-1', requestURI: '/api/v1/pods?watch=true', objectRef: { resource: 'pods', apiVersion: 'v1' } };
    expect(journal.map(auditEvent({ ...watch, stage: 'ResponseStarted' }))).toMatchObject({ type: 'watch-open', watchId: 'audit-w-1', seq: 1 });
    expect(journal.map(auditEvent({ ...watch, stage: 'ResponseComplete' }))).toBeUndefined();
  });

  it('gives a record without a body the kind an earlier event of that resource showed, so an object keeps one identity', () => {
    const journal = new AuditJournal();
    expect(journal.map(auditEvent())).not.toHaveProperty('kind');
    expect(journal.map(statusPatchEvent('2026-11-24T14:00:01Z', '101'))).toMatchObject({ kind: 'Dojo' });
    expect(journal.map(auditEvent({ responseStatus: { code: 409, reason: 'Conflict' } }))).toMatchObject({ code: 409, kind: 'Dojo', resource: 'dojos' });
  });
});
