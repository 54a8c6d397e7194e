/**
 * From what the HTTP layer noted to the journal's `request` record: the answer's code and
 * resourceVersion, the object's facts, for updates the field paths that changed, for 409s the
 * version that won and who wrote it; and, as soon as a write has its resourceVersion, the
 * writer of the new version (so the next 409 on that object can name it, even one that loses
 * to it before this write's own answer has left); for a write admission webhooks or policies
 * looked at, what each did (`admission`), refused writes first among them.
 */
import type { RequestRecord, RequestVerb, VersionWriter } from '@dojo/console-protocol';
import { fieldManagerConflicts, isConflict, type KubeObject, type StatusError } from '@dojo/kube-api';
import { changedPaths } from './changed-paths.ts';
import { factsOf, type RequestNote } from './request-note.ts';
import type { RequestJournal } from './request-journal.ts';

/** The key `VersionWriters` files an object under: its status subresource is the same object. */
function objectKeyOf(note: RequestNote, name: string | undefined): string | undefined {
  if (!note.info || name === undefined) return undefined;
  return `${note.info.group}/${note.info.resource}/${note.namespace ?? ''}/${name}`;
}

/** A write failed: for a 409, remember what won now, while the current version is still the one that beat it. */
export function noteFailure(journal: RequestJournal, note: RequestNote, error: StatusError): void {
  note.failed(error);
  if (!isConflict(error)) return;
  // A server-side apply refused for field ownership: who owns what is in the causes, and no write won.
  const owners = fieldManagerConflicts(error.status).map(({ field, manager }) => ({ field, manager }));
  if (owners.length) {
    note.conflict = { fieldManagers: owners };
    return;
  }
  if (!note.current) return;
  const current = note.current();
  const key = objectKeyOf(note, note.name);
  if (!current || !key) return;
  const writer = journal.writers.writerOf(key, current);
  note.conflict = { ...(current.metadata.resourceVersion ? { currentRV: current.metadata.resourceVersion } : {}), ...(writer ? { writer } : {}) };
}

const requestVerbs = new Set<string>(['get', 'list', 'create', 'update', 'patch', 'delete', 'deletecollection'] satisfies RequestVerb[]);
const isRequestVerb = (verb: string): verb is RequestVerb => requestVerbs.has(verb);

export function recordRequest(journal: RequestJournal, note: RequestNote, code: number, finished: number): void {
  const record: Omit<RequestRecord, 'seq'> = {
    type: 'request',
    time: note.time,
    user: note.client.user,
    verb: note.verb,
    code,
    latencyMs: Math.round((finished - note.started) * 100) / 100,
  };
  if (note.client.impersonatedUser) record.impersonatedUser = note.client.impersonatedUser;
  if (note.client.userAgent) record.userAgent = note.client.userAgent;
  const info = note.info;
  if (info) {
    record.group = info.group;
    record.version = info.version;
    record.resource = info.resource;
    record.kind = info.kind;
    if (note.subresource) record.subresource = note.subresource;
    if (note.namespace) record.namespace = note.namespace;
  } else if (note.forbidden?.attributes.resourceRequest) {
    // Refused before routing: what it asked for, from the authorization attributes.
    const a = note.forbidden.attributes;
    record.group = a.apiGroup;
    record.version = a.apiVersion;
    record.resource = a.resource;
    if (a.subresource) record.subresource = a.subresource;
    if (a.namespace) record.namespace = a.namespace;
    if (a.name) note.name = a.name;
    if (isRequestVerb(a.verb)) record.verb = a.verb;
  } else if (note.path) record.path = note.path;
  if (note.forbidden) record.forbidden = note.forbidden.request;
  if (note.rvSent) record.rvSent = note.rvSent;
  if (note.reason) record.reason = note.reason;
  if (note.dryRun) record.dryRun = true;
  if (note.fieldManager) record.fieldManager = note.fieldManager;
  if (note.patchType) record.patchType = note.patchType;
  if (note.conflict) record.conflict = note.conflict;
  if (note.fault) record.fault = note.fault;
  if (note.view) record.view = note.view;
  const ok = code >= 200 && code < 300;
  const facts = ok ? factsOf(note.object) : {};
  // A refused create was never named by the URL or the answer: admission saw its name.
  const name = note.name ?? facts.name ?? (note.verb === 'create' ? note.admittedName : undefined);
  if (name !== undefined) record.name = name;
  if (facts.rv) record.rvReturned = facts.rv;
  if (facts.generation !== undefined) record.generation = facts.generation;
  if (facts.uid) record.uid = facts.uid;
  if (facts.owner) record.owner = facts.owner;
  if (ok && note.list) {
    record.items = note.list.items.length;
    if (note.list.metadata?.resourceVersion) record.rvReturned = note.list.metadata.resourceVersion;
  }
  if (ok && (note.verb === 'update' || note.verb === 'patch')) {
    record.changedPaths = note.before && note.after ? changedPaths(note.before, note.after) : [];
  }
  if (note.admission.length > 0) record.admission = note.admission;
  if (note.admissionDropped > 0) record.admissionDropped = note.admissionDropped;
  journal.append(record);
}

/** A write of `note`'s request stored `obj`: its writer is who wins any 409 on that version. */
export function noteStored(journal: RequestJournal, note: RequestNote, obj: KubeObject): void {
  const key = objectKeyOf(note, obj.metadata.name);
  const rv = obj.metadata.resourceVersion;
  if (!key || !rv) return;
  const writer: VersionWriter = { user: note.client.user, source: 'journal' };
  if (note.client.userAgent) Object.assign(writer, { userAgent: note.client.userAgent });
  if (note.fieldManager) Object.assign(writer, { fieldManager: note.fieldManager });
  journal.writers.wrote(key, rv, writer);
}
