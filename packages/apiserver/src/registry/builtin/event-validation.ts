/**
 * Event validation as kube-apiserver's (pkg/apis/core/validation/events.go), on the core v1
 * shape both Event APIs share, so field paths name core fields for either API, as kube's do.
 * Every Event passes the legacy rules; one with an `eventTime` (what events.k8s.io clients
 * send) needs reportingController, reportingInstance, action and reason. Writes through
 * events.k8s.io/v1 are strict as well: eventTime and type are required, the deprecated core
 * fields must stay unset, and an update may change only the series and metadata.
 */
import { fieldError, jsonEqual, validateDNS1123Subdomain, validateQualifiedName, type FieldError, type KubeObject } from '@dojo/kube-api';
import { field, record } from './unstructured.ts';

const reportingInstanceLengthLimit = 128;
const actionLengthLimit = 128;
const reasonLengthLimit = 128;
const noteLengthLimit = 1024;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
/** metav1.Time/MicroTime: unset is absent, null or the empty string. */
const isSet = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

function legacyErrors(event: KubeObject): FieldError[] {
  const errs: FieldError[] = [];
  const namespace = event.metadata.namespace ?? '';
  const involvedNamespace = text(field(event, 'involvedObject', 'namespace'));
  const mismatch = () => fieldError.invalid('involvedObject.namespace', involvedNamespace, 'does not match event.namespace');
  if (!isSet(event.eventTime)) {
    // An old-style Event about a cluster-scoped object lives in "default" (or nowhere).
    if (involvedNamespace === '' ? namespace !== '' && namespace !== 'default' : namespace !== involvedNamespace) errs.push(mismatch());
  } else {
    if (involvedNamespace === '' && namespace !== 'default' && namespace !== 'kube-system') errs.push(mismatch());
    const controller = text(event.reportingComponent);
    if (controller === '') errs.push(fieldError.required('reportingController'));
    for (const msg of validateQualifiedName(controller)) errs.push(fieldError.invalid('reportingController', controller, msg));
    const instance = text(event.reportingInstance);
    if (instance === '') errs.push(fieldError.required('reportingInstance'));
    if (instance.length > reportingInstanceLengthLimit)
      errs.push(fieldError.invalid('reportingInstance', '', `can have at most ${reportingInstanceLengthLimit} characters`));
    const action = text(event.action);
    if (action === '') errs.push(fieldError.required('action'));
    if (action.length > actionLengthLimit) errs.push(fieldError.invalid('action', '', `can have at most ${actionLengthLimit} characters`));
    const reason = text(event.reason);
    if (reason === '') errs.push(fieldError.required('reason'));
    if (reason.length > reasonLengthLimit) errs.push(fieldError.invalid('reason', '', `can have at most ${reasonLengthLimit} characters`));
    if (text(event.message).length > noteLengthLimit) errs.push(fieldError.invalid('message', '', `can have at most ${noteLengthLimit} characters`));
  }
  for (const msg of validateDNS1123Subdomain(namespace)) errs.push(fieldError.invalid('namespace', namespace, msg));
  return errs;
}

function seriesErrors(event: KubeObject): FieldError[] {
  if (event.series === undefined || event.series === null) return [];
  const errs: FieldError[] = [];
  const count = field(event, 'series', 'count');
  if (typeof count !== 'number' || count < 2) errs.push(fieldError.invalid('series.count', '', 'should be at least 2'));
  if (!isSet(field(event, 'series', 'lastObservedTime'))) errs.push(fieldError.required('series.lastObservedTime'));
  return errs;
}

/** ValidateEventCreate; `strict` for a write through events.k8s.io/v1. */
export function validateEventCreate(event: KubeObject, strict: boolean): FieldError[] {
  const errs = legacyErrors(event);
  if (!strict) return errs;
  errs.push(...seriesErrors(event));
  if (!isSet(event.eventTime)) errs.push(fieldError.required('eventTime'));
  if (event.type !== 'Normal' && event.type !== 'Warning') errs.push(fieldError.invalid('type', '', `has invalid value: ${text(event.type)}`));
  if (isSet(event.firstTimestamp)) errs.push(fieldError.invalid('firstTimestamp', '', 'needs to be unset'));
  if (isSet(event.lastTimestamp)) errs.push(fieldError.invalid('lastTimestamp', '', 'needs to be unset'));
  if (typeof event.count === 'number' && event.count !== 0) errs.push(fieldError.invalid('count', '', 'needs to be unset'));
  const source = record(event.source);
  if (text(source.component) !== '' || text(source.host) !== '') errs.push(fieldError.invalid('source', '', 'needs to be unset'));
  return errs;
}

/** Fields an events.k8s.io/v1 update may not change, in kube's order. */
const immutable = [
  'involvedObject',
  'reason',
  'message',
  'source',
  'firstTimestamp',
  'lastTimestamp',
  'count',
  'type',
  'eventTime',
  'action',
  'related',
  'reportingComponent',
  'reportingInstance',
] as const;

/** The core name of a field, as kube's error names it. */
const errorPath = (name: string): string => (name === 'reportingComponent' ? 'reportingController' : name);

/** ValidateEventUpdate; `strict` for a write through events.k8s.io/v1. */
export function validateEventUpdate(event: KubeObject, old: KubeObject, strict: boolean): FieldError[] {
  const errs = legacyErrors(event);
  if (!strict) return errs;
  if (!jsonEqual(event.series, old.series)) errs.push(...seriesErrors(event));
  for (const name of immutable) {
    if (!jsonEqual(event[name] ?? null, old[name] ?? null)) errs.push(fieldError.invalid(errorPath(name), event[name] ?? null, 'field is immutable'));
  }
  return errs;
}
