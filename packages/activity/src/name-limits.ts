/**
 * How many distinct names the console keeps state for, per input that chooses them: the one
 * table README's Security section lists. A name an outside party picks (an audit event's user
 * or User-Agent, a span's `controller` attribute) must not buy memory: beyond its limit a new
 * name is folded into one counted "other" bucket, unless the least recently active name has
 * been idle long enough to be forgotten for it (bounded-names.ts).
 *
 * The figures follow what kube-apiserver and Prometheus keep per name:
 * - clients 500: a busy production cluster has a few dozen to a few hundred distinct clients
 *   (kube-controller-manager's ~40 controllers each with its own User-Agent, the scheduler,
 *   kubelets counted as one `kubelet`, operators, people with kubectl); 500 cards is still an
 *   `/api/activity` answer of a few hundred KB that the Overview, polling it every second,
 *   builds in milliseconds.
 * - controllers from traces 200: an operator runs one controller per kind it owns (rarely
 *   more than 20); 200 covers a fleet of operators sending to one console.
 * - idle 5 minutes: Prometheus' lookback delta, after which a series without samples is no
 *   longer shown: a name silent that long gives up its place to a new one.
 * - name length 253: the longest name a Kubernetes object may have (a DNS subdomain); a longer
 *   client or controller name is cut there.
 * - watches 5,000 open and 1,000 closed (50 per client): the watches kube-apiserver serves a
 *   typical cluster's clients at once; older closed ones go first.
 */
export const nameLimits = {
  clients: 500,
  tracedControllers: 200,
  idleMs: 5 * 60_000,
  nameLength: 253,
  openWatches: 5_000,
  closedWatches: 1_000,
  closedWatchesPerClient: 50,
} as const;

/** `name` cut to `nameLimits.nameLength` characters, marked with an ellipsis when cut. */
export function clipName(name: string): string {
  return name.length <= nameLimits.nameLength ? name : `${name.slice(0, nameLimits.nameLength - 1)}…`;
}
