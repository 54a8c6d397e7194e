/**
 * batch/v1 CronJobs (pkg/registry/batch/cronjob/strategy.go, SetDefaults_CronJob and
 * validateCronJobSpec): a schedule robfig/cron parses, a concurrency policy, history limits,
 * and a job template whose selector kube generates for each Job (so the template may not set one).
 */
import { fieldError, type FieldError, type KubeObject } from '@dojo/kube-api';
import { bumpGenerationOnChange, startGeneration } from '../generation.ts';
import { keepStoredStatus } from '../status-strategy.ts';
import type { Strategy } from '../strategy.ts';
import { cronScheduleError } from './cron-schedule.ts';
import { validateJobSpecFields } from './job-strategy.ts';
import { defaultPodSpec } from './pod-spec.ts';
import { validateNonNegative } from './pod-template.ts';
import { childRecord, record } from './unstructured.ts';

/** SetObjectDefaults_CronJob: SetDefaults_CronJob, and pod defaults on the job template's pods. */
function defaultCronJob(obj: KubeObject): void {
  const spec = childRecord(obj, 'spec');
  spec.concurrencyPolicy ??= 'Allow';
  spec.suspend ??= false;
  spec.successfulJobsHistoryLimit ??= 3;
  spec.failedJobsHistoryLimit ??= 1;
  const jobTemplate = childRecord(spec, 'jobTemplate');
  jobTemplate.metadata ??= {};
  const jobSpec = childRecord(jobTemplate, 'spec');
  const template = childRecord(jobSpec, 'template');
  template.metadata ??= {};
  const podSpec = childRecord(template, 'spec');
  defaultPodSpec(podSpec);
}

/** validateScheduleFormat: robfig's parse error, and no TZ= prefix on new schedules. */
function validateSchedule(schedule: string, timeZone: unknown, allowTZ: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const parseError = cronScheduleError(schedule);
  if (parseError) errs.push(fieldError.invalid('spec.schedule', schedule, parseError));
  if (allowTZ && schedule.includes('TZ') && timeZone !== undefined && timeZone !== null) {
    errs.push(fieldError.invalid('spec.schedule', schedule, 'cannot use both timeZone field and TZ or CRON_TZ in schedule'));
  } else if (!allowTZ && schedule.includes('TZ')) {
    errs.push(fieldError.invalid('spec.schedule', schedule, 'cannot use TZ or CRON_TZ in schedule, use timeZone field instead'));
  }
  return errs;
}

const timeZoneComponent = /^[A-Za-z.\-_0-9+]{1,14}$/;

function timeZoneExists(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** validateTimeZone: an IANA name Go's time.LoadLocation finds, never "Local". */
function validateTimeZone(timeZone: unknown): FieldError[] {
  if (timeZone === undefined || timeZone === null) return [];
  const path = 'spec.timeZone';
  if (timeZone === '') return [fieldError.invalid(path, timeZone, 'timeZone must be nil or non-empty string')];
  const tz = String(timeZone);
  for (const part of tz.split('/')) {
    if (part === '.' || part === '..' || part.startsWith('-') || !timeZoneComponent.test(part))
      return [fieldError.invalid(path, tz, `unknown time zone ${tz}`)];
  }
  if (tz.toLowerCase() === 'local')
    return [fieldError.invalid(path, tz, 'timeZone must be an explicit time zone as defined in https://www.iana.org/time-zones')];
  if (!timeZoneExists(tz)) return [fieldError.invalid(path, tz, `unknown time zone ${tz}`)];
  return [];
}

function validateCronJobSpec(obj: KubeObject, old?: KubeObject): FieldError[] {
  const spec = record(obj.spec);
  const oldSpec = old ? record(old.spec) : undefined;
  const errs: FieldError[] = [];
  const schedule = typeof spec.schedule === 'string' ? spec.schedule : '';
  if (schedule === '') errs.push(fieldError.required('spec.schedule'));
  else errs.push(...validateSchedule(schedule, spec.timeZone, String(oldSpec?.schedule ?? '').includes('TZ')));
  errs.push(...validateNonNegative(spec, 'startingDeadlineSeconds', 'spec'));
  if (!oldSpec || oldSpec.timeZone !== spec.timeZone) errs.push(...validateTimeZone(spec.timeZone));
  const policy = spec.concurrencyPolicy ?? '';
  if (policy === '') errs.push(fieldError.required('spec.concurrencyPolicy'));
  else if (!['Allow', 'Forbid', 'Replace'].includes(policy as string))
    errs.push(fieldError.notSupported('spec.concurrencyPolicy', policy, ['Allow', 'Forbid', 'Replace']));
  // ValidateJobTemplateSpec: the job spec's own rules; the selector is generated per Job.
  const jobSpec = record(record(spec.jobTemplate).spec);
  errs.push(...validateJobSpecFields(jobSpec, 'spec.jobTemplate.spec'));
  if (jobSpec.selector !== undefined && jobSpec.selector !== null)
    errs.push(fieldError.invalid('spec.jobTemplate.spec.selector', jobSpec.selector, '`selector` will be auto-generated'));
  if (jobSpec.manualSelector === true) errs.push(fieldError.notSupported('spec.jobTemplate.spec.manualSelector', true, ['nil', 'false']));
  errs.push(...validateNonNegative(spec, 'successfulJobsHistoryLimit', 'spec'));
  errs.push(...validateNonNegative(spec, 'failedJobsHistoryLimit', 'spec'));
  return errs;
}

/** ValidateCronJobCreate: Job names are the CronJob's name plus an 11-character suffix. */
function validateCronJobName(obj: KubeObject): FieldError[] {
  const name = obj.metadata.name ?? '';
  return name.length > 52 ? [fieldError.invalid('metadata.name', name, 'must be no more than 52 characters')] : [];
}

export const cronJobStrategy = {
  prepareForCreate(obj) {
    startGeneration(obj);
    defaultCronJob(obj);
    obj.status = {};
  },
  prepareForUpdate(obj, old) {
    defaultCronJob(obj);
    keepStoredStatus(obj, old);
    bumpGenerationOnChange(obj, old, { statusSubresource: true });
  },
  validate: (obj) => [...validateCronJobSpec(obj), ...validateCronJobName(obj)],
  validateUpdate: (obj, old) => validateCronJobSpec(obj, old),
} satisfies Strategy;
