/**
 * What a reconcile span says, as attributes: the controller, the object, what triggered the
 * pass, the object's resourceVersion before and after it, how it ended, and whether the console
 * ran it or inferred it from an operator's requests. docs/opentelemetry.md lists every name.
 */
import type { Attributes } from '@opentelemetry/api';
import { ATTR_ERROR_TYPE, ATTR_HTTP_RESPONSE_STATUS_CODE } from '@opentelemetry/semantic-conventions';
import type { ApiCallRecord, ConflictRecord, Trigger } from '@dojo/console-protocol';
import { identityKey } from '@dojo/kube-api';
import type { FinishedReconcile } from './reconcile-assembler.ts';
import { isResourceOf, k8sObjectAttributes } from './k8s-object-attributes.ts';

/** Triggers listed one by one on a span; a pass merging more says how many in `dojo.trigger.count`. */
const maxListedTriggers = 20;

const writeVerbs = new Set(['create', 'update', 'patch', 'delete']);

export function reconcileAttributes(reconcile: FinishedReconcile): Attributes {
  const { start, end } = reconcile;
  const object = end.object ?? start?.object;
  const attributes: Attributes = {
    'dojo.controller': end.controller,
    'dojo.reconcile.id': end.reconcileId,
    'dojo.reconcile.worker': end.worker,
    'dojo.reconcile.result': end.result,
    'dojo.reconcile.inferred': Boolean(start?.inferred),
    'dojo.api.calls': reconcile.calls.length + reconcile.omittedCalls,
    ...k8sObjectAttributes(object, end.key),
    ...triggerAttributes(start?.triggers, start?.droppedTriggers),
    ...resourceVersions(reconcile),
  };
  if (end.requeueAfter !== undefined) attributes['dojo.reconcile.requeue_after_ms'] = end.requeueAfter;
  if (end.terminal) attributes['dojo.reconcile.terminal'] = true;
  if (end.panic) attributes['dojo.reconcile.panic'] = true;
  if (end.timedOut) attributes['dojo.reconcile.timed_out'] = true;
  if (end.result === 'error') attributes[ATTR_ERROR_TYPE] = end.panic ? 'panic' : end.timedOut ? 'timeout' : end.terminal ? 'terminal' : 'reconcile_error';
  if (reconcile.conflicts.length > 0) attributes['dojo.reconcile.conflicts'] = reconcile.conflicts.length;
  const inferred = start?.inferred;
  if (inferred) {
    attributes['dojo.inference.client'] = inferred.client;
    attributes['dojo.inference.rule'] = inferred.rule;
    attributes['dojo.inference.confidence'] = inferred.confidence;
    attributes['dojo.inference.explanation'] = inferred.explanation;
  }
  return attributes;
}

/** The first trigger is the pass's cause as a queue sees it; all of them are listed in words. */
function triggerAttributes(triggers: readonly Trigger[] | undefined, dropped: number | undefined): Attributes {
  if (!triggers) return {};
  const attributes: Attributes = { 'dojo.trigger.count': triggers.length + (dropped ?? 0) };
  const first = triggers[0];
  if (!first) return attributes;
  attributes['dojo.trigger.reason'] = first.reason;
  if (first.event) attributes['dojo.trigger.event'] = first.event;
  if (first.kind) attributes['dojo.trigger.kind'] = first.kind;
  if (first.key) attributes['dojo.trigger.key'] = first.key;
  if (first.resourceVersion) attributes['dojo.trigger.resource_version'] = first.resourceVersion;
  if (first.specChanged !== undefined) attributes['dojo.trigger.spec_changed'] = first.specChanged;
  attributes['dojo.trigger.reasons'] = [...new Set(triggers.map((t) => t.reason))];
  attributes['dojo.triggers'] = triggers.slice(0, maxListedTriggers).map(describeTrigger);
  return attributes;
}

/** "watch MODIFIED Deployment default/web @ 42": what the console's timeline says of a trigger. */
export function describeTrigger(trigger: Trigger): string {
  return [trigger.reason, trigger.event, trigger.kind, trigger.key, trigger.resourceVersion ? `@ ${trigger.resourceVersion}` : undefined]
    .filter(Boolean)
    .join(' ');
}

/**
 * The reconciled object's resourceVersion when the pass began — the newest trigger about the
 * object itself, else what the pass's first call on it sent or read — and after it: what its last
 * successful write on it returned. A pass that wrote nothing leaves it unchanged.
 */
export function resourceVersions(reconcile: FinishedReconcile): Attributes {
  const object = reconcile.end.object ?? reconcile.start?.object;
  if (!object) return {};
  const own = identityKey(object);
  const fromTrigger = [...(reconcile.start?.triggers ?? [])]
    .reverse()
    .find((t) => t.resourceVersion && t.object && identityKey(t.object) === own)?.resourceVersion;
  const onObject = reconcile.calls.filter(
    (c) => c.name === object.name && (c.namespace ?? '') === (object.namespace ?? '') && isResourceOf(c.resource, object),
  );
  const first = onObject[0];
  const before = fromTrigger ?? first?.rvSent ?? first?.rvReturned;
  const lastWrite = onObject.filter((c) => writeVerbs.has(c.verb) && c.code < 300 && c.rvReturned).at(-1);
  const after = lastWrite?.rvReturned ?? before;
  return {
    ...(before ? { 'dojo.object.resource_version.before': before } : {}),
    ...(after ? { 'dojo.object.resource_version.after': after } : {}),
    ...(lastWrite ? { 'dojo.object.written': true } : {}),
  };
}

/** An API call's span: verb, resource, the object it named, the answer, and resourceVersions. */
export function apiCallAttributes(call: ApiCallRecord): Attributes {
  const attributes: Attributes = {
    'dojo.api.verb': call.verb,
    'dojo.api.resource': call.resource,
    [ATTR_HTTP_RESPONSE_STATUS_CODE]: call.code,
    'dojo.api.conflict': call.code === 409,
  };
  if (call.namespace) attributes['k8s.namespace.name'] = call.namespace;
  if (call.name) attributes['dojo.api.name'] = call.name;
  if (call.rvSent) attributes['dojo.api.resource_version.sent'] = call.rvSent;
  if (call.rvReturned) attributes['dojo.api.resource_version.returned'] = call.rvReturned;
  if (call.fieldManager) attributes['dojo.api.field_manager'] = call.fieldManager;
  if (call.injected) attributes['dojo.api.injected'] = true;
  if (isFailure(call)) attributes[ATTR_ERROR_TYPE] = String(call.code);
  return attributes;
}

/**
 * A call that failed, for the span's status. A 409 is a lost race the reconcile retries (the
 * operator pattern's normal case) and a read's 404 is an answer, so neither is an error.
 */
export function isFailure(call: ApiCallRecord): boolean {
  if (call.code < 400 || call.code === 409) return false;
  return !(call.code === 404 && (call.verb === 'get' || call.verb === 'list' || call.verb === 'delete'));
}

/** A conflict as a span event: the version the write was based on, and the one (and writer) that won. */
export function conflictAttributes(conflict: ConflictRecord): Attributes {
  return {
    'dojo.conflict.resource': conflict.resource,
    'dojo.conflict.key': conflict.key,
    ...(conflict.staleRV ? { 'dojo.conflict.stale_resource_version': conflict.staleRV } : {}),
    ...(conflict.currentRV ? { 'dojo.conflict.current_resource_version': conflict.currentRV } : {}),
    ...(conflict.currentManager ? { 'dojo.conflict.current_manager': conflict.currentManager } : {}),
    ...(conflict.currentClient ? { 'dojo.conflict.current_client': conflict.currentClient } : {}),
    ...(conflict.injected ? { 'dojo.conflict.injected': true } : {}),
  };
}
