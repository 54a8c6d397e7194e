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
const history = {
  versions: () => versions,
  telemetry: () => [],
  writerOf: (v: ObjectVersionRecord) => ({ source: 'managedFields' as const, manager: v.writer! }),
};

describe('the last write source', () => {
  it('tells, for a kind no controller of the console runs, who wrote last and when the status was last written', async () => {
    const s = subject(notReady, undefined, null);
    const [blocker] = lastWriteSource.blockers(s, await lastWriteSource.gather(s, context({ history })));
    expect(blocker).toMatchObject({
      severity: 'info',
      title: 'No controller of the console reconciles Dojo; the last write was by kubectl-edit (spec), 30 s ago',
    });
    expect(blocker!.evidence.map((e) => e.value)).toEqual(['kubectl-edit: spec at resourceVersion 5', 'kopf-operator at resourceVersion 4, 600 s ago']);
  });

  it('names the client from the request journal when it saw the writes, before what the versions guess', async () => {
    const writes = {
      writesOf: () => ({
        last: {
          seq: 9,
          time: now - 20_000,
          verb: 'patch' as const,
          resourceVersion: '9',
          changedPaths: ['spec.replicas'],
          writer: { source: 'journal' as const, client: 'kubectl', manager: 'kubectl-patch' },
        },
        lastStatus: {
          seq: 7,
          time: now - 300_000,
          verb: 'patch' as const,
          subresource: 'status',
          resourceVersion: '7',
          writer: { source: 'journal' as const, client: 'widget-operator', manager: 'kopf' },
        },
      }),
      writeReturning: () => undefined,
    };
    const s = subject(notReady, undefined, null);
    const [blocker] = lastWriteSource.blockers(s, await lastWriteSource.gather(s, context({ history, writes })));
    expect(blocker!.title).toBe('No controller of the console reconciles Dojo; the last write was by kubectl (patch of spec.replicas), 20 s ago');
    expect(blocker!.evidence.map((e) => e.value)).toEqual([
      'kubectl: patch of spec.replicas at resourceVersion 9',
      'widget-operator at resourceVersion 7, 300 s ago',
      "the API server's request journal: the client that sent each write",
    ]);
  });

  it('stays quiet for kinds the console reconciles, and for ready objects', async () => {
    expect(await lastWriteSource.gather(subject(notReady), context({ history }))).toEqual({});
    const ready = subject(dojo(), undefined, null);
    expect(lastWriteSource.blockers(ready, await lastWriteSource.gather(ready, context({ history })))).toEqual([]);
  });
});
