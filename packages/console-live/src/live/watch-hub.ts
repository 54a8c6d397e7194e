/**
 * One watch of the cluster per (cluster, resource, namespace, label selector), shared by every
 * live subscription on it, as kube-apiserver's watch cache shares one etcd watch among its
 * watchers: each event crosses from the API server once and is decoded, redacted and
 * serialised once; every subscriber then gets those bytes under its own subscription id.
 *
 * A subscription joins at a resourceVersion it has already seen: the hub's current one or one
 * of its recent events'. resourceVersions are compared for equality only, never ordered (they
 * are opaque to clients): two watches of the same query deliver the same sequence, so an equal
 * version is the same place in it. Until it can join, a subscription follows its own watch
 * (watch-subscription.ts). A hub ends when its last subscriber leaves; when its watch fails
 * (410 Gone, an error) every subscriber is told to relist, as each would have been alone.
 */
import type { KubeObject, WatchEvent } from '@dojo/kube-api';
import { EncodedWatchEvent } from './watch-frames.ts';
import { watchFrom, type WatchTarget } from './watch-target.ts';

export interface HubMember {
  /** Sends one event; false when this subscriber's buffer is over its bound. */
  deliver(event: EncodedWatchEvent): boolean;
  /** The hub can no longer serve this subscriber (it fell behind, or the watch failed). */
  relist(reason: string): void;
}

/** How many recent events a hub keeps for subscriptions joining at one of them. */
const recentEvents = 1024;

class WatchHub {
  readonly #members = new Set<HubMember>();
  #recent: { rv: string; event: EncodedWatchEvent }[] = [];
  #resourceVersion: string;
  readonly #abort = new AbortController();

  constructor(
    private readonly target: WatchTarget,
    resourceVersion: string,
    private readonly onClose: (hub: WatchHub) => void,
  ) {
    this.#resourceVersion = resourceVersion;
    this.#run().catch((err: unknown) => this.#fail(err));
  }

  get closed(): boolean {
    return this.#abort.signal.aborted;
  }

  /** Adds `member` if this hub's stream passed exactly `rv`, first sending what came after it. */
  join(rv: string, member: HubMember): boolean {
    if (this.closed) return false;
    let from = this.#recent.length;
    if (rv !== this.#resourceVersion) {
      const at = this.#recent.findLastIndex((e) => e.rv === rv);
      if (at < 0) return false;
      from = at + 1;
    }
    for (let i = from; i < this.#recent.length; i++) {
      if (!member.deliver(this.#recent[i]!.event)) {
        member.relist('client fell behind');
        return true;
      }
    }
    this.#members.add(member);
    return true;
  }

  leave(member: HubMember): void {
    if (this.#members.delete(member) && this.#members.size === 0) this.#close();
  }

  async #run(): Promise<void> {
    for await (const event of watchFrom(this.target, this.#resourceVersion, this.#abort.signal)) this.#publish(event);
  }

  #publish(event: WatchEvent<KubeObject>): void {
    const rv = event.object.metadata?.resourceVersion;
    if (event.type === 'BOOKMARK') {
      if (rv) this.#resourceVersion = rv;
      return;
    }
    const encoded = new EncodedWatchEvent({ type: event.type, object: this.target.clean(event.object) });
    if (rv) {
      this.#resourceVersion = rv;
      this.#recent.push({ rv, event: encoded });
      if (this.#recent.length > recentEvents * 1.25) this.#recent = this.#recent.slice(-recentEvents);
    }
    for (const member of this.#members) {
      if (member.deliver(encoded)) continue;
      this.#members.delete(member);
      member.relist('client fell behind');
    }
    if (this.#members.size === 0) this.#close();
  }

  #fail(err: unknown): void {
    if (this.closed) return;
    const reason = this.target.failureReason(err);
    const members = [...this.#members];
    this.#close();
    for (const member of members) member.relist(reason);
  }

  #close(): void {
    if (this.closed) return;
    this.#abort.abort();
    this.#members.clear();
    this.onClose(this);
  }

  closeAll(): void {
    this.#close();
  }
}

/** The hubs of one console, by cluster transport and query. */
export class WatchHubs {
  readonly #byTransport = new WeakMap<WatchTarget['transport'], Map<string, WatchHub>>();
  readonly #all = new Set<WatchHub>();

  /**
   * Joins `member` to the hub of `target` at `rv`, starting one there when there is none.
   * Returns the way to leave it, or undefined when the hub's stream never passed `rv` (yet).
   */
  join(target: WatchTarget, rv: string, member: HubMember): (() => void) | undefined {
    let hubs = this.#byTransport.get(target.transport);
    if (!hubs) this.#byTransport.set(target.transport, (hubs = new Map()));
    let hub = hubs.get(target.key);
    if (!hub) {
      const byKey = hubs;
      hub = new WatchHub(target, rv, (closed) => {
        if (byKey.get(target.key) === closed) byKey.delete(target.key);
        this.#all.delete(closed);
      });
      hubs.set(target.key, hub);
      this.#all.add(hub);
    }
    const joined = hub;
    return joined.join(rv, member) ? () => joined.leave(member) : undefined;
  }

  /** Ends every hub's watch (console shutdown). */
  closeAll(): void {
    for (const hub of [...this.#all]) hub.closeAll();
  }
}
