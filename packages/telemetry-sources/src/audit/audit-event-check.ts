/**
 * What an audit event must be before the console reads it. kube-apiserver writes the request
 * target of every request, anonymous and refused ones too, so any network client chooses part of
 * what arrives here; a batch may also come from something that is not kube-apiserver at all.
 * An item that is not an `audit.k8s.io/v1` Event the console can read is refused with the
 * field that is wrong (never its content), and the rest of its batch is still taken.
 *
 * The rules, one per field the console reads (audit-to-journal.ts): the identifying strings are
 * strings; `user.username` a string (it names a client everywhere); timestamps RFC 3339 and not
 * more than an hour ahead of the console's clock (security/input-time-window.ts); objects no
 * deeper than `maxAuditEventDepth`.
 */
import { nestsDeeperThan } from '../json-depth.ts';
import { timeOutsideWindow, type InputTimeWindow } from '@dojo/activity';

/** Nesting levels of a whole event (its request and response objects included) the console reads. */
export const maxAuditEventDepth = 256;

export interface AuditRefusal {
  /** The item's place in its batch. */
  readonly index: number;
  /** The field that is wrong and why (never the value). */
  readonly reason: string;
}

type Rule = (value: unknown) => string | undefined;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text: Rule = (v) => (typeof v === 'string' ? undefined : 'must be a string');
const object: Rule = (v) => (isObject(v) ? undefined : 'must be an object');
const optional =
  (rule: Rule): Rule =>
  (v) =>
    v === undefined || v === null ? undefined : rule(v);
const texts: Rule = (v) => (Array.isArray(v) && v.every((s) => typeof s === 'string') ? undefined : 'must be a list of strings');
const httpCode: Rule = (v) => (Number.isInteger(v) && (v as number) >= 100 && (v as number) <= 599 ? undefined : 'must be an HTTP status code');
const timestamp: Rule = (v) => (typeof v === 'string' && !Number.isNaN(Date.parse(v)) ? undefined : 'must be an RFC 3339 time');

/** Every field audit-to-journal.ts reads, with its rule; parents come before their fields. */
const rules: readonly (readonly [string, Rule])[] = [
  ['auditID', text],
  ['stage', text],
  ['verb', text],
  ['requestURI', text],
  ['requestReceivedTimestamp', timestamp],
  ['stageTimestamp', optional(timestamp)],
  ['user', object],
  ['user.username', optional(text)],
  ['user.uid', optional(text)],
  ['user.groups', optional(texts)],
  ['impersonatedUser', optional(object)],
  ['impersonatedUser.username', optional(text)],
  ['userAgent', optional(text)],
  ['objectRef', optional(object)],
  ...['resource', 'namespace', 'name', 'uid', 'apiGroup', 'apiVersion', 'resourceVersion', 'subresource'].map(
    (field) => [`objectRef.${field}`, optional(text)] as const,
  ),
  ['responseStatus', optional(object)],
  ['responseStatus.code', optional(httpCode)],
  ['responseStatus.reason', optional(text)],
];

function valueAt(event: Record<string, unknown>, path: string): unknown {
  let current: unknown = event;
  for (const key of path.split('.')) current = isObject(current) ? current[key] : undefined;
  return current;
}

/** Why `item` is not an audit event the console can read, or undefined when it is one. */
export function auditEventProblem(item: unknown, window: InputTimeWindow): string | undefined {
  if (!isObject(item)) return 'is not an audit event (a JSON object)';
  if (nestsDeeperThan(item, maxAuditEventDepth)) return `nests deeper than ${maxAuditEventDepth} levels`;
  for (const [path, rule] of rules) {
    const problem = rule(valueAt(item, path));
    if (problem) return `${path} ${problem}`;
  }
  for (const path of ['requestReceivedTimestamp', 'stageTimestamp']) {
    const value = valueAt(item, path);
    const outside = typeof value === 'string' ? timeOutsideWindow(Date.parse(value), window) : undefined;
    if (outside) return `${path} ${outside}`;
  }
  return undefined;
}
