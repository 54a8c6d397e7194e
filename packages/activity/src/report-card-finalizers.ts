/**
 * "Removes its finalizers": a finalizer holds an object's deletion until the controller that
 * added it has cleaned up and removed it (kube sets `deletionTimestamp` and waits). One left
 * behind keeps the object, and anything waiting on it (a namespace's deletion), forever.
 *
 * From the journal: the objects whose `metadata.finalizers` the client changed, then deleted
 * (by anyone). After the delete, either the client changed `metadata.finalizers` again (it
 * removed its own: the delay is measured), or a DELETED event of the object reached some watch
 * (someone else finished it), or neither for `stuckAfterMs`: it stayed.
 */
import type { ReportLine, RequestRecord } from '@dojo/console-protocol';
import { duration, groupResource, line, median, objectKeyOf, objectNameOf, requestLink, type ClientJournal } from './report-card-input.ts';

/** A finalizer still there this long after the delete has stayed. */
export const stuckAfterMs = 30_000;

const title = 'Removes its finalizers';
const changesFinalizers = (r: RequestRecord) =>
  (r.verb === 'update' || r.verb === 'patch') && r.code < 300 && !r.dryRun && (r.changedPaths?.some((p) => p.startsWith('metadata.finalizers')) ?? false);

export function finalizersLine(journal: ClientJournal): ReportLine {
  const finalized = new Map<string, RequestRecord>();
  for (const r of journal.requests) if (changesFinalizers(r)) finalized.set(objectKeyOf(r)!, finalized.get(objectKeyOf(r)!) ?? r);
  const ownRequests = new Set(journal.requests);
  const watchResources = new Map<string, string>();
  const deletes = new Map<string, RequestRecord>();
  const gone = new Set<string>();
  const removed: { deleted: RequestRecord; removal: RequestRecord }[] = [];
  const settled = new Set<string>();
  for (const record of journal.records) {
    if (record.type === 'watch-open') watchResources.set(record.watchId, groupResource(record));
    else if (record.type === 'watch-event' && record.event === 'DELETED' && record.name) {
      const resource = watchResources.get(record.watchId);
      if (resource) gone.add(`${resource}/${record.namespace ?? ''}/${record.name}`);
    } else if (record.type === 'request') {
      const key = objectKeyOf(record);
      if (!key || !finalized.has(key) || settled.has(key)) continue;
      const deleted = deletes.get(key);
      if (record.verb === 'delete' && record.code < 300 && !record.dryRun && !deleted) deletes.set(key, record);
      else if (deleted && ownRequests.has(record) && changesFinalizers(record)) {
        removed.push({ deleted, removal: record });
        settled.add(key);
      }
    }
  }
  const stuck = [...deletes]
    .filter(([key, deleted]) => !settled.has(key) && !gone.has(key) && journal.now - deleted.time > stuckAfterMs)
    .map(([key, deleted]) => ({ key, deleted, added: finalized.get(key)! }));
  const mid = median(removed.map(({ deleted, removal }) => removal.time - deleted.time));
  const figures = [
    { label: 'objects it put finalizers on', value: finalized.size },
    { label: 'of them deleted', value: deletes.size },
    { label: 'finalizer removed by it', value: removed.length },
    { label: 'stayed', value: stuck.length },
    ...(mid !== undefined ? [{ label: 'median delete to removal', value: duration(mid) }] : []),
  ];
  const links = [
    ...stuck
      .slice(0, 2)
      .flatMap(({ deleted, added }) => [
        requestLink(deleted, `deleted ${objectNameOf(deleted)}, still held ${duration(journal.now - deleted.time)} later`),
        requestLink(added, 'where it set the finalizer'),
      ]),
    ...removed
      .slice(0, 2)
      .map(({ removal, deleted }) => requestLink(removal, `removed from ${objectNameOf(removal)} ${duration(removal.time - deleted.time)} after the delete`)),
  ];
  if (stuck.length)
    return line(
      'finalizers',
      title,
      'problem',
      `${stuck.length} object${stuck.length > 1 ? 's' : ''} it put a finalizer on stayed in deletion for more than ${duration(stuckAfterMs)} (${stuck
        .map((s) => s.key)
        .slice(0, 2)
        .join(', ')}): remove the finalizer once cleanup is done, and when the object is already gone.`,
      figures,
      links,
    );
  if (removed.length)
    return line(
      'finalizers',
      title,
      'good',
      `Removed its finalizer from every deleted object (${removed.length}), median ${duration(mid!)} after the delete.`,
      figures,
      links,
    );
  if (finalized.size)
    return line(
      'finalizers',
      title,
      'not-seen',
      `It put finalizers on ${finalized.size} object${finalized.size > 1 ? 's' : ''}; none of them was deleted yet${deletes.size ? ' long enough ago to tell' : ''}.`,
      figures,
      links,
    );
  return line('finalizers', title, 'not-seen', 'It changed no finalizer yet.', figures);
}
