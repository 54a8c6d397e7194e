import { describe, expect, it } from 'vitest';
import { conditionFindings, polarityOf } from './conditions.ts';
import { at, dojo, now } from '../testing/explain-fixtures.ts';

describe('conditions by kstatus rules', () => {
  it('knows which conditions are normal-true, abnormal-true and progress', () => {
    expect(['Ready', 'Available', 'Established', 'Synced'].map(polarityOf)).toEqual(['normal-true', 'normal-true', 'normal-true', 'normal-true']);
    expect(['Degraded', 'Stalled', 'ReplicaFailure'].map(polarityOf)).toEqual(['abnormal-true', 'abnormal-true', 'abnormal-true']);
    expect(['Progressing', 'Reconciling'].map(polarityOf)).toEqual(['progress', 'progress']);
  });

  it('calls a True Degraded a failure, with its reason, message and since when', () => {
    const [finding] = conditionFindings(
      dojo({
        conditions: [{ type: 'Degraded', status: 'True', reason: 'UnsupportedDatabase', message: 'Mongo is not supported', lastTransitionTime: at(90) }],
      }),
    );
    expect(finding).toMatchObject({ severity: 'failed', title: 'Degraded: UnsupportedDatabase', detail: 'Mongo is not supported', since: now - 90_000 });
  });

  it('calls a False or Unknown Ready a blocker and a True one nothing', () => {
    const findings = conditionFindings(
      dojo({
        conditions: [
          { type: 'Ready', status: 'False', reason: 'NamespaceNotFound' },
          { type: 'Available', status: 'Unknown' },
          { type: 'Synced', status: 'True' },
        ],
      }),
    );
    expect(findings.map((f) => [f.severity, f.title])).toEqual([
      ['blocked', 'Ready is False: NamespaceNotFound'],
      ['blocked', 'Available is Unknown'],
    ]);
  });

  it('says what a True Progressing is doing, calls a missed progress deadline a failure, and a False Progressing nothing', () => {
    const doing = conditionFindings(dojo({ conditions: [{ type: 'Progressing', status: 'True', reason: 'WaitingForCredentials' }] }));
    expect(doing.map((f) => [f.severity, f.title])).toEqual([['progressing', 'Progressing: WaitingForCredentials']]);
    expect(conditionFindings(dojo({ conditions: [{ type: 'Progressing', status: 'False', reason: 'ProgressDeadlineExceeded' }] }))[0]?.severity).toBe('failed');
    expect(conditionFindings(dojo({ conditions: [{ type: 'Progressing', status: 'False', reason: 'Reconciled' }] }))).toEqual([]);
  });

  it('says when a condition was computed for an older generation', () => {
    const [finding] = conditionFindings(dojo({ generation: 3, conditions: [{ type: 'Ready', status: 'False', observedGeneration: 2 }] }));
    expect(finding!.evidence).toContainEqual({ label: 'computed for generation', value: '2 (the object is at 3)' });
  });

  it('ignores malformed conditions and the types a kind rule covers', () => {
    const object = dojo({ conditions: [{ type: 'Ready', status: 'False' }] });
    (object.status as { conditions: unknown[] }).conditions.push('garbage', { status: 'False' });
    expect(conditionFindings(object, { skip: new Set(['Ready']) })).toEqual([]);
  });
});
