/**
 * The rows of a key/value editor (a ConfigMap's `data`, labels, a Secret's `data`) and the map
 * they stand for. Rows may be half typed: a row without a key is left out of the map, and two
 * rows with one key are an error, not a silent overwrite.
 *
 * A Secret's values reach the browser as `<redacted>` (the console's server never sends them):
 * such a row is `redacted`: its value is not shown, and it keeps `<redacted>` until the person
 * types a new one (emptying the input again puts it back), so the Secret's merge patch
 * (secret-changes.ts) leaves it out and the server keeps the value. While its value is hidden
 * its key cannot be renamed: that would need the value the browser does not have.
 */
import type { RedactedSecretValue } from '@dojo/console-protocol';

export const redactedValue: RedactedSecretValue = '<redacted>';

export interface KeyValueRow {
  key: string;
  value: string;
  /** The value came redacted from the server. */
  redacted: boolean;
}

/** The row's value is the server's, unseen: show nothing, lock the key. */
export const isHidden = (row: KeyValueRow): boolean => row.redacted && row.value === redactedValue;

export function rowsOf(map: unknown): KeyValueRow[] {
  if (map === null || typeof map !== 'object' || Array.isArray(map)) return [];
  return Object.entries(map).map(([key, value]) => ({
    key,
    value: typeof value === 'string' ? value : JSON.stringify(value),
    redacted: value === redactedValue,
  }));
}

/** The map the rows make; undefined when there is none (the field is then removed). */
export function mapOf(rows: readonly KeyValueRow[]): { map: Record<string, string> | undefined; error?: string } {
  const map: Record<string, string> = {};
  for (const row of rows) {
    const key = row.key.trim();
    if (!key) continue;
    if (key in map) return { map: undefined, error: `The key "${key}" appears twice.` };
    map[key] = row.value;
  }
  return { map: Object.keys(map).length ? map : undefined };
}

/** What the value input shows: never a redacted placeholder. */
export const shownValue = (row: KeyValueRow): string => (isHidden(row) ? '' : row.value);

/** A row's value as typed: emptying a redacted row's input puts the server's (unseen) value back. */
export function withTypedValue(row: KeyValueRow, typed: string): KeyValueRow {
  return { ...row, value: typed === '' && row.redacted ? redactedValue : typed };
}
