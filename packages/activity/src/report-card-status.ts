/**
 * Two lines about how a client writes status.
 *
 * "Writes status through the status subresource": since the status subresource, kube keeps
 * spec and status apart — a write of the main resource leaves status as it was, a write of
 * `/status` leaves everything but status (and metadata) as it was (the strategies'
 * PrepareForUpdate). A PUT or PATCH of the main resource that changed only status means the
 * kind has no status subresource (a CRD without `subresources.status`), and spec writers can
 * then overwrite status. Where the kind has one, the server drops status changes sent to the
 * main resource, so such a write changes nothing and the journal cannot tell what it meant.
 *
 * "Sets status.observedGeneration": `metadata.generation` moves when the spec changes; a
 * controller says which generation its status describes by writing it to
 * `status.observedGeneration` (KEP-1623's conditions convention; kubectl rollout status and
 * `kubectl wait` read it). Judged per object on the generation changes the journal shows:
 * after one, a status write of the client must change `status.observedGeneration`.
 */
import type { ReportLine, RequestRecord } from '@dojo/console-protocol';
import { groupResource, line, objectKeyOf, objectNameOf, requestLink, type ClientJournal } from './report-card-input.ts';

const isStatusPath = (path: string) => path === 'status' || path.startsWith('status.') || path.startsWith('status[');
const isUpdate = (r: RequestRecord) => (r.verb === 'update' || r.verb === 'patch') && r.code < 300 && !r.dryRun;
const throughSubresource = (r: RequestRecord) => isUpdate(r) && r.subresource === 'status';
const statusOnlyOfMain = (r: RequestRecord) => isUpdate(r) && !r.subresource && (r.changedPaths?.length ?? 0) > 0 && r.changedPaths!.every(isStatusPath);

export function statusSubresourceLine(journal: ClientJournal): ReportLine {
  const title = 'Writes status through the status subresource';
  const viaSubresource = journal.requests.filter(throughSubresource);
  const viaMain = journal.requests.filter(statusOnlyOfMain);
  // Kinds with a status subresource, as far as the journal shows (anyone wrote their /status).
  const withSubresource = new Set(
    journal.records.flatMap((r) => (r.type === 'request' && r.subresource === 'status' && r.code < 300 ? [groupResource(r)] : [])),
  );
  const figures = [
    { label: 'status writes through /status', value: viaSubresource.length },
    { label: 'status-only writes of the main resource', value: viaMain.length },
  ];
  if (viaMain.length) {
    const kinds = [...new Set(viaMain.map(groupResource))];
    const links = viaMain.slice(0, 3).map((r) => requestLink(r, `${r.verb} ${objectNameOf(r)} changed only ${r.changedPaths!.slice(0, 2).join(', ')}`));
    return line(
      'status-subresource',
      title,
      'problem',
      `Wrote status through the main resource ${viaMain.length}× (${kinds.join(', ')}): enable the status subresource on the kind (\`+kubebuilder:subresource:status\`) and write \`/status\`; once it is on, the server drops status sent this way.`,
      figures,
      links,
    );
  }
  if (viaSubresource.length) {
    const kinds = [...new Set(viaSubresource.map(groupResource))];
    return line(
      'status-subresource',
      title,
      'good',
      `Writes status through /status (${kinds.join(', ')}); status sent to the main resource of ${kinds.filter((k) => withSubresource.has(k)).join(', ') || 'these kinds'} would be dropped by the server.`,
      figures,
      viaSubresource.slice(0, 1).map((r) => requestLink(r, `${r.verb} ${objectNameOf(r)}`)),
    );
  }
  return line('status-subresource', title, 'not-seen', 'It wrote no status yet.', figures);
}

/** A status write of the client: through /status, or a status-only write of the main resource. */
const isStatusWrite = (r: RequestRecord) => (throughSubresource(r) || statusOnlyOfMain(r)) && r.generation !== undefined;
const setsObservedGeneration = (r: RequestRecord) => r.changedPaths?.some((p) => p === 'status.observedGeneration') ?? false;

export function observedGenerationLine(journal: ClientJournal): ReportLine {
  const title = 'Sets status.observedGeneration';
  /** Per object: the generation its status was last judged at, and a generation change still waiting for it. */
  const objects = new Map<string, { judged: number; waiting?: RequestRecord }>();
  const carried: RequestRecord[] = [];
  const missed: RequestRecord[] = [];
  for (const r of journal.requests) {
    if (!isStatusWrite(r)) continue;
    const key = objectKeyOf(r)!;
    const generation = r.generation!;
    const state = objects.get(key);
    // The first status write seen is the baseline: what came before the journal is not judged.
    if (!state) {
      objects.set(key, { judged: generation });
      continue;
    }
    if (generation > state.judged && !state.waiting) state.waiting = r;
    if (state.waiting && setsObservedGeneration(r)) {
      carried.push(r);
      state.judged = generation;
      delete state.waiting;
    }
  }
  for (const state of objects.values()) if (state.waiting) missed.push(state.waiting);
  const figures = [
    { label: 'objects whose status it writes', value: objects.size },
    { label: 'generation changes followed by a new observedGeneration', value: carried.length },
    { label: 'generation changes its status writes never acknowledged', value: missed.length },
  ];
  const links = [
    ...missed.slice(0, 3).map((r) => requestLink(r, `status of ${objectNameOf(r)} at generation ${r.generation} without observedGeneration`)),
    ...carried.slice(0, 2).map((r) => requestLink(r, `observedGeneration ${r.generation} on ${objectNameOf(r)}`)),
  ];
  if (carried.length + missed.length === 0)
    return line(
      'observed-generation',
      title,
      'not-seen',
      objects.size ? 'No generation change of an object whose status it writes yet (edit its spec to see).' : 'It wrote no status yet.',
      figures,
      links,
    );
  if (carried.length === 0)
    return line(
      'observed-generation',
      title,
      'problem',
      `After ${missed.length} generation changes its status writes never changed status.observedGeneration: readers cannot tell whether the status describes the current spec.`,
      figures,
      links,
    );
  if (missed.length)
    return line(
      'observed-generation',
      title,
      'warning',
      `Set observedGeneration after ${carried.length} generation changes, not after ${missed.length}.`,
      figures,
      links,
    );
  return line('observed-generation', title, 'good', `Set observedGeneration after every generation change (${carried.length}).`, figures, links);
}
