/**
 * What the object says about itself: its conditions read by kstatus' rules, a built-in
 * workload's rollout counts, a Pod's container states (readiness/). A stale status and a
 * held deletion are left to the sources that say more about them (controller.ts, deletion.ts).
 */
import type { Blocker } from '@dojo/console-protocol';
import type { BlockerSource, ExplainSubject } from '../blocker-source.ts';
import { objectLink } from '../links.ts';
import { deletionCode, staleStatusCode } from '../readiness/assess-object.ts';

export const ownStatusSource: BlockerSource<void> = {
  name: 'own-status',
  cost: 'cheap',
  dependsOn: 'owner-tree',
  gather: () => undefined,
  blockers(subject: ExplainSubject): Blocker[] {
    return subject.assessment.findings
      .filter((f) => f.code !== staleStatusCode && f.code !== deletionCode)
      .map((f) => ({
        id: `own-status/${f.code}`,
        source: 'own-status',
        severity: f.severity,
        rank: f.rank,
        title: f.title,
        ...(f.detail ? { detail: f.detail } : {}),
        ...(f.since === undefined ? {} : { since: f.since }),
        evidence: f.evidence,
        links: [objectLink(f.tab === 'events' ? 'Events' : f.tab === 'yaml' ? 'YAML' : 'Conditions', subject.identity, f.tab ?? 'overview')],
      }));
  },
};
