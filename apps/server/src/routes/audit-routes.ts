/**
 * `POST /audit/v1/events`: the console as a kube-apiserver audit webhook backend. The API server
 * posts `audit.k8s.io/v1` EventLists with the bearer token of its webhook kubeconfig
 * (`<data-dir>/audit-webhook-token`); the console token is not accepted here, nor this token
 * anywhere else. Errors are Kubernetes Statuses: 401 without the token, 400 for a body that is
 * not an EventList, 413 above the size limit. The webhook backend retries a batch that failed
 * with a 5xx or 429, never one refused with a 400 (k8s.io/apiserver/pkg/util/webhook
 * DefaultShouldRetry): an item that is not a readable audit event (audit-event-check.ts) is
 * refused, the batch's other events are taken, and the 400 says how many were refused and why,
 * one cause per item, so a resend never takes the good ones twice.
 */
import { timingSafeEqual } from 'node:crypto';
import { Router, json, type Request } from 'express';
import { newBadRequest, newStatusError, newUnauthorized } from '@dojo/kube-api';
import type { AuditRefusal, AuditSink } from '@dojo/telemetry-sources';
import { jsonObjectBody } from './json-body.ts';

/** kube-apiserver batches at most 400 events by default (--audit-webhook-batch-max-size); RequestResponse bodies can be large. */
export const auditBodyLimit = '16mb';

/** Reasons named in a 400's message; every refused item is a cause. */
const reasonsInMessage = 5;

function bearer(req: Request): string {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The items of an `audit.k8s.io/v1` EventList, or a 400 when the body is not one; each item is checked by the sink. */
export function decodeEventList(body: unknown): unknown[] {
  const list = jsonObjectBody(body);
  if (list.kind !== 'EventList' || list.apiVersion !== 'audit.k8s.io/v1') throw newBadRequest('the body must be an audit.k8s.io/v1 EventList');
  if (!Array.isArray(list.items)) throw newBadRequest('items must be a list of audit events');
  return list.items as unknown[];
}

function refusedBatch(refused: readonly AuditRefusal[], total: number) {
  const named = refused.slice(0, reasonsInMessage).map((r) => `items[${r.index}] ${r.reason}`);
  const more = refused.length > reasonsInMessage ? `; and ${refused.length - reasonsInMessage} more` : '';
  return newStatusError(
    400,
    'BadRequest',
    `${refused.length} of ${total} audit events refused, the other ${total - refused.length} taken: ${named.join('; ')}${more}`,
    {
      causes: refused.map((r) => ({ reason: 'FieldValueInvalid', field: `items[${r.index}]`, message: r.reason })),
    },
  );
}

export function auditRoutes(token: string, sink: AuditSink): Router {
  const router = Router();
  router.use((req, _res, next) =>
    next(sameToken(bearer(req), token) ? undefined : newUnauthorized('the audit webhook needs the token in <data-dir>/audit-webhook-token')),
  );
  router.post('/v1/events', json({ limit: auditBodyLimit }), async (req, res) => {
    const items = decodeEventList(req.body);
    const { refused } = await sink.ingest(items);
    if (refused.length > 0) throw refusedBatch(refused, items.length);
    res.status(200).json({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 200 });
  });
  return router;
}
