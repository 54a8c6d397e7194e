/**
 * One admission webhook or policy on the Overview: calls per second, denials, failures, p99
 * latency over the console's session, and its newest verdict with the message it answered.
 * Dry runs (a form checking its draft as a person types) are counted apart, never as calls,
 * denials or failures. Counts that start later than the section's (`countingSince` after
 * `since`: the console forgot this one among too many and started again) say so.
 */
import type { AdmissionSummaryEntry } from '@dojo/console-protocol';
import { CardLinks } from '../../../components/CardLinks.tsx';
import { Badge } from '../../../components/ConditionChip.tsx';
import { Stat } from '../../../components/Stat.tsx';
import { SummaryCard } from '../../../components/SummaryCard.tsx';
import { formatAge, formatDuration, formatRate } from '../../../lib/time-format.ts';
import { deciderKindText, isPolicy, verdictText, verdictTone } from '../model/admission-text.ts';

export function AdmissionCard({
  entry,
  now,
  since,
  configurationLink,
}: {
  entry: AdmissionSummaryEntry;
  now: number;
  /** The summary's `since`: when the section's counts start. */
  since: number;
  configurationLink?: string | undefined;
}) {
  const e = entry;
  const kind = deciderKindText(e.kind);
  return (
    <SummaryCard
      label={`Admission ${kind} ${e.name}`}
      name={e.name}
      detail={`${kind} · ${isPolicy(e.kind) ? 'binding' : 'in'} ${e.configuration}`}
      detailTitle={`${e.kind} ${e.configuration}`}
      badges={
        <div className="flex shrink-0 gap-1">
          <Badge tone={verdictTone({ verdict: e.lastVerdict })}>{verdictText({ verdict: e.lastVerdict })}</Badge>
        </div>
      }
    >
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4">
        <Stat label="Calls/s" value={formatRate(e.callsPerSecond)} hint={`${e.calls.toLocaleString()} calls in all`} />
        <Stat
          label="Denials"
          value={<span className={e.denials > 0 ? 'text-rose-700 dark:text-rose-300' : ''}>{e.denials.toLocaleString()}</span>}
          hint="writes it refused"
        />
        <Stat
          label="Failures"
          value={<span className={e.failures > 0 ? 'text-rose-700 dark:text-rose-300' : ''}>{e.failures.toLocaleString()}</span>}
          hint="calls or evaluations that failed (timeout, bad answer, erroring expression), whatever failurePolicy did with them"
        />
        <Stat label="p99 latency" value={formatDuration(e.p99LatencyMs)} hint="of its last 1,000 calls" />
      </dl>
      {e.dryRunCalls > 0 ? (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          +{e.dryRunCalls.toLocaleString()} dry {e.dryRunCalls === 1 ? 'run' : 'runs'} (a form checking its draft), not in the counts above
        </p>
      ) : null}
      {e.countingSince > since ? (
        <p className="text-xs text-amber-800 dark:text-amber-200">
          Counted only since{' '}
          <time dateTime={new Date(e.countingSince).toISOString()} title={new Date(e.countingSince).toISOString()}>
            {formatAge(e.countingSince, now)} ago
          </time>
          : the console had set it aside among too many webhooks and policies, and started counting it again
        </p>
      ) : null}
      <p className="text-xs break-words text-slate-600 dark:text-slate-400">
        Last call {formatAge(e.lastCall, now)} ago: {verdictText({ verdict: e.lastVerdict })}
        {e.lastMessage ? <span className="text-slate-800 dark:text-slate-200"> — {e.lastMessage}</span> : null}
      </p>
      {configurationLink ? (
        <CardLinks label={`${e.name} links`} links={[{ label: isPolicy(e.kind) ? 'Policy' : 'Configuration', to: configurationLink }]} />
      ) : null}
    </SummaryCard>
  );
}
