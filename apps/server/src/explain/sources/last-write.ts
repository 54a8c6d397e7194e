/**
 * For objects no controller of the console reconciles (an operator written in Go or Python,
 * kubectl, a CI job): the last write to the object and who made it, and the last write to its
 * status — an external operator that stopped writing status is the first thing to suspect.
 * Writers come from the recorded versions: the field manager of their managedFields, not the
 * client. The API server's request journal (issue #15) names the client exactly; this source
 * does not read it yet.
 */
import type { Blocker, FieldWriter, ObjectVersionRecord } from '@dojo/console-protocol';
import type { BlockerSource } from '../blocker-source.ts';
import { objectLink } from '../links.ts';
import { ranks } from '../readiness/finding.ts';

export interface WriteSeen {
  readonly version: ObjectVersionRecord;
  readonly writer: FieldWriter;
}

export interface LastWriteEvidence {
  readonly last?: WriteSeen;
  /** The last version that changed only the status. */
  readonly lastStatus?: WriteSeen;
}

export const lastWriteSource: BlockerSource<LastWriteEvidence> = {
  name: 'last-write',
  cost: 'recorded',
  gather(subject, context) {
    const history = context.history;
    if (subject.controller || !history) return {};
    const versions = history.versions().filter((v) => v.change !== 'deleted');
    const last = versions[versions.length - 1];
    const lastStatus = [...versions].reverse().find((v) => v.change === 'status');
    return {
      ...(last ? { last: { version: last, writer: history.writerOf(last) } } : {}),
      ...(lastStatus ? { lastStatus: { version: lastStatus, writer: history.writerOf(lastStatus) } } : {}),
    };
  },
  blockers(subject, { last, lastStatus }): Blocker[] {
    if (!last || subject.assessment.readiness === 'ready') return [];
    const ago = (time: number) => `${Math.max(0, Math.round((subject.now - time) / 1000))} s ago`;
    return [
      {
        id: 'last-write/last',
        source: 'last-write',
        severity: 'info',
        rank: ranks.lastWrite,
        title: `No controller of the console reconciles ${subject.identity.kind}; the last write was by ${writerName(last.writer)} (${last.version.change}), ${ago(last.version.time)}`,
        since: last.version.time,
        evidence: [
          { label: 'last write', value: `${writerName(last.writer)}: ${last.version.change} at resourceVersion ${last.version.resourceVersion}`, time: last.version.time },
          lastStatus
            ? { label: 'last status write', value: `${writerName(lastStatus.writer)} at resourceVersion ${lastStatus.version.resourceVersion}, ${ago(lastStatus.version.time)}`, time: lastStatus.version.time }
            : { label: 'last status write', value: 'none recorded: nothing has written its status since the console began recording' },
        ],
        links: [objectLink('Versions', subject.identity, 'versions', { rv: last.version.resourceVersion }), objectLink('Fields by writer', subject.identity, 'fields')],
      },
    ];
  },
};

function writerName(writer: FieldWriter): string {
  return writer.client ?? writer.controller ?? writer.manager ?? 'an unknown writer';
}
