/**
 * A report card as lines for a person (`dojo-console client NAME report`): one line per check,
 * its verdict as a mark, the summary, then its figures and the journal seqs of its evidence
 * (`GET /api/requests` pages through them).
 */
import type { ClientReportCard, ReportLink, ReportVerdict } from '@dojo/console-protocol';

const marks: Record<ReportVerdict, string> = { good: 'ok  ', warning: 'WARN', problem: 'FAIL', 'not-seen': '--  ' };

function linkText(link: ReportLink): string {
  switch (link.kind) {
    case 'request':
      return `seq ${link.seq}: ${link.label}`;
    case 'stale-write':
      return `seq ${link.writeSeq}: ${link.label}`;
    case 'reconcile':
      return `reconcile ${link.reconcileId}: ${link.label}`;
    case 'hot-loop':
      return `hot loop ${link.hotLoopId}: ${link.label}`;
  }
}

export function describeReportCard(card: ClientReportCard): string {
  const span =
    card.from.firstSeq !== undefined ? `journal seq ${card.from.firstSeq}–${card.from.lastSeq}, ${card.from.records} records` : 'no records of its yet';
  const out = [`Report card of ${card.client} (${span})`, ''];
  for (const line of card.lines) {
    out.push(`${marks[line.verdict]}  ${line.title}: ${line.summary}`);
    const figures = line.figures.map((f) => `${f.label} ${f.value}`).join(' · ');
    if (figures && line.verdict !== 'not-seen') out.push(`      ${figures}`);
    for (const link of line.links) out.push(`      ${linkText(link)}`);
  }
  return `${out.join('\n')}\n`;
}
