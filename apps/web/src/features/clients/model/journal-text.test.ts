import { describe, expect, it } from 'vitest';
import { journalRecordText, policyRuleText } from './journal-text.ts';

describe('journal text', () => {
  it('says a request in one line: verb, object, code, version written, who', () => {
    expect(
      journalRecordText({
        type: 'request',
        seq: 4,
        time: 1,
        user: 'op',
        verb: 'update',
        resource: 'configmaps',
        namespace: 'default',
        name: 'a',
        code: 200,
        rvReturned: '12',
        latencyMs: 1,
      }),
    ).toBe('update configmaps default/a 200 → rv 12 by op');
  });

  it('says what a watch delivered', () => {
    expect(
      journalRecordText({ type: 'watch-event', seq: 5, time: 1, watchId: 'w1', event: 'MODIFIED', namespace: 'default', name: 'a', resourceVersion: '9' }),
    ).toBe('MODIFIED default/a at rv 9 delivered on watch w1');
  });

  it('marks a write that went through admission with each webhook or policy and its verdict', () => {
    expect(
      journalRecordText({
        type: 'request',
        seq: 6,
        time: 1,
        user: 'admin',
        verb: 'create',
        resource: 'configmaps',
        namespace: 'default',
        name: 'a',
        code: 400,
        latencyMs: 1,
        admission: [
          { kind: 'MutatingWebhookConfiguration', name: 'm.example.com', configuration: 'm', phase: 'mutating', verdict: 'mutated', latencyMs: 2 },
          {
            kind: 'ValidatingWebhookConfiguration',
            name: 'a.example.com',
            configuration: 'a',
            phase: 'validating',
            verdict: 'error',
            ignored: true,
            latencyMs: 2,
          },
          { kind: 'ValidatingAdmissionPolicy', name: 'limits', configuration: 'b', phase: 'validating', verdict: 'denied', latencyMs: 1 },
        ],
      }),
    ).toBe('create configmaps default/a 400 by admin · admission: m.example.com mutated, a.example.com error (ignored), limits denied');
  });

  it("counts a write's admission records the journal did not keep", () => {
    expect(
      journalRecordText({
        type: 'request',
        seq: 7,
        time: 1,
        user: 'admin',
        verb: 'deletecollection',
        resource: 'configmaps',
        namespace: 'default',
        code: 200,
        latencyMs: 1,
        admission: [{ kind: 'ValidatingAdmissionPolicy', name: 'limits', configuration: 'b', phase: 'validating', verdict: 'allowed', latencyMs: 1 }],
        admissionDropped: 250,
      }),
    ).toBe('deletecollection configmaps in default 200 by admin · admission: limits allowed (+250 not kept)');
  });

  it('prints an RBAC rule with the core group as ""', () => {
    expect(policyRuleText({ verbs: ['get', 'list'], apiGroups: [''], resources: ['configmaps'] })).toBe(
      'verbs=[get,list] apiGroups=[""] resources=[configmaps]',
    );
  });
});
