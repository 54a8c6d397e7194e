/**
 * One write of an object and every admission decision made for it, in the order they ran; the
 * records past the journal's limit per request (a deletecollection over many items) are counted.
 */
import { Badge } from '../../../components/ConditionChip.tsx';
import { formatClock } from '../../../lib/time-format.ts';
import type { AdmittedWrite } from '../model/object-admission.ts';
import { answerText, writerText, writeVerbText } from '../model/write-text.ts';
import { AdmissionRecordItem } from './AdmissionRecordItem.tsx';

export function AdmittedWriteItem({ write }: { write: AdmittedWrite }) {
  const refused = write.code >= 400;
  return (
    <article
      aria-label={`${writeVerbText(write)} at ${formatClock(write.time)}: ${answerText(write)}`}
      className="rounded-lg border border-slate-200 bg-white px-4 py-3 shadow-xs dark:border-slate-800 dark:bg-slate-900"
    >
      <header className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-100 pb-2 text-sm dark:border-slate-800">
        <time
          dateTime={new Date(write.time).toISOString()}
          title={new Date(write.time).toISOString()}
          className="font-mono text-xs text-slate-500 tabular-nums dark:text-slate-400"
        >
          {formatClock(write.time)}
        </time>
        <span className="font-semibold text-slate-900 dark:text-slate-100">{writeVerbText(write)}</span>
        <span className="min-w-0 break-all text-slate-600 dark:text-slate-300">by {writerText(write)}</span>
        <Badge tone={refused ? 'bad' : 'good'}>{answerText(write)}</Badge>
        {write.rvReturned ? <span className="font-mono text-xs text-slate-500 dark:text-slate-400">rv {write.rvReturned}</span> : null}
      </header>
      <ol aria-label="Admission decisions, in the order they ran" className="divide-y divide-slate-100 dark:divide-slate-800">
        {write.admission.map((record, i) => (
          <AdmissionRecordItem key={i} record={record} />
        ))}
      </ol>
      {write.admissionDropped ? (
        <p className="pt-2 text-sm text-amber-800 dark:text-amber-200">
          +{write.admissionDropped} admission {write.admissionDropped === 1 ? 'record' : 'records'} not kept (past the console&apos;s limit per request)
        </p>
      ) : null}
    </article>
  );
}
