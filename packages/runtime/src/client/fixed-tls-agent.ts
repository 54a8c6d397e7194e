/**
 * A keep-alive HTTPS agent whose TLS material (CA, client certificate and key) is set once, at
 * construction, as a transport's is.
 *
 * node:https names a connection pool by the host and port and every TLS option, the PEM texts
 * included: a string of several KB, built again (Buffers converted to text) on every request and
 * hashed by each of the pool's lookups, several per request. In the console's main-thread
 * profile that was ~2% (getName, and addRequest's own time). Requests that carry this agent's
 * own material, the only kind a transport sends, are named by the rest of their options; any
 * other request is named as node names it, so two pools never share a name they should not.
 */
import { Agent, type AgentOptions, type RequestOptions } from 'node:https';

export class FixedTlsAgent extends Agent {
  constructor(options: AgentOptions) {
    super(options);
  }

  override getName(options: RequestOptions = {}): string {
    const own = this.options;
    if (options.ca !== own.ca || options.cert !== own.cert || options.key !== own.key || options.pfx !== own.pfx) return super.getName(options);
    return super.getName({ ...options, ca: undefined, cert: undefined, key: undefined, pfx: undefined });
  }
}
