/**
 * @dojo/http-edge — what every HTTP listener of the project does before its own code runs:
 * the console, the Discord simulator and the Kafka broker simulator share it.
 *
 * Promises:
 * - No exception escapes a request or upgrade listener wrapped by `guardRequests` /
 *   `guardUpgrades`: a throw or a rejected promise becomes one answer (the listener's own error
 *   shape, 500 by default) or, when the answer has already started, a closed connection. The
 *   process never ends because of one request.
 * - An upgraded socket always has an `error` listener (Node removes its own at upgrade), so a
 *   peer that resets the connection cannot crash the process either.
 * - `hostAllowed` refuses a `Host` header a loopback listener does not answer to (DNS
 *   rebinding), and `tokensEqual` compares secrets in constant time.
 *
 * Misuse: the guards do not time requests out and do not read bodies; a listener still has
 * to bound what it reads.
 */
export { guardRequests, guardUpgrades, refuseUpgrade, type EdgeAnswer, type FailureAnswer } from './guarded-listener.ts';
export { allowedHostsFor, hostAllowed } from './host-check.ts';
export { bearerToken, tokensEqual } from './token-check.ts';
