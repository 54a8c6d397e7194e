/** batch/v1 Jobs and CronJobs, with kubectl's columns for each. */
import { type KubeObject, ageOf, humanDuration } from '@dojo/kube-api';
import { statusStrategy } from '../status-strategy.ts';
import { cronJobStrategy } from './cronjob-strategy.ts';
import { defineBuiltin } from './define-builtin.ts';
import { jobStrategy } from './job-strategy.ts';
import { boolText, column, containerColumns, formatLabelSelector, hasCondition } from './printer-cells.ts';
import { field } from './unstructured.ts';

/** printJob's Status: the first of these conditions that holds. */
function jobStatus(o: KubeObject): string {
  if (hasCondition(o, 'Complete')) return 'Complete';
  if (hasCondition(o, 'Failed')) return 'Failed';
  if (o.metadata.deletionTimestamp) return 'Terminating';
  if (hasCondition(o, 'Suspended')) return 'Suspended';
  if (hasCondition(o, 'FailureTarget')) return 'FailureTarget';
  if (hasCondition(o, 'SuccessCriteriaMet')) return 'SuccessCriteriaMet';
  return 'Running';
}

function jobCompletions(o: KubeObject): string {
  const succeeded = Number(field(o, 'status', 'succeeded') ?? 0);
  const completions = field(o, 'spec', 'completions');
  if (typeof completions === 'number') return `${succeeded}/${completions}`;
  const parallelism = Number(field(o, 'spec', 'parallelism') ?? 0);
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

function jobDuration(o: KubeObject, now: number): string {
  const start = field(o, 'status', 'startTime');
  if (typeof start !== 'string') return '';
  const completion = field(o, 'status', 'completionTime');
  if (typeof completion !== 'string') return humanDuration(now - Date.parse(start));
  return humanDuration(Date.parse(completion) - Date.parse(start));
}

export const jobs = defineBuiltin({
  group: 'batch',
  version: 'v1',
  resource: 'jobs',
  kind: 'Job',
  namespaced: true,
  categories: ['all'],
  strategy: jobStrategy,
  subresources: { status: statusStrategy(jobStrategy) },
  columns: [column('Status', jobStatus), column('Completions', jobCompletions), column('Duration', jobDuration)],
  columnsAfterAge: [...containerColumns('spec', 'template', 'spec'), column('Selector', (o) => formatLabelSelector(field(o, 'spec', 'selector')), 'string', 1)],
  selectableFields: (o) => ({ 'status.successful': String(Number(field(o, 'status', 'succeeded') ?? 0)) }),
});

export const cronjobs = defineBuiltin({
  group: 'batch',
  version: 'v1',
  resource: 'cronjobs',
  kind: 'CronJob',
  namespaced: true,
  shortNames: ['cj'],
  categories: ['all'],
  strategy: cronJobStrategy,
  subresources: { status: statusStrategy(cronJobStrategy) },
  columns: [
    column('Schedule', (o) => field(o, 'spec', 'schedule') ?? ''),
    column('Timezone', (o) => field(o, 'spec', 'timeZone') ?? '<none>'),
    column('Suspend', (o) => boolText(field(o, 'spec', 'suspend')), 'boolean'),
    column('Active', (o) => ((field(o, 'status', 'active') as unknown[] | undefined) ?? []).length, 'integer'),
    column('Last Schedule', (o, now) => (field(o, 'status', 'lastScheduleTime') === undefined ? '<none>' : ageOf(field(o, 'status', 'lastScheduleTime'), now))),
  ],
  columnsAfterAge: [
    ...containerColumns('spec', 'jobTemplate', 'spec', 'template', 'spec'),
    column('Selector', (o) => formatLabelSelector(field(o, 'spec', 'jobTemplate', 'spec', 'selector')), 'string', 1),
  ],
});
