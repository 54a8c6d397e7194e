import { describe, expect, it } from 'vitest';
import type { ObjectVersionRecord } from '@dojo/console-protocol';
import type { KubeObject } from '@dojo/kube-api';
import type { RecordedHistoryView } from '../blocker-source.ts';
import { deletionSource } from './deletion.ts';
import { context, dojo, now, subject } from '../testing/explain-fixtures.ts';

const version = (rv: string, finalizers: string[], writer: string): ObjectVersionRecord => ({
  seq: Number(rv),
  time: now - 1000 * (100 - Number(rv)),
  object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web', uid: 'dojo-uid' },
  event: 'MODIFIED',
  resourceVersion: rv,
  change: 'metadata',
  writer,
  body: { metadata: { name: 'web', finalizers } } as KubeObject,
});
const history = (versions: ObjectVersionRecord[]): RecordedHistoryView => ({
  versions: () => versions,
  telemetry: () => [],
  writerOf: (v) =>
    v.writer === 'dojo'
      ? { source: 'telemetry', controller: 'dojo', manager: 'dojo', reconcileId: 'abcdef0123' }
      : { source: 'managedFields', manager: v.writer! },
});
const terminating = subject(dojo({ deletion: { finalizers: ['core.jutsu.com/cleanup', 'example.com/hold'], secondsAgo: 45 } }));

describe('the deletion source', () => {
  it('names who added each finalizer: the writer of the version it last appeared in', async () => {
    const versions = [
      version('1', [], 'kubectl'),
      version('2', ['core.jutsu.com/cleanup'], 'dojo'),
      version('3', ['core.jutsu.com/cleanup', 'example.com/hold'], 'kubectl-edit'),
    ];
    const evidence = await deletionSource.gather(terminating, context({ history: history(versions) }));
    const [blocker] = deletionSource.blockers(terminating, evidence);
    expect(blocker).toMatchObject({
      severity: 'blocked',
      title: 'Deletion waits for finalizers core.jutsu.com/cleanup, example.com/hold',
      since: now - 45_000,
    });
    expect(blocker!.evidence.map((e) => [e.label, e.value])).toEqual([
      ['core.jutsu.com/cleanup', 'added by controller dojo (reconcile abcdef01) in version 2'],
      ['example.com/hold', 'added by field manager kubectl-edit in version 3'],
    ]);
    expect(blocker!.links.map((l) => l.label)).toEqual(['dojo workqueue', 'reconcile that added core.jutsu.com/cleanup', 'Versions']);
  });

  it("falls back to the kind's controller when the history does not reach back, and leaves foreground deletion to the garbage collector", async () => {
    const s = subject(dojo({ deletion: { finalizers: ['core.jutsu.com/cleanup', 'foregroundDeletion'], secondsAgo: 5 } }));
    const [blocker] = deletionSource.blockers(s, await deletionSource.gather(s, context()));
    expect(blocker!.evidence.map((e) => e.value)).toEqual([
      'added before the recorded history; dojo reconciles this kind and so most likely owns it',
      'the garbage collector removes it once the dependents are gone',
    ]);
  });

  it('says nothing of an object not being deleted', async () => {
    const s = subject(dojo());
    expect(deletionSource.blockers(s, await deletionSource.gather(s, context()))).toEqual([]);
  });
});
