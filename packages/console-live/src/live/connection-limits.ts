/**
 * Places per client and in total, for what a client holds open: live connections (at most 32
 * from one remote address, 128 in all) and subscriptions across them (at most 256 per client,
 * 1024 in all; each watch holds its first list, and its own upstream watch until it joins the
 * one its query shares, watch-hub.ts). No client can exhaust the
 * process with sockets or watches. A connection over its caps is closed with 4429
 * (`LiveCloseCode`), a subscription over its caps gets a 429 `error` frame; the others keep
 * working.
 */
export interface ClientLimitOptions {
  perClient: number;
  total: number;
}

export const defaultConnectionLimits: ClientLimitOptions = { perClient: 32, total: 128 };
export const defaultSubscriptionLimits: ClientLimitOptions = { perClient: 256, total: 1024 };

export type Admission = { admitted: true; release(): void } | { admitted: false; reason: string };

export class ClientLimits {
  readonly #byClient = new Map<string, number>();
  #total = 0;

  /** `what` names the places in refusals: "live connections", "subscriptions". */
  constructor(
    private readonly what: string,
    readonly options: ClientLimitOptions,
  ) {}

  get total(): number {
    return this.#total;
  }

  /** Takes one place for `client`; the release gives it back, once however often it is called. */
  admit(client: string): Admission {
    const held = this.#byClient.get(client) ?? 0;
    if (held >= this.options.perClient) return { admitted: false, reason: `too many ${this.what} from this client (limit ${this.options.perClient})` };
    if (this.#total >= this.options.total) return { admitted: false, reason: `too many ${this.what} (limit ${this.options.total})` };
    this.#byClient.set(client, held + 1);
    this.#total++;
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        this.#total--;
        const left = (this.#byClient.get(client) ?? 1) - 1;
        if (left > 0) this.#byClient.set(client, left);
        else this.#byClient.delete(client);
      },
    };
  }
}
