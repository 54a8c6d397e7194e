/**
 * Which kind an object-reference field points at, guessed the way a person reading the schema
 * would, with no per-kind table:
 * 1. the field's stem names a kind: `secretRef` -> Secret, `configMapRef` -> ConfigMap;
 * 2. else the first kind the field's description names: "The Secret holding the database
 *    credentials" -> Secret, "The DiscordChannel that receives alarms" -> DiscordChannel;
 * 3. else the only kind whose name ends with the stem: `channelRef` -> DiscordChannel.
 * Only kinds that can be listed are candidates; without a match the picker is a plain input.
 */
import type { ServedResource } from '@dojo/console-protocol';
import type { ReferenceTarget, ResolveTarget } from './form-schema.ts';

function toTarget(type: ServedResource): ReferenceTarget {
  return { group: type.group, version: type.version, resource: type.resource, kind: type.kind, namespaced: type.namespaced };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function referenceTargetResolver(types: readonly ServedResource[]): ResolveTarget {
  const candidates = types.filter((t) => t.verbs.includes('list') && !t.resource.includes('/'));
  return (fieldName, description) => {
    const stem = fieldName.replace(/(Ref|Reference)$/, '');
    if (!stem) return undefined;
    const exact = candidates.filter((t) => t.kind.toLowerCase() === stem.toLowerCase());
    const preferred = exact.find((t) => t.group === '') ?? exact[0];
    if (preferred) return toTarget(preferred);

    if (description) {
      let best: { type: ServedResource; at: number } | undefined;
      for (const type of candidates) {
        const match = new RegExp(`\\b${escapeRegExp(type.kind)}\\b`).exec(description);
        if (match && (!best || match.index < best.at)) best = { type, at: match.index };
      }
      if (best) return toTarget(best.type);
    }

    const suffix = stem.charAt(0).toUpperCase() + stem.slice(1);
    const ending = candidates.filter((t) => t.kind.endsWith(suffix));
    return ending.length === 1 && ending[0] ? toTarget(ending[0]) : undefined;
  };
}
