/**
 * Which recorded versions a person sees: by default the ones that changed the spec (and the
 * object's creation and deletion), with pure status and metadata churn collapsed behind a
 * toggle; and which two versions the diff compares.
 */
import type { ObjectVersionRecord } from '@dojo/console-protocol';

export function isChurn(version: ObjectVersionRecord): boolean {
  return version.change === 'status' || version.change === 'metadata';
}

/** The versions to list, newest first. */
export function shownVersions(versions: readonly ObjectVersionRecord[], showChurn: boolean): ObjectVersionRecord[] {
  return [...versions].filter((v) => showChurn || !isChurn(v)).reverse();
}

/**
 * The pair to diff: the version asked for (by resourceVersion; the newest shown by default) and
 * the version recorded just before it — whether shown or not, so a diff is always one step.
 */
export function diffPair(
  versions: readonly ObjectVersionRecord[],
  shown: readonly ObjectVersionRecord[],
  rv: string | undefined,
): { from?: ObjectVersionRecord; to?: ObjectVersionRecord } {
  const to = (rv ? versions.find((v) => v.resourceVersion === rv) : undefined) ?? shown[0];
  if (!to) return {};
  const at = versions.indexOf(to);
  const from = at > 0 ? versions[at - 1] : undefined;
  return { ...(from ? { from } : {}), to };
}
