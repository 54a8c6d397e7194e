/**
 * The lines that read what activity and the server already decided, per client: its hot loops
 * (hot-loop-detector.ts), its writes on a stale view (stale-writes.ts) and the 403s the RBAC
 * authorizer gave it (each journaled with the rule that would have allowed it).
 */
import type { ForbiddenRequest, ReportFigure, ReportLine, ReportLineId, RequestRecord } from '@dojo/console-protocol';
import { line, objectNameOf, requestLink, type ClientJournal } from './report-card-input.ts';

const hasWritten = (journal: ClientJournal) => journal.requests.some((r) => r.verb !== 'get' && r.verb !== 'list' && r.code < 300);
const objectText = (o: { namespace?: string | undefined; name: string; kind: string }) => `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}`;

/** A line with nothing found: good once the client has written something, not seen before. */
function noProblemLine(id: ReportLineId, title: string, journal: ClientJournal, goodSummary: string, figures: ReportFigure[]): ReportLine {
  return hasWritten(journal) ? line(id, title, 'good', goodSummary, figures) : line(id, title, 'not-seen', 'It wrote nothing yet.', figures);
}

export function hotLoopsLine(journal: ClientJournal): ReportLine {
  const title = 'No hot loops';
  const loops = journal.hotLoops.filter((loop) => loop.writers.includes(journal.client));
  const active = loops.filter((loop) => loop.active);
  const figures = [
    { label: 'hot loops', value: loops.length },
    { label: 'still looping', value: active.length },
    ...(loops.length ? [{ label: 'looping writes', value: loops.reduce((n, loop) => n + loop.writes, 0) }] : []),
  ];
  const links = loops.map((loop) => ({
    kind: 'hot-loop' as const,
    hotLoopId: loop.id,
    object: loop.object,
    label: `${loop.kind} on ${objectText(loop.object)}: ${loop.fieldPaths.slice(0, 2).join(', ') || 'every write a change'} (${loop.writes} writes)`,
  }));
  if (active.length)
    return line(
      'hot-loops',
      title,
      'problem',
      `Writing ${objectText(active[0]!.object)} again and again now (${active[0]!.kind}, ${active[0]!.ratePerSecond.toFixed(1)}/s). ${active[0]!.cure}`,
      figures,
      links,
    );
  if (loops.length)
    return line(
      'hot-loops',
      title,
      'warning',
      `Was in ${loops.length} hot loop${loops.length > 1 ? 's' : ''} that stopped (${objectText(loops[0]!.object)}). ${loops[0]!.cure}`,
      figures,
      links,
    );
  return noProblemLine('hot-loops', title, journal, 'None of its writes formed a hot loop.', figures);
}

export function staleViewsLine(journal: ClientJournal): ReportLine {
  const title = 'Acts on fresh views';
  const writes = journal.staleWrites;
  const lost = writes.filter((w) => w.overlappingPaths.length > 0);
  const figures = [
    { label: 'writes on a stale view', value: journal.staleWriteCount },
    { label: 'of the kept ones, overwriting a field it had not seen change', value: lost.length },
  ];
  const links = [...lost, ...writes.filter((w) => !lost.includes(w))].map((w) => ({
    kind: 'stale-write' as const,
    writeSeq: w.evidence.writeSeq,
    object: w.object,
    label: `${w.verb} ${objectText(w.object)} at ${w.seenResourceVersion ?? 'no version'}, current ${w.currentResourceVersion}${w.overlappingPaths.length ? ` (${w.overlappingPaths.slice(0, 2).join(', ')})` : ''}`,
  }));
  if (lost.length)
    return line(
      'stale-views',
      title,
      'problem',
      `${journal.staleWriteCount} writes on a stale view; ${lost.length} changed fields a version it had not seen had changed: lost updates, likely. ${lost[0]!.cure}`,
      figures,
      links,
    );
  if (journal.staleWriteCount)
    return line(
      'stale-views',
      title,
      'warning',
      `${journal.staleWriteCount} writes on a stale view (the object had changed since it last saw it). ${writes[0]?.cure ?? ''}`.trim(),
      figures,
      links,
    );
  return noProblemLine('stale-views', title, journal, 'None of its writes was made on a stale view.', figures);
}

const ruleText = (f: ForbiddenRequest) =>
  `${f.namespace ? `Role in ${f.namespace}` : 'ClusterRole'}: verbs ${f.rule.verbs.join(',')} on ${f.rule.nonResourceURLs ? f.rule.nonResourceURLs.join(',') : `${(f.rule.resources ?? []).join(',')} (group "${(f.rule.apiGroups ?? []).join(',')}")`}`;

export function rbacLine(journal: ClientJournal): ReportLine {
  const title = 'RBAC gaps';
  // A 403 injected by a fault rule is not the authorizer's: no rule is missing.
  const refused = journal.requests.filter((r): r is RequestRecord & { forbidden: ForbiddenRequest } => r.code === 403 && r.forbidden !== undefined && !r.fault);
  const missing = new Map<string, RequestRecord>();
  for (const r of refused) {
    const text = ruleText(r.forbidden);
    if (!missing.has(text)) missing.set(text, r);
  }
  const who = journal.serviceAccount ? `ServiceAccount ${journal.serviceAccount.namespace}/${journal.serviceAccount.name}` : undefined;
  const figures = [
    { label: '403 Forbidden', value: refused.length },
    { label: 'rules missing', value: missing.size },
    ...(missing.size ? [...missing.keys()].map((text, i) => ({ label: `missing rule ${i + 1}`, value: text })) : []),
  ];
  const links = [...missing].map(([text, r]) => requestLink(r, `403 on ${r.verb} ${objectNameOf(r)}: needs ${text}`));
  if (refused.length)
    return line(
      'rbac',
      title,
      'problem',
      `${refused.length} request${refused.length > 1 ? 's' : ''} refused 403${who ? ` as ${who}` : ''}; ${missing.size} rule${missing.size > 1 ? 's' : ''} missing (\`dojo-console rbac ${journal.client}\` prints the role it needs).`,
      figures,
      links,
    );
  if (who) return line('rbac', title, 'good', `Authorized as ${who}; no request refused.`, figures);
  if (journal.kind === 'connected')
    return line(
      'rbac',
      title,
      'not-seen',
      `Not checked: it is trusted as the admin (\`dojo-console connect ${journal.client} --service-account NS/SA\` has its requests authorized by RBAC).`,
      figures,
    );
  return line(
    'rbac',
    title,
    'not-seen',
    'Not checked: only a client connected with `dojo-console connect NAME --service-account NS/SA` is authorized by RBAC; this one is trusted as the admin.',
    figures,
  );
}
