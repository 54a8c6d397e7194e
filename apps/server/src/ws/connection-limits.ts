/**
 * How many live connections the console holds: at most `perClient` from one remote address and
 * `total` in all, so no client can exhaust the process with sockets. A connection over either
 * cap is told so with close code 4429 (`LiveCloseCode`) and closed; the others keep working.
 */
export interface ConnectionLimitOptions {
  perClient: number;
  total: number;
}

export const defaultConnectionLimits: ConnectionLimitOptions = { perClient: 32, total: 128 };

export type Admission = { admitted: true; release(): void } | { admitted: false; reason: string };

export class ConnectionLimits {
  readonly #byClient = new Map<string, number>();
  #total = 0;

  constructor(private readonly options: ConnectionLimitOptions = defaultConnectionLimits) {}

  get total(): number {
    return this.#total;
  }

  admit(client: string): Admission {
    const held = this.#byClient.get(client) ?? 0;
    if (held >= this.options.perClient) return { admitted: false, reason: `too many live connections from this client (limit ${this.options.perClient})` };
    if (this.#total >= this.options.total) return { admitted: false, reason: `too many live connections (limit ${this.options.total})` };
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
