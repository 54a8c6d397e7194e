/**
 * Which client made a request: the attribution rule every view shares.
 *
 * 1. A connected client's token authenticates as its own user: that user is the client.
 * 2. Otherwise the user is shared — `admin` (the embedded server's admin token),
 *    `system:anonymous` (no token) and the console's own user on the cluster it runs against
 *    (kind's `kubernetes-admin`, its ServiceAccount in-cluster, learnt at start by
 *    console-user.ts), which the console, kubectl and any operator given the same kubeconfig all
 *    authenticate as — and the User-Agent decides:
 *    - `dojo-console/<controller>` (or the runtime's default `dojo-runtime/<controller>`): that
 *      embedded controller (the runtime appends the name of the controller whose reconcile made
 *      the request); `dojo-console` alone: the console itself;
 *    - `kubectl/...` (or `kubectl.1.33/...` from a version dispatcher): kubectl;
 *    - client-go's default `<binary>/<version> (<os>/<arch>) kubernetes/<commit>`: the binary,
 *      or the suffix `rest.AddUserAgent` appends (`.../deployment-controller`);
 *    - the official Python client's `OpenAPI-Generator/<version>/python`: `python-client`;
 *    - anything else: its first word (`kopf/1.37`, `kube-rs/0.99`).
 * 3. No User-Agent: the field manager of a write, else "unknown".
 *
 * Client names and the console's controller names are separate namespaces: a client that is
 * not the console yet is named as one of its controllers (`dojo-console connect application`,
 * a User-Agent `application/1.0`) is named `application (connected)`, `application (agent)`,
 * so its requests and inferred reconciles are never filed under the console's own controller.
 * Names longer than a Kubernetes object name may be are cut (name-limits.ts).
 */
import type { ClientKind } from '@dojo/console-protocol';
import { clipName } from './name-limits.ts';

export interface ClientIdentity {
  readonly name: string;
  readonly kind: ClientKind;
}

export interface RequestOrigin {
  readonly user: string;
  readonly userAgent?: string | undefined;
  readonly fieldManager?: string | undefined;
}

/** The users that are never a client of their own: the embedded server's admin token and no token at all. */
const alwaysShared = ['admin', 'system:anonymous'];

const consoleAgent = 'dojo-console';
const consoleAgents = /^dojo-(?:console|runtime)(?:\/(.+))?$/;
const clientGoAgent = /^([^\s/]+)\/\S+ \([^)]*\) kubernetes\/[^\s/]+(?:\/(.+))?$/;
const kubectlAgent = /^kubectl(\.[\d.]+)?\//;
const pythonAgent = /^OpenAPI-Generator\/[^/]+\/python$/;

export interface ClientIdentifierOptions {
  /** Whether a name is one of the console's own (embedded) controllers; none when absent. */
  readonly isEmbedded?: (controller: string) => boolean;
  /** The user the console itself authenticates as on its cluster, shared like `admin`. */
  readonly consoleUser?: string | undefined;
}

/** The attribution rule, built once per console: which users are shared and which names are its controllers. */
export class ClientIdentifier {
  readonly isEmbedded: (controller: string) => boolean;
  readonly #sharedUsers: ReadonlySet<string>;

  constructor(options: ClientIdentifierOptions = {}) {
    this.isEmbedded = options.isEmbedded ?? (() => false);
    this.#sharedUsers = new Set([...alwaysShared, ...(options.consoleUser ? [options.consoleUser] : [])]);
  }

  /** Whether requests made as this user are told apart by their User-Agent rather than named after it. */
  isShared(user: string): boolean {
    return this.#sharedUsers.has(user);
  }

  identify(origin: RequestOrigin): ClientIdentity {
    const identity = this.#identify(origin);
    if (identity.kind === 'embedded') return identity;
    const name = clipName(identity.name);
    return { name: this.isEmbedded(name) ? `${name} (${identity.kind})` : name, kind: identity.kind };
  }

  #identify(origin: RequestOrigin): ClientIdentity {
    if (!this.isShared(origin.user)) return { name: origin.user, kind: 'connected' };
    const agent = origin.userAgent?.trim();
    if (!agent) return { name: origin.fieldManager || 'unknown', kind: 'agent' };
    const ours = consoleAgents.exec(agent);
    if (ours) {
      const controller = ours[1];
      return controller && this.isEmbedded(controller) ? { name: controller, kind: 'embedded' } : { name: consoleAgent, kind: 'console' };
    }
    if (kubectlAgent.test(agent)) return { name: 'kubectl', kind: 'kubectl' };
    const clientGo = clientGoAgent.exec(agent);
    if (clientGo) return { name: clientGo[2] ?? clientGo[1]!, kind: 'agent' };
    if (pythonAgent.test(agent)) return { name: 'python-client', kind: 'agent' };
    return { name: /^[^\s/]+/.exec(agent)?.[0] ?? 'unknown', kind: 'agent' };
  }
}
