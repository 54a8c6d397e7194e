import { describe, expect, it } from 'vitest';
import type { AdmissionRecord, RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';
import { admittedWritesOf } from './object-admission.ts';

const allowed: AdmissionRecord = {
  kind: 'ValidatingWebhookConfiguration',
  name: 'v.example.com',
  configuration: 'v',
  phase: 'validating',
  verdict: 'allowed',
  latencyMs: 3,
};

function write(seq: number, more: Partial<RequestRecord> = {}, without?: 'admission'): RequestRecord {
  const record: RequestRecord = {
    type: 'request',
    seq,
    time: 1_700_000_000_000 + seq,
    user: 'admin',
    verb: 'create',
    group: 'core.jutsu.com',
    version: 'v1',
    resource: 'dojos',
    kind: 'Dojo',
    namespace: 'default',
    name: 'web',
    code: 201,
    latencyMs: 12,
    admission: [allowed],
    ...more,
  };
  if (without) delete record[without];
  return record;
}

const dojo = { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web', uid: 'u-2' };

describe('admittedWritesOf', () => {
  it('keeps the writes of this incarnation, and the refused creates of its name, newest first', () => {
    const records: RequestJournalRecord[] = [
      write(1, { uid: 'u-1' }),
      write(2, { code: 400, reason: 'BadRequest' }),
      write(3, { uid: 'u-2' }),
      write(4, { verb: 'update', uid: 'u-2' }),
    ];
    expect(admittedWritesOf(records, dojo).map((r) => r.seq)).toEqual([4, 3, 2]);
  });

  it('leaves out writes without admission records and writes of another object', () => {
    const records: RequestJournalRecord[] = [
      write(1, { uid: 'u-2', admission: [] }),
      write(2, { uid: 'u-2' }, 'admission'),
      write(3, { name: 'other' }),
      write(4, { namespace: 'team-a' }),
      write(5, { kind: 'Fruit' }),
      write(6, { group: 'apps' }),
      { type: 'watch-close', seq: 7, time: 0, watchId: 'w', reason: 'client', events: 0 },
    ];
    expect(admittedWritesOf(records, dojo)).toEqual([]);
  });
});
