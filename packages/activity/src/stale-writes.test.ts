import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '@dojo/console-protocol';
import { Activity } from './activity.ts';
import { ClientIdentifier } from './client-identity.ts';
import { dojos, kubectl, operator, SimulatedJournal, type Who } from './testing/simulated-journal.ts';

const op = operator('my-operator');
const script: Who = { user: 'script', userAgent: 'OpenAPI-Generator/31.0.0/python' };

function observed(identifier = new ClientIdentifier()) {
  const journal = new SimulatedJournal((record) => activity.ingest(record));
  const activity = new Activity({ clock: journal.clock, emit: () => {}, identifier });
  return { journal, activity };
}

const seqOfWrite = (journal: SimulatedJournal, rv: string) => (journal.records.find((r) => r.type === 'request' && r.rvReturned === rv) as RequestRecord).seq;

/** The operator watches Dojos, is delivered `web`'s creation, then its watch is held while kubectl changes spec.replicas. */
function operatorBehindKubectl() {
  const { journal, activity } = observed();
  const watchId = journal.watch(op, dojos);
  const seen = journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
  const seenSeq = journal.records.find((r) => r.type === 'watch-event' && r.resourceVersion === seen)!.seq;
  journal.hold(watchId);
  journal.advance(200);
  const current = journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['metadata.generation', 'spec.replicas'] });
  journal.advance(200);
  return { journal, activity, watchId, seen, seenSeq, current };
}

describe('writes made on a stale view', () => {
  it('flags a patch sent on a version older than the current one, naming the field, both versions, who wrote the newer, and the evidence', () => {
    const { journal, activity, seen, seenSeq, current } = operatorBehindKubectl();
    const written = journal.write(op, dojos, 'default', 'web', { changedPaths: ['spec.replicas'], rvSent: false });
    const [stale, ...more] = activity.staleness('my-operator').staleWrites;
    expect(more).toEqual([]);
    expect(stale).toMatchObject({
      client: 'my-operator',
      object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' },
      resource: 'dojos',
      verb: 'patch',
      changedPaths: ['spec.replicas'],
      overlappingPaths: ['spec.replicas'],
      seenResourceVersion: seen,
      seenThrough: 'watch',
      currentResourceVersion: current,
      currentWriter: 'kubectl',
      resourceVersion: written,
      cure: expect.stringMatching(/^A lost update, likely: spec.replicas had been changed by another client/),
      evidence: { writeSeq: seqOfWrite(journal, written), seenSeq, unseenSeqs: [seqOfWrite(journal, current)] },
    });
    expect(stale!.unseen).toEqual([
      expect.objectContaining({ resourceVersion: current, writer: 'kubectl', changedPaths: ['metadata.generation', 'spec.replicas'], verb: 'patch' }),
    ]);
    expect(activity.staleness('my-operator').staleWriteCount).toBe(1);
    expect(activity.snapshot().staleWrites).toEqual([stale]);
  });

  it('names as evidence the delivery of the version of the object it had, not a later event about another object', () => {
    const { journal, activity } = observed();
    const watchId = journal.watch(op, dojos);
    const seen = journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    const seenSeq = journal.records.find((r) => r.type === 'watch-event' && r.resourceVersion === seen)!.seq;
    journal.write(kubectl, dojos, 'default', 'other', { verb: 'create' });
    journal.hold(watchId);
    journal.advance(100);
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.replicas'] });
    journal.advance(100);
    journal.write(op, dojos, 'default', 'web', { changedPaths: ['spec.replicas'], rvSent: false });
    expect(activity.staleness('my-operator').staleWrites).toEqual([
      expect.objectContaining({ seenResourceVersion: seen, seenThrough: 'watch', evidence: expect.objectContaining({ seenSeq }) }),
    ]);
  });

  it('leaves overlappingPaths empty when the write changed other fields than the versions it had not seen', () => {
    const { journal, activity } = operatorBehindKubectl();
    journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.ready'], rvSent: false });
    expect(activity.staleness('my-operator').staleWrites).toEqual([
      expect.objectContaining({ resource: 'dojos/status', changedPaths: ['status.ready'], overlappingPaths: [] }),
    ]);
  });

  it('flags a delete of an object changed since the client last saw it', () => {
    const { journal, activity, current } = operatorBehindKubectl();
    journal.write(op, dojos, 'default', 'web', { verb: 'delete', rvSent: false });
    expect(activity.staleness('my-operator').staleWrites).toEqual([
      expect.objectContaining({ verb: 'delete', currentResourceVersion: current, currentWriter: 'kubectl' }),
    ]);
  });

  it('flags a create of an object deleted since the client last saw it (it believed the object was there)', () => {
    const { journal, activity } = operatorBehindKubectl();
    const deletion = journal.write(kubectl, dojos, 'default', 'web', { verb: 'delete' });
    journal.advance(100);
    journal.write(op, dojos, 'default', 'web', { verb: 'create', rvSent: false });
    expect(activity.staleness('my-operator').staleWrites).toEqual([
      expect.objectContaining({
        verb: 'create',
        currentResourceVersion: deletion,
        currentWriter: 'kubectl',
        unseen: [
          expect.objectContaining({ writer: 'kubectl', verb: 'patch' }),
          expect.objectContaining({ resourceVersion: deletion, writer: 'kubectl', verb: 'delete' }),
        ],
      }),
    ]);
  });

  it('does not flag an update whose resourceVersion precondition named the current version', () => {
    const { journal, activity, current } = operatorBehindKubectl();
    journal.write(op, dojos, 'default', 'web', { verb: 'update', changedPaths: ['spec.replicas'], rvSent: current });
    expect(activity.staleness('my-operator').staleWrites).toEqual([]);
  });

  it('does not flag a write made once the newer version had been delivered', () => {
    const { journal, activity, watchId } = operatorBehindKubectl();
    journal.release(watchId);
    journal.advance(50);
    journal.write(op, dojos, 'default', 'web', { changedPaths: ['spec.replicas'], rvSent: false });
    expect(activity.staleness('my-operator').staleWrites).toEqual([]);
  });

  it('does not flag a blind write: kubectl patching an object it was never shown', () => {
    const { journal, activity } = observed();
    journal.write(op, dojos, 'default', 'web', { verb: 'create' });
    journal.write(op, dojos, 'default', 'web', { changedPaths: ['spec.title'] });
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.replicas'], rvSent: false });
    expect(activity.snapshot().staleWrites).toEqual([]);
  });

  it('does not flag a client writing over its own newer version, which it knows from its write’s answer', () => {
    const { journal, activity } = observed();
    const watchId = journal.watch(op, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.hold(watchId);
    journal.write(op, dojos, 'default', 'web', { changedPaths: ['spec.replicas'], rvSent: false });
    journal.advance(10);
    journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.ready'], rvSent: false });
    expect(activity.snapshot().staleWrites).toEqual([]);
  });

  it('flags a write decided on a stale GET, and not the one made after reading again', () => {
    const { journal, activity } = observed();
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    const read = journal.get(script, dojos, 'default', 'web');
    journal.advance(100);
    const current = journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.title'] });
    journal.advance(100);
    journal.write(script, dojos, 'default', 'web', { changedPaths: ['spec.title'], rvSent: false });
    expect(activity.staleness('script').staleWrites).toEqual([
      expect.objectContaining({
        seenThrough: 'get',
        seenResourceVersion: read.rvReturned,
        currentResourceVersion: current,
        overlappingPaths: ['spec.title'],
        evidence: expect.objectContaining({ seenSeq: read.seq }),
      }),
    ]);

    journal.advance(100);
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.title'] });
    journal.get(script, dojos, 'default', 'web');
    journal.advance(100);
    journal.write(script, dojos, 'default', 'web', { changedPaths: ['spec.title'], rvSent: false });
    expect(activity.staleness('script').staleWriteCount).toBe(1);
  });

  it('judges the console’s own controllers by the console’s shared informers, which are their view', () => {
    const { journal, activity } = observed(new ClientIdentifier({ isEmbedded: (name) => name === 'dojo-controller' }));
    const consoleInformers: Who = { user: 'admin', userAgent: 'dojo-console' };
    const controller: Who = { user: 'admin', userAgent: 'dojo-console/dojo-controller' };
    const informer = journal.watch(consoleInformers, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.replicas'] });
    journal.advance(100);
    journal.write(controller, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.replicas'], rvSent: false });
    expect(activity.snapshot().staleWrites).toEqual([]);

    journal.hold(informer);
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.replicas'] });
    journal.advance(100);
    journal.write(controller, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.replicas'], rvSent: false });
    expect(activity.snapshot().staleWrites).toEqual([expect.objectContaining({ client: 'dojo-controller', seenThrough: 'write', currentWriter: 'kubectl' })]);
  });

  it('counts the stale writes of each client in the snapshot, a client with no watch open included', () => {
    const { journal, activity } = observed();
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.get(script, dojos, 'default', 'web');
    journal.advance(100);
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.title'] });
    journal.advance(100);
    journal.write(script, dojos, 'default', 'web', { changedPaths: ['spec.title'], rvSent: false });
    expect(activity.snapshot().staleness).toEqual([{ client: 'script', resources: [], staleWriteCount: 1 }]);
  });

  it('after a resync (journal records lost) flags nothing on what it may have missed: every view starts again', () => {
    const { journal, activity } = observed();
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.get(script, dojos, 'default', 'web');
    journal.advance(100);
    // The records of kubectl's next write, and maybe the script's read of it, were lost.
    activity.hello({ type: 'hello', oldestSeq: 10, lastSeq: 20, resync: true, openWatches: [] });
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.title'] });
    journal.advance(100);
    journal.write(script, dojos, 'default', 'web', { changedPaths: ['spec.title'], rvSent: false });
    expect(activity.snapshot().staleWrites).toEqual([]);
  });

  it('takes a write that changed nothing for no version: the current one keeps its writer', () => {
    const { journal, activity } = observed();
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.get(script, dojos, 'default', 'web');
    journal.advance(100);
    const current = journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['spec.title'] });
    journal.advance(100);
    journal.request(op, dojos, { verb: 'patch', namespace: 'default', name: 'web', rvReturned: current, changedPaths: [] });
    journal.advance(100);
    journal.write(script, dojos, 'default', 'web', { changedPaths: ['spec.title'], rvSent: false });
    expect(activity.snapshot().staleWrites).toEqual([expect.objectContaining({ client: 'script', currentResourceVersion: current, currentWriter: 'kubectl' })]);
    expect(activity.staleness('my-operator').staleWriteCount).toBe(0);
  });
});
