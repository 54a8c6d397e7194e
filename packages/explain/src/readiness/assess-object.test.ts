import { describe, expect, it } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { assessObject, observedGenerationOf } from './assess-object.ts';
import { dojo, dojoKind } from '../testing/explain-fixtures.ts';

describe("an object's readiness from the object alone", () => {
  it('is failed when anything failed, with the failure first', () => {
    const assessment = assessObject(
      dojoKind,
      dojo({
        conditions: [
          { type: 'Available', status: 'False', reason: 'NoReplicasAvailable' },
          { type: 'Degraded', status: 'True', reason: 'UnsupportedDatabase' },
        ],
      }),
    );
    expect(assessment.readiness).toBe('failed');
    expect(assessment.findings.map((f) => f.title)).toEqual(['Degraded: UnsupportedDatabase', 'Available is False: NoReplicasAvailable']);
  });

  it('puts what the object says it is doing before the symptom', () => {
    const assessment = assessObject(
      dojoKind,
      dojo({
        conditions: [
          { type: 'Available', status: 'False', reason: 'NoReplicasAvailable' },
          { type: 'Progressing', status: 'True', reason: 'WaitingForCredentials' },
        ],
      }),
    );
    expect(assessment.readiness).toBe('in-progress');
    expect(assessment.findings.map((f) => f.title)).toEqual(['Progressing: WaitingForCredentials', 'Available is False: NoReplicasAvailable']);
  });

  it('is in progress while the status answers an older spec', () => {
    const assessment = assessObject(dojoKind, dojo({ generation: 2, observedGeneration: 1, conditions: [{ type: 'Available', status: 'True' }] }));
    expect(assessment.readiness).toBe('in-progress');
    expect(assessment.findings[0]?.code).toBe('observed-generation');
  });

  it('is terminating while finalizers hold its deletion', () => {
    const assessment = assessObject(dojoKind, dojo({ deletion: { finalizers: ['core.jutsu.com/cleanup'], secondsAgo: 30 } }));
    expect(assessment.readiness).toBe('terminating');
    expect(assessment.findings[0]?.title).toBe('Deletion waits for finalizer core.jutsu.com/cleanup');
  });

  it('is ready with nothing to read, as a ConfigMap is', () => {
    const configMap: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c', namespace: 'default' }, data: { a: 'b' } };
    expect(assessObject({ group: '', kind: 'ConfigMap' }, configMap)).toEqual({ readiness: 'ready', findings: [] });
  });

  it('reads the observed generation from the status, else from the oldest condition', () => {
    expect(observedGenerationOf(dojo({ observedGeneration: 4 }))).toBe(4);
    expect(
      observedGenerationOf(
        dojo({
          conditions: [
            { type: 'A', status: 'True', observedGeneration: 3 },
            { type: 'B', status: 'True', observedGeneration: 2 },
          ],
        }),
      ),
    ).toBe(2);
    expect(observedGenerationOf(dojo())).toBeUndefined();
  });
});
