/** How field history reads: writers by name, values as YAML would print them, and the filter. */
import type { FieldChange, FieldManagerConflict, FieldTimeline, FieldWriter } from '@dojo/console-protocol';

/** The writer as people know it: the controller (and its reconcile), else the field manager. */
export function writerText(writer: FieldWriter): string {
  const who = writer.client ?? writer.controller ?? writer.manager ?? 'unknown writer';
  return writer.controller && writer.manager && writer.manager !== writer.controller ? `${who} (${writer.manager})` : who;
}

/** Where the attribution comes from, for the tooltip. */
export function writerSource(writer: FieldWriter): string {
  if (writer.source === 'telemetry') return 'exact: the reconcile whose write returned this version';
  if (writer.source === 'managedFields') return 'best guess: the managedFields entry this version changed';
  return 'not known';
}

export function valueText(change: Pick<FieldChange, 'value' | 'removed'>): string {
  if (change.removed) return '(removed)';
  if (typeof change.value === 'string') return change.value;
  return JSON.stringify(change.value);
}

/** Fields whose path contains the filter text; only the contested ones when asked. */
export function filterFields(fields: readonly FieldTimeline[], text: string, contestedOnly: boolean): FieldTimeline[] {
  const needle = text.trim().toLowerCase();
  return fields.filter((f) => (!contestedOnly || f.contested) && (!needle || f.path.toLowerCase().includes(needle)));
}

/** A server-side apply's field-manager conflict: which fields, owned by whom (the API server's causes). */
export function fieldOwnersText(fields: readonly FieldManagerConflict[]): string {
  return fields.length ? fields.map((f) => `${f.field} is owned by ${f.manager}`).join(', ') : 'fields it sets are owned by other managers';
}
