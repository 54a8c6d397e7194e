/** `GET /api/telemetry`: a page of journal records, with an explicit resync flag. */
import { Router } from 'express';
import { newBadRequest } from '@dojo/kube-api';
import type { Journal, JournalRecordType } from '@dojo/runtime';

const int = (v: unknown, name: string, max: number): number | undefined => {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > max) throw newBadRequest(`${name} must be an integer between 0 and ${max}`);
  return n;
};

export function telemetryRoutes(journal: Journal): Router {
  const router = Router();
  router.get('/', (req, res) => {
    const q = req.query as Record<string, string | undefined>;
    const query: Parameters<Journal['query']>[0] = { limit: int(q.limit, 'limit', 50_000) ?? 5000 };
    const sinceSeq = int(q.sinceSeq, 'sinceSeq', Number.MAX_SAFE_INTEGER);
    if (sinceSeq !== undefined) query.sinceSeq = sinceSeq;
    if (q.controller) query.controller = q.controller;
    if (q.objectKey) query.objectKey = q.objectKey;
    if (q.types) query.types = q.types.split(',') as JournalRecordType[];
    res.json(journal.query(query));
  });
  return router;
}
