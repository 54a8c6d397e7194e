/**
 * `GET /api/requests`' query string (endpoints.ts documents it), decoded and checked: a value
 * that is not what the endpoint takes is a 400 Status, never ignored.
 */
import type { RequestLogQuery, RequestObjectFilter } from '@dojo/activity';
import { newBadRequest } from '@dojo/kube-api';

const text = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

const int = (v: unknown, name: string, max: number): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > max) throw newBadRequest(`${name} must be an integer between 0 and ${max}`);
  return n;
};

const optionalFlag = (v: unknown, name: string): boolean | undefined => {
  if (v === undefined) return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw newBadRequest(`${name} must be true or false`);
};

const flag = (v: unknown, name: string): boolean => optionalFlag(v, name) ?? false;

/** The object whose requests are asked for, when one is. */
function objectFilterOf(query: Record<string, unknown>): RequestObjectFilter | undefined {
  const filter = { uid: text(query.uid), namespace: text(query.namespace), name: text(query.name), resource: text(query.resource), group: text(query.group) };
  if (filter.uid === undefined && filter.name === undefined) {
    if (filter.namespace !== undefined || filter.resource !== undefined || filter.group !== undefined)
      throw newBadRequest('an object is asked for by uid and/or name');
    return undefined;
  }
  return Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== undefined)) as RequestObjectFilter;
}

export function requestLogQueryOf(query: Record<string, unknown>): RequestLogQuery {
  const client = text(query.client) || undefined;
  const sinceSeq = int(query.sinceSeq, 'sinceSeq', Number.MAX_SAFE_INTEGER);
  const beforeSeq = int(query.beforeSeq, 'beforeSeq', Number.MAX_SAFE_INTEGER);
  const limit = int(query.limit, 'limit', 10_000);
  const object = objectFilterOf(query);
  const dryRun = optionalFlag(query.dryRun, 'dryRun');
  return {
    ...(client ? { client } : {}),
    ...(sinceSeq !== undefined ? { sinceSeq } : {}),
    ...(beforeSeq !== undefined ? { beforeSeq } : {}),
    ...(limit !== undefined ? { limit } : {}),
    ...(object ? { object } : {}),
    ...(flag(query.admission, 'admission') ? { admitted: true } : {}),
    ...(dryRun !== undefined ? { dryRun } : {}),
    ...(flag(query.newest, 'newest') ? { newest: true } : {}),
  };
}
