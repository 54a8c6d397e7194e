import type { AdmissionRecord, RequestRecord } from '@dojo/console-protocol';
import { describe, expect, it } from 'vitest';
import { ClientIdentifier } from './client-identity.ts';
import { RequestLog } from './request-log.ts';

const denied: AdmissionRecord = {
  kind: 'ValidatingWebhookConfiguration',
  name: 'v.example.com',
  configuration: 'v',
  phase: 'validating',
  verdict: 'denied',
  latencyMs: 2,
};
const allowed: AdmissionRecord = { ...denied, verdict: 'allowed' };

let seq = 0;
function write(verb: RequestRecord['verb'], name: string, more: Partial<RequestRecord> = {}): RequestRecord {
  return {
    seq: ++seq,
    time: seq,
    type: 'request',
    user: 'admin',
    verb,
    code: 200,
    latencyMs: 1,
    group: '',
    version: 'v1',
    resource: 'configmaps',
    namespace: 'a',
    name,
    ...more,
  };
}

describe('RequestLog, asked for the writes of one object', () => {
  const log = new RequestLog(new ClientIdentifier());
  const refusedCreate = write('create', 'web', { code: 403, admission: [denied] });
  const created = write('create', 'web', { code: 201, uid: 'u1', admission: [allowed] });
  const read = write('get', 'web', { uid: 'u1' });
  const otherNamespace = write('create', 'web', { namespace: 'b', uid: 'u9', admission: [allowed] });
  const otherKind = write('create', 'web', { resource: 'secrets', uid: 'u8', admission: [allowed] });
  const refusedUpdate = write('update', 'web', { code: 422, admission: [denied] });
  const recreated = write('create', 'web', { code: 201, uid: 'u2', admission: [allowed] });
  for (const record of [refusedCreate, created, read, otherNamespace, otherKind, refusedUpdate, recreated]) log.append(record);
  const object = { uid: 'u1', namespace: 'a', name: 'web', resource: 'configmaps', group: '' };

  it('finds its writes by uid, and the refused ones (which have none) by namespace and name', () => {
    expect(log.query({ object, admitted: true }).records).toEqual([refusedCreate, created, refusedUpdate]);
  });

  it('keeps requests without admission records unless asked for those only', () => {
    expect(log.query({ object }).records).toEqual([refusedCreate, created, read, refusedUpdate]);
  });

  it('finds every incarnation by name when no uid is given', () => {
    const { uid: _uid, ...byName } = object;
    expect(log.query({ object: byName, admitted: true }).records).toEqual([refusedCreate, created, refusedUpdate, recreated]);
  });

  it('pages newest first with beforeSeq', () => {
    const first = log.query({ object, admitted: true, newest: true, limit: 2 }).records;
    expect(first).toEqual([refusedUpdate, created]);
    expect(log.query({ object, admitted: true, newest: true, limit: 2, beforeSeq: first.at(-1)!.seq }).records).toEqual([refusedCreate]);
  });
});

describe('RequestLog, asked for dry runs or not', () => {
  const log = new RequestLog(new ClientIdentifier());
  const drafts = Array.from({ length: 5 }, () => write('create', 'web', { dryRun: true, admission: [allowed] }));
  const created = write('create', 'web', { code: 201, uid: 'u1', admission: [allowed] });
  for (const record of [created, ...drafts]) log.append(record);
  const object = { uid: 'u1', namespace: 'a', name: 'web', resource: 'configmaps', group: '' };

  it('leaves dry runs out before the limit, so a form typing drafts does not push real writes off the page', () => {
    expect(log.query({ object, admitted: true, dryRun: false, newest: true, limit: 2 }).records).toEqual([created]);
  });

  it('gives only the dry runs when asked for them', () => {
    expect(log.query({ object, admitted: true, dryRun: true, newest: true, limit: 2 }).records).toEqual([drafts[4], drafts[3]]);
  });

  it('gives both when dryRun is not asked about', () => {
    expect(log.query({ object, admitted: true }).records).toEqual([created, ...drafts]);
  });
});
