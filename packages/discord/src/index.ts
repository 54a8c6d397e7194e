/**
 * @dojo/discord — a Discord REST v10 client (the subset the operator uses) and a
 * Discord-compatible simulator server.
 *
 * Promises:
 * - The client honours X-RateLimit-* headers and 429 bodies (`retry_after`, `global`), and
 *   surfaces errors with Discord's shapes; its base URL can point at the real Discord.
 * - The simulator speaks the same subset with the same error shapes and rate-limit headers,
 *   persists its state, and has fault knobs (429 rate, 5xx rate, latency) settable at runtime.
 */
export {};
