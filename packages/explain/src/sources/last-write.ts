/**
 * For objects no controller of the console reconciles (an operator written in Go or Python,
 * kubectl, a CI job): the last write to the object and which client made it, and the last
 * write to its status — an external operator that stopped writing status is the first thing to
 * suspect. The API server's request journal names the client exactly (its token's user, else
 * its User-Agent); without it (another cluster, or a write the journal no longer holds) the
 * recorded versions name the field manager of their managedFields.
 */
import type { Blocker, Evidence, FieldWriter } from '@dojo/console-protocol';
import type { BlockerSource } from '../blocker-source.ts';
import { isStatusWrite, type JournalWrite } from '../journal-writers.ts';
import { objectLink } from '../links.ts';
import { ranks } from '../readiness/finding.ts';

export interface WriteSeen {
  readonly time: number;
  readonly writer: FieldWriter;
  /** What it changed, as people say it: "spec", "status", "create", "patch of spec.replicas". */
  readonly change: string;
  readonly resourceVersion?: string;
}

export interface LastWriteEvidence {
  readonly last?: WriteSeen;
  /** The last write that changed only the status. */
  readonly lastStatus?: WriteSeen;
  /** Where the writes come from: the request journal (exact client) or the recorded versions. */
  readonly from?: 'journal' | 'versions';
}

export const lastWriteSource: BlockerSource<LastWriteEvidence> = {
  name: 'last-write',
  cost: 'recorded',
  gather(subject, context) {
    if (subject.controller) return {};
    const journaled = context.writes?.writesOf(subject.identity);
    if (journaled) {
      return { from: 'journal', last: journalSeen(journaled.last), ...(journaled.lastStatus ? { lastStatus: journalSeen(journaled.lastStatus) } : {}) };
    }
    const history = context.history;
    if (!history) return {};
    const versions = history.versions().filter((v) => v.change !== 'deleted');
    const last = versions[versions.length - 1];
    const lastStatus = [...versions].reverse().find((v) => v.change === 'status');
    const seen = (v: NonNullable<typeof last>): WriteSeen => ({
      time: v.time,
      writer: history.writerOf(v),
      change: v.change,
      resourceVersion: v.resourceVersion,
    });
    if (!last) return {};
    return { from: 'versions', last: seen(last), ...(lastStatus ? { lastStatus: seen(lastStatus) } : {}) };
  },
  blockers(subject, { last, lastStatus, from }): Blocker[] {
    if (!last || subject.assessment.readiness === 'ready') return [];
    const ago = (time: number) => `${Math.max(0, Math.round((subject.now - time) / 1000))} s ago`;
    const at = (w: WriteSeen) => (w.resourceVersion ? ` at resourceVersion ${w.resourceVersion}` : '');
    const evidence: Evidence[] = [
      { label: 'last write', value: `${writerName(last.writer)}: ${last.change}${at(last)}`, time: last.time },
      lastStatus
        ? { label: 'last status write', value: `${writerName(lastStatus.writer)}${at(lastStatus)}, ${ago(lastStatus.time)}`, time: lastStatus.time }
        : {
            label: 'last status write',
            value: `none recorded: nothing has written its status since the console began ${from === 'journal' ? 'reading the request journal' : 'recording'}`,
          },
    ];
    if (from === 'journal') evidence.push({ label: 'known from', value: "the API server's request journal: the client that sent each write" });
    return [
      {
        id: 'last-write/last',
        source: 'last-write',
        severity: 'info',
        rank: ranks.lastWrite,
        title: `No controller of the console reconciles ${subject.identity.kind}; the last write was by ${writerName(last.writer)} (${last.change}), ${ago(last.time)}`,
        since: last.time,
        evidence,
        links: [
          objectLink('Versions', subject.identity, 'versions', last.resourceVersion ? { rv: last.resourceVersion } : {}),
          objectLink('Fields by writer', subject.identity, 'fields'),
        ],
      },
    ];
  },
};

/** A journaled write as people say it: what it did, and to which fields. */
function journalSeen(write: JournalWrite): WriteSeen {
  return { time: write.time, writer: write.writer, change: changeText(write), ...(write.resourceVersion ? { resourceVersion: write.resourceVersion } : {}) };
}

function changeText(write: JournalWrite): string {
  if (write.verb === 'create' || write.verb === 'delete') return write.verb;
  if (isStatusWrite(write)) return 'status';
  const paths = write.changedPaths ?? [];
  if (write.subresource) return `${write.verb} of ${write.subresource}`;
  return paths.length === 0 ? write.verb : `${write.verb} of ${paths.slice(0, 2).join(', ')}${paths.length > 2 ? ` and ${paths.length - 2} more` : ''}`;
}

function writerName(writer: FieldWriter): string {
  return writer.client ?? writer.controller ?? writer.manager ?? 'an unknown writer';
}
