/**
 * How the operator recognises its own Discord objects after a crash (when it created one but
 * never recorded the id): guilds carry an ownership marker in their description, text channels
 * in their topic. Categories carry neither field, so they are matched by name in their guild.
 */

/** Names the owning Kubernetes object by uid: unique across namespaces, renames and time. */
export function ownershipMarker(uid: string): string {
  return `dojo-operator/${uid}`;
}

/** `text` followed by the marker, or the marker alone. */
export function withMarker(text: string | undefined, uid: string): string {
  return text ? `${text} · ${ownershipMarker(uid)}` : ownershipMarker(uid);
}

export function hasMarker(text: string | null | undefined, uid: string): boolean {
  return Boolean(uid) && (text ?? '').includes(ownershipMarker(uid));
}

/**
 * Discord stores text-channel names lower case with dashes for spaces ("Prod Alerts" ->
 * "prod-alerts"); drift is measured against that form, or every resync would "fix" it.
 */
export function textChannelName(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, '-');
}
