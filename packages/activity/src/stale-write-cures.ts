/** The usual cure for a write made on a stale view, from what it was and what it overwrote. */
import type { SeenThrough } from './staleness-views.ts';
import type { WriteVerb } from './staleness-versions.ts';

export function staleWriteCure(verb: WriteVerb, overlapping: readonly string[], seenThrough: SeenThrough): string {
  if (verb === 'delete') {
    return 'It deleted an object changed since it last saw it: send a precondition (DeleteOptions.preconditions.resourceVersion, or uid) so the server answers 409 instead of deleting what it did not see, and decide again on the newer version.';
  }
  if (overlapping.length > 0) {
    const fields = overlapping.join(', ');
    return `A lost update, likely: ${fields} had been changed by another client since this one read it. Send the resourceVersion it read (an update, or metadata.resourceVersion in the patch) so the server answers 409 and the client retries on the current object — or take the field with server-side apply and its own field manager, so the server reports the conflict.`;
  }
  if (seenThrough === 'watch') {
    return "It wrote from a cache its watch had not yet brought up to date (KEP-5647's stale controller): wait until the informer's store has caught up with its own last write before deciding (client-go's consistency store, or a live GET before disruptive actions), or send the resourceVersion it read as a precondition.";
  }
  return 'It wrote on a read that was no longer current: read again just before deciding, or send the resourceVersion it read as a precondition so a stale decision becomes a 409 instead of a write.';
}
