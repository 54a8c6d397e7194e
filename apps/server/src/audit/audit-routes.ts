/**
 * `POST /audit/v1/events`: the console as a kube-apiserver audit webhook backend. The API server
 * posts `audit.k8s.io/v1` EventLists with the bearer token of its webhook kubeconfig
 * (`<data-dir>/audit-webhook-token`); the console token is not accepted here, nor this token
 * anywhere else. Errors are Kubernetes Statuses: 401 without the token, 400 for a body that is
 * not an EventList, 413 above the size limit. The webhook backend retries a batch that failed.
 */
import { timingSafeEqual } from 'node:crypto';
import { Router, json, type Request } from 'express';
import { newBadRequest, newUnauthorized } from '@dojo/kube-api';
import { jsonObjectBody } from '../routes/json-body.ts';
import type { AuditEvent } from './audit-event.ts';

/** kube-apiserver batches at most 400 events by default (--audit-webhook-batch-max-size); RequestResponse bodies can be large. */
export const auditBodyLimit = '16mb';

export interface AuditSink {
  /** Settles once the events are in the journal (a 409's winner may be looked up first). */
  ingest(events: readonly AuditEvent[]): void | Promise<void>;
}

function bearer(req: Request): string {
  const header = req.headers.authorization ?? '';
  return header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function isAuditEvent(item: unknown): item is AuditEvent {
  if (item === null || typeof item !== 'object') return false;
  const e = item as Record<string, unknown>;
  return typeof e.auditID === 'string' && typeof e.stage === 'string' && typeof e.verb === 'string' && typeof e.requestURI === 'string' && typeof e.requestReceivedTimestamp === 'string' && typeof e.user === 'object' && e.user !== null;
}

/** The events of an `audit.k8s.io/v1` EventList, or a 400 saying what is wrong with it. */
export function decodeEventList(body: unknown): AuditEvent[] {
  const list = jsonObjectBody(body);
  if (list.kind !== 'EventList' || list.apiVersion !== 'audit.k8s.io/v1') throw newBadRequest('the body must be an audit.k8s.io/v1 EventList');
  if (!Array.isArray(list.items)) throw newBadRequest('items must be a list of audit events');
  const bad = list.items.findIndex((item) => !isAuditEvent(item));
  if (bad >= 0) throw newBadRequest(`items[${bad}] is not an audit event (auditID, stage, verb, requestURI, user, requestReceivedTimestamp)`);
  return list.items as AuditEvent[];
}

export function auditRoutes(token: string, sink: AuditSink): Router {
  const router = Router();
  router.use((req, _res, next) => next(sameToken(bearer(req), token) ? undefined : newUnauthorized('the audit webhook needs the token in <data-dir>/audit-webhook-token')));
  router.post('/v1/events', json({ limit: auditBodyLimit }), async (req, res) => {
    await sink.ingest(decodeEventList(req.body));
    res.status(200).json({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 200 });
  });
  return router;
}
