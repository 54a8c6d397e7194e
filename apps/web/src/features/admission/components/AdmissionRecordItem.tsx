/**
 * One webhook call or policy evaluation made for a write: who decided (kind, name, its
 * configuration or binding and param), in which phase, the verdict in plain words, latency, the
 * message answered, warnings, audit annotations, and a mutation's patch as a diff.
 */
import type { AdmissionRecord } from '@dojo/console-protocol';
import { Badge } from '../../../components/ConditionChip.tsx';
import { formatDuration } from '../../../lib/time-format.ts';
import { deciderKindText, deciderSourceText, verdictText, verdictTone } from '../model/admission-text.ts';
import { PatchDiff } from './PatchDiff.tsx';

export function AdmissionRecordItem({ record }: { record: AdmissionRecord }) {
  const r = record;
  const audit = Object.entries(r.auditAnnotations ?? {});
  return (
    <li aria-label={`${deciderKindText(r.kind)} ${r.name}: ${verdictText(r)}`} className="flex min-w-0 flex-col gap-1.5 py-2.5">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Badge tone={verdictTone(r)}>{verdictText(r)}</Badge>
        <span className="font-mono text-sm break-all text-slate-900 dark:text-slate-100">{r.name}</span>
        <span className="text-xs text-slate-500 dark:text-slate-400">
          {deciderKindText(r.kind)} · {r.phase}
          {r.round ? ' · reinvoked' : ''} · {formatDuration(r.latencyMs)}
        </span>
      </div>
      <p className="text-xs break-all text-slate-500 dark:text-slate-400">
        {deciderSourceText(r)}
        {r.failurePolicy ? ` · failurePolicy ${r.failurePolicy}` : ''}
        {r.validationActions?.length ? ` · validationActions ${r.validationActions.join(', ')}` : ''}
        {r.reviewUid ? ` · review ${r.reviewUid}` : ''}
      </p>
      {r.message ? (
        <p
          className={`text-sm break-words ${r.verdict === 'denied' || (r.verdict === 'error' && !r.ignored) ? 'text-rose-800 dark:text-rose-200' : 'text-slate-700 dark:text-slate-300'}`}
        >
          {r.code ? <span className="font-mono text-xs">{r.code} </span> : null}
          {r.message}
          {r.field ? <span className="text-xs text-slate-500 dark:text-slate-400"> (field {r.field})</span> : null}
        </p>
      ) : null}
      {r.warnings?.length ? (
        <ul aria-label={`Warnings from ${r.name}`} className="flex flex-col gap-0.5 text-sm text-amber-800 dark:text-amber-200">
          {r.warnings.map((w, i) => (
            <li key={i} className="break-words">
              Warning: {w}
            </li>
          ))}
        </ul>
      ) : null}
      {audit.length ? (
        <p className="text-xs break-all text-slate-600 dark:text-slate-400">Audit annotations: {audit.map(([k, v]) => `${k}=${v}`).join(', ')}</p>
      ) : null}
      {r.patch?.length ? <PatchDiff label={`Patch applied by ${r.name}`} patch={r.patch} /> : null}
    </li>
  );
}
