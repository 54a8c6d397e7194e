/**
 * "Sets owner references on what it creates": what a controller creates for an object should
 * name that object as its controller owner (`ownerReferences[].controller: true`), so the
 * garbage collector deletes it with its owner and the owner's controller is triggered by its
 * changes (controller-runtime's `Owns`, `SetControllerReference`). Judged on the objects the
 * client created and then went on to manage (wrote again, or deleted): a one-off create (a
 * person's `kubectl create`) is not a controller's child. Leases and Events are left out:
 * leader election's Lease and the events a controller records are owned by no one, by design.
 */
import type { ReportLine, RequestRecord } from '@dojo/console-protocol';
import { groupResource, line, objectKeyOf, objectNameOf, requestLink, type ClientJournal } from './report-card-input.ts';

const unownedByDesign = new Set(['leases', 'events']);
const title = 'Sets owner references on what it creates';

export function ownerReferencesLine(journal: ClientJournal): ReportLine {
  const created = new Map<string, RequestRecord>();
  const managed = new Set<string>();
  for (const r of journal.requests) {
    if (r.code >= 300 || r.dryRun || !r.resource || unownedByDesign.has(r.resource)) continue;
    const key = objectKeyOf(r);
    if (!key) continue;
    if (r.verb === 'create' && !r.subresource) created.set(key, r);
    else if (created.has(key) && (r.verb === 'update' || r.verb === 'patch' || r.verb === 'delete')) managed.add(key);
  }
  const children = [...managed].map((key) => created.get(key)!);
  const orphans = children.filter((r) => !r.owner);
  const figures = [
    { label: 'objects it created', value: created.size },
    { label: 'of them it manages', value: children.length },
    { label: 'without a controller owner', value: orphans.length },
  ];
  const links = [
    ...orphans.slice(0, 3).map((r) => requestLink(r, `created ${objectNameOf(r)} with no controller owner`)),
    ...children
      .filter((r) => r.owner)
      .slice(0, 1)
      .map((r) => requestLink(r, `created ${objectNameOf(r)} owned by ${r.owner!.kind} ${r.owner!.name}`)),
  ];
  if (orphans.length) {
    const kinds = [...new Set(orphans.map(groupResource))].join(', ');
    return line(
      'owner-references',
      title,
      'warning',
      `Created ${orphans.length} object${orphans.length > 1 ? 's' : ''} it then manages with no controller owner (${kinds}): nothing deletes them with their owner, and their changes trigger no one (SetControllerReference).`,
      figures,
      links,
    );
  }
  if (children.length)
    return line('owner-references', title, 'good', `Every object it created and manages (${children.length}) names its controller owner.`, figures, links);
  return line(
    'owner-references',
    title,
    'not-seen',
    created.size ? `It created ${created.size} object${created.size > 1 ? 's' : ''} but manages none of them.` : 'It created nothing yet.',
    figures,
    links,
  );
}
