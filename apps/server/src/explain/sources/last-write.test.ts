import { describe, expect, it } from 'vitest';
import type { ObjectVersionRecord } from '@dojo/console-protocol';
import type { KubeObject } from '@dojo/kube-api';
import { lastWriteSource } from './last-write.ts';
import { context, dojo, now, subject } from '../testing/explain-fixtures.ts';

const version = (rv: string, change: ObjectVersionRecord['change'], writer: string, secondsAgo: number): ObjectVersionRecord => ({
  seq: Number(rv),
  time: now - secondsAgo * 1000,
  object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web' },
  event: 'MODIFIED',
  resourceVersion: rv,
  change,
  writer,
  body: {} as KubeObject,
});
const notReady = dojo({ conditions: [{ type: 'Ready', status: 'False' }] });
const versions = [version('4', 'status', 'kopf-operator', 600), version('5', 'spec', 'kubectl-edit', 30)];
const history = { versions: () => versions, telemetry: () => [], writerOf: (v: ObjectVersionRecord) => ({ source: 'managedFields' as const, manager: v.writer! }) };

describe('the last write source', () => {
  it('tells, for a kind no controller of the console runs, who wrote last and when the status was last written', async () => {
    const s = subject(notReady, undefined, null);
    const [blocker] = lastWriteSource.blockers(s, await lastWriteSource.gather(s, context({ history })));
    expect(blocker).toMatchObject({ severity: 'info', title: 'No controller of the console reconciles Dojo; the last write was by kubectl-edit (spec), 30 s ago' });
    expect(blocker!.evidence.map((e) => e.value)).toEqual(['kubectl-edit: spec at resourceVersion 5', 'kopf-operator at resourceVersion 4, 600 s ago']);
  });

  it('stays quiet for kinds the console reconciles, and for ready objects', async () => {
    expect(await lastWriteSource.gather(subject(notReady), context({ history }))).toEqual({});
    const ready = subject(dojo(), undefined, null);
    expect(lastWriteSource.blockers(ready, await lastWriteSource.gather(ready, context({ history })))).toEqual([]);
  });
});
