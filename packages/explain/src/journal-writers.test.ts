import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '@dojo/console-protocol';
import { ClientIdentifier } from '@dojo/activity';
import { JournalWriters } from './journal-writers.ts';

let seq = 0;
const write = (parts: Partial<RequestRecord>): RequestRecord => ({
  type: 'request',
  seq: ++seq,
  time: 1_000 * seq,
  user: 'admin',
  verb: 'patch',
  group: 'example.com',
  version: 'v1',
  resource: 'widgets',
  kind: 'Widget',
  namespace: 'default',
  name: 'w',
  uid: 'u1',
  code: 200,
  latencyMs: 1,
  rvReturned: String(100 + seq),
  changedPaths: ['spec.size'],
  ...parts,
});
const widget = { group: 'example.com', kind: 'Widget', namespace: 'default', name: 'w' };
const identifier = new ClientIdentifier({ isEmbedded: (name) => name === 'dojo' });

describe('the journal writers', () => {
  it('names the client of the last write and of the last status write, by token user or User-Agent', () => {
    const writers = new JournalWriters(identifier);
    writers.append(write({ verb: 'create', user: 'widget-operator', changedPaths: undefined }));
    writers.append(
      write({
        subresource: 'status',
        user: 'widget-operator',
        userAgent: 'kopf/1.37',
        fieldManager: 'kopf',
        changedPaths: ['status.conditions[type=Ready].status'],
      }),
    );
    writers.append(write({ userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc', fieldManager: 'kubectl-edit' }));
    const writes = writers.writesOf(widget)!;
    expect(writes.last).toMatchObject({
      verb: 'patch',
      changedPaths: ['spec.size'],
      writer: { source: 'journal', client: 'kubectl', manager: 'kubectl-edit' },
    });
    expect(writes.lastStatus).toMatchObject({ subresource: 'status', writer: { client: 'widget-operator', manager: 'kopf' } });
    expect(writers.writeReturning(writes.last.resourceVersion!)).toBe(writes.last);
  });

  it("counts a write that changed only status fields as a status write, and marks the console's own controllers", () => {
    const writers = new JournalWriters(identifier);
    writers.append(write({ userAgent: 'dojo-console/dojo', changedPaths: ['status.readyStatus', 'status.conditions[type=Available].status'] }));
    expect(writers.writesOf(widget)!.lastStatus?.writer).toEqual({ source: 'journal', client: 'dojo', controller: 'dojo' });
  });

  it('ignores reads, failed and dry-run writes, and writes that changed nothing', () => {
    const writers = new JournalWriters(identifier);
    writers.append(write({ verb: 'get', changedPaths: undefined }));
    writers.append(write({ code: 409, reason: 'Conflict', rvReturned: undefined }));
    writers.append(write({ dryRun: true }));
    writers.append(write({ changedPaths: [] }));
    expect(writers.writesOf(widget)).toBeUndefined();
  });

  it('forgets a status write of an earlier incarnation, and answers nothing for another uid', () => {
    const writers = new JournalWriters(identifier);
    writers.append(write({ subresource: 'status', changedPaths: ['status.phase'] }));
    writers.append(write({ verb: 'create', uid: 'u2', changedPaths: undefined }));
    expect(writers.writesOf({ ...widget, uid: 'u2' })).toMatchObject({ last: { verb: 'create' } });
    expect(writers.writesOf({ ...widget, uid: 'u2' })!.lastStatus).toBeUndefined();
    expect(writers.writesOf({ ...widget, uid: 'u1' })).toBeUndefined();
  });

  it('keeps at most its capacity of objects, forgetting the one written longest ago', () => {
    const writers = new JournalWriters(identifier, 2);
    for (const name of ['a', 'b', 'a', 'c']) writers.append(write({ name }));
    expect(['a', 'b', 'c'].map((name) => writers.writesOf({ ...widget, name }) !== undefined)).toEqual([true, false, true]);
  });

  it('shares one writer, one list of changed paths and the uid between writes that have the same', () => {
    const writers = new JournalWriters(identifier);
    writers.append(write({ user: 'widget-operator', fieldManager: 'kopf', changedPaths: ['spec.size'], rvReturned: '500' }));
    writers.append(write({ user: 'widget-operator', fieldManager: 'kopf', changedPaths: ['spec.size'], rvReturned: '501' }));
    const [first, second] = [writers.writeReturning('500')!, writers.writeReturning('501')!];
    expect(second.writer).toBe(first.writer);
    expect(second.changedPaths).toBe(first.changedPaths);
    expect(second).toMatchObject({ uid: 'u1', changedPaths: ['spec.size'], writer: { client: 'widget-operator', manager: 'kopf' } });
    writers.append(write({ user: 'other-operator', fieldManager: 'kopf', changedPaths: ['spec.size'], rvReturned: '502' }));
    expect(writers.writeReturning('502')!.writer).toMatchObject({ client: 'other-operator', manager: 'kopf' });
  });
});
