/**
 * @dojo/discord — a Discord REST v10 client (the subset the operator uses) and a
 * Discord-compatible simulator server.
 *
 * Promises:
 * - The client honours X-RateLimit-* headers and 429 bodies (`retry_after`, `global`), and
 *   surfaces errors with Discord's shapes; its base URL can point at the real Discord.
 * - The simulator speaks the same subset with the same error shapes and rate-limit headers,
 *   persists its state, and has fault knobs (429 rate, 5xx rate, latency) settable at runtime.
 *
 * More precisely:
 * - Every failure is a `DiscordApiError` {status, code, message, errors?, retryAfterSeconds?,
 *   global?}; status 0 means no response arrived (timeout, abort, connection refused). Test
 *   with `isNotFound`, `isRateLimited`, `isServerError`, `isNetworkError`.
 * - The client does not sleep inside a call by default: a request bound for a bucket the
 *   headers say is empty fails at once with a 429 (`sent: false`) carrying retryAfterSeconds,
 *   so a reconciler can return requeueAfter. `waitOnRateLimit: true` sleeps and retries.
 * - `createMessage` with `nonce` and `enforce_nonce: true` is idempotent for a few minutes per
 *   channel: a retry after an ambiguous failure returns the first message.
 * - Text-channel names come back lower-case with dashes for spaces, as Discord stores them;
 *   compare against returned names when detecting drift. Deleting a guild deletes its
 *   channels; deleting a category leaves its children with `parent_id: null`.
 * - The simulator answers any request with JSON in Discord's error shape and stays up; a 2xx
 *   means the change is already in its data file (written atomically, temp file + rename).
 *
 * Misuse: a client created per call forgets what it learned about buckets, so keep one per
 * token; do not hard-code limits (the client learns them from headers, as Discord asks); the
 * simulator's `/_sim/*` endpoints are not Discord's: they need its token as the API does, and
 * on loopback it answers only to its own loopback Host names (DNS rebinding).
 *
 * Contents: `client/` (DiscordClient -> DiscordRest -> RateLimitBuckets -> sendHttp),
 * `simulator/` (startDiscordSimulator -> pipeline -> routes -> SimulatorState), and the shared
 * wire types, error type, route keys and snowflakes.
 */
export { DiscordApiError, discordErrors, isDiscordApiError, isNetworkError, isNotFound, isRateLimited, isServerError } from './api-error.ts';
export type { DiscordApiErrorInit, DiscordErrorBody, FieldErrorDetail, FormErrorTree } from './api-error.ts';
export { systemClock } from './clock.ts';
export type { DiscordClock } from './clock.ts';
export { rateLimitRoute } from './rate-limit-route.ts';
export type { RateLimitRoute } from './rate-limit-route.ts';
export { DISCORD_EPOCH_MS, isSnowflake, SnowflakeGenerator, snowflakeTimestamp } from './snowflake.ts';
// Wire shapes and the operation set (ChannelType is the one value).
export * from './types.ts';

export { DISCORD_API_BASE_URL, DiscordClient } from './client/discord-client.ts';
export type { CallOptions, DiscordClientOptions } from './client/discord-client.ts';
export type { DiscordCallRecord } from './client/discord-rest.ts';

export { startDiscordSimulator } from './simulator/discord-simulator.ts';
export type { DiscordSimulator, DiscordSimulatorOptions } from './simulator/discord-simulator.ts';
export { Faults } from './simulator/faults.ts';
export type { FaultKind, DiscordFaultSettings } from './simulator/faults.ts';
export type { RateLimitConfig, RateLimitPolicy } from './simulator/route-rate-limiter.ts';
export type { EventPage, SimulatorEvent, SimulatorEvents, SimulatorRequestRecord } from './simulator/simulator-events.ts';
export type { SimulatorState, StateChange } from './simulator/simulator-state.ts';
export type { StateSnapshot } from './simulator/state-snapshot.ts';
export type { ChannelView, GuildView, StateView } from './simulator/state-view.ts';
