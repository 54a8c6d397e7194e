import { describe, expect, it } from 'vitest';
import { identityOf, type KubeObject } from '@dojo/kube-api';
import { explainObject, readinessHints } from './explain-object.ts';
import type { ObjectGraph } from './object-graph.ts';
import { context, directory, dojo, dojoKind, now, queueState } from './testing/explain-fixtures.ts';

const crashingPod: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: {
    name: 'web-1',
    namespace: 'default',
    uid: 'pod-uid',
    ownerReferences: [{ apiVersion: 'core.jutsu.com/v1', kind: 'Dojo', name: 'web', uid: 'dojo-uid' }],
  },
  status: {
    phase: 'Running',
    conditions: [{ type: 'Ready', status: 'False' }],
    containerStatuses: [{ name: 'app', state: { waiting: { reason: 'CrashLoopBackOff' } } }],
  },
};
const graph: ObjectGraph = {
  get: () => undefined,
  list: () => [dojo({ conditions: [{ type: 'Available', status: 'True' }] })],
  watches: () => true,
  ownedBy: (uid) => (uid === 'dojo-uid' ? [{ identity: identityOf(crashingPod), object: crashingPod }] : []),
};

describe('explaining an object', () => {
  it("ranks every source's blockers and calls the object failed when a child failed, though its own status says nothing", async () => {
    const answer = await explainObject(
      dojoKind,
      dojo({ conditions: [{ type: 'Available', status: 'True' }] }),
      context({ graph, controllers: directory(queueState()) }),
      { now, notes: ['a note'] },
    );
    expect(answer).toMatchObject({
      object: { kind: 'Dojo', name: 'web', uid: 'dojo-uid' },
      resourceVersion: '10',
      generation: 1,
      readiness: 'failed',
      controller: 'dojo',
      computedAt: now,
      notes: ['a note'],
    });
    expect(answer.blockers.map((b) => b.title)).toEqual(['Pod web-1: Container app: CrashLoopBackOff']);
  });

  it('gives each object of a list its verdict and top blocker', async () => {
    const { hints } = await readinessHints(dojoKind, graph.list('core.jutsu.com', 'Dojo'), context({ graph }), now);
    expect(hints['default/web']).toEqual({
      readiness: 'failed',
      blockers: 1,
      top: { severity: 'failed', title: 'Pod web-1: Container app: CrashLoopBackOff' },
    });
  });
});
