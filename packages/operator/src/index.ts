/**
 * @dojo/operator — the Dojo operator (group core.jutsu.com/v1): CRD manifests and reconcilers
 * for Dojo, DiscordServer, DiscordGroup and DiscordChannel, plus the other seeds' examples.
 *
 * Promises:
 * - Reconcilers are level-based and idempotent, never write spec, write status through the
 *   status subresource, and make one write per iteration.
 * - A 409 Conflict is normal: it requeues quietly.
 * - Slow external work is never awaited inside a reconcile; it requeues after a delay.
 */
export {};
