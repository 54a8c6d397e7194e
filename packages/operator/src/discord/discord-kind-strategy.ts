/**
 * One generic reconciler for external Discord objects, driven by a stateless strategy per
 * kind (the apiserver's generic store + per-kind strategy shape): the strategy knows how to
 * find a kind's parent in Kubernetes and its object in Discord; the reconciler owns the loop,
 * the finalizer, the conditions and what each Discord failure means.
 */
import type { DiscordClient } from '@dojo/discord';
import type { ObjectReader, ResourceType } from '@dojo/runtime';
import type { DiscordResource } from '../api/discord-resources.ts';

/** The Kubernetes object this one waits for: Ready (with what the child needs), or why not. */
export type ParentState<P> = { ready: true; parent: P } | { ready: false; reason: string; message: string };

export interface DiscordKindStrategy<T extends DiscordResource, P, X extends { id: string }> {
  readonly type: ResourceType;
  /** What the external object is called in messages: "guild", "category", "text channel". */
  readonly noun: string;
  parent(object: T, reader: ObjectReader, signal: AbortSignal): Promise<ParentState<P>>;
  /** The id in status, if it still means something under this parent (a recreated guild voids old ids). */
  recordedId(object: T, parent: P): string | undefined;
  /** Rejects with a 404 DiscordApiError when the object is gone. */
  fetch(discord: DiscordClient, id: string, signal: AbortSignal): Promise<X>;
  /** The object this resource created earlier without recording it (a crash, a lost response). */
  find(discord: DiscordClient, object: T, parent: P, signal: AbortSignal): Promise<X | undefined>;
  create(discord: DiscordClient, object: T, parent: P, signal: AbortSignal): Promise<X>;
  /** The fields whose Discord value differs from the spec ([] when in sync). */
  drift(object: T, parent: P, external: X): string[];
  /** Sets the drifted fields back; resolves with the object as Discord now has it. */
  correct(discord: DiscordClient, object: T, parent: P, external: X, signal: AbortSignal): Promise<X>;
  /** Deletes by id; a 404 is left to the caller (it means "already gone"). */
  remove(discord: DiscordClient, id: string, signal: AbortSignal): Promise<void>;
  /** Status fields besides id, conditions and observedGeneration. */
  statusOf(external: X): Record<string, string>;
}
