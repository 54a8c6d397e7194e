/**
 * Bearer tokens to users: the admin token is the user "admin" (uid "admin") in `system:masters`; a token from
 * a client kubeconfig (client-kubeconfigs.ts) is that client's name, or the ServiceAccount
 * recorded for it (client-service-accounts.ts: then `client` still names it); a ServiceAccount token
 * (auth/service-account-tokens.ts) is `system:serviceaccount:NS:NAME`. Every one of them is in
 * `system:authenticated`. The clients directory is read again whenever it changed (its mtime),
 * which is checked only for tokens that are not the admin's, so a client connected while the
 * server runs authenticates at once and a deleted one stops.
 *
 * Tokens are compared in constant time (the admin's) or by their SHA-256 (the clients'), never
 * as plain strings.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { apiAudiences, type ServiceAccountTokens } from '../auth/service-account-tokens.ts';
import { serviceAccountGroups, serviceAccountUsername, systemAuthenticated, systemMasters, type UserInfo } from '../auth/user-info.ts';
import { adminUser, tokenOf } from './client-kubeconfigs.ts';
import { clientServiceAccount } from './client-service-accounts.ts';

const digest = (token: string): string => createHash('sha256').update(token).digest('base64');

/** The group of clients connected with `dojo-console connect`: trusted as the admin is, until they get roles of their own. */
export const connectedClientsGroup = 'dojo:connected-clients';

export interface Authentication {
  user: UserInfo;
  /** The audiences the token is valid for (kube's TokenReview status.audiences). */
  audiences: string[];
  /** A connected client authorized as a ServiceAccount: its own name, which the journal keeps. */
  client?: string;
}

/** Who a connected client's token authenticates: the client itself, or the ServiceAccount recorded for it. */
function connectedClientUser(client: string, clientsDir: string): { user: UserInfo; client?: string } {
  const sa = clientServiceAccount(clientsDir, client);
  if (!sa) return { user: { name: client, groups: [connectedClientsGroup, systemAuthenticated] } };
  return { user: { name: serviceAccountUsername(sa.namespace, sa.name), groups: serviceAccountGroups(sa.namespace) }, client };
}

export class Authenticator {
  readonly #admin: Buffer;
  readonly #clientsDir: string | undefined;
  readonly #serviceAccounts: ServiceAccountTokens | undefined;
  #clients = new Map<string, { user: UserInfo; client?: string }>();
  #seenMtime = -1;

  /** `clientsDir`: where client kubeconfigs live; absent: only the admin token (and ServiceAccount tokens) authenticate. */
  constructor(adminToken: string, clientsDir?: string, serviceAccounts?: ServiceAccountTokens) {
    this.#admin = Buffer.from(adminToken);
    this.#clientsDir = clientsDir;
    this.#serviceAccounts = serviceAccounts;
  }

  /** Who an `Authorization` header authenticates, or undefined. */
  authenticate(header: string | undefined): Authentication | undefined {
    if (!header?.startsWith('Bearer ')) return undefined;
    return this.authenticateToken(header.slice(7).trim());
  }

  /** The user a bearer token authenticates, for the API's audiences or those given (TokenReview). */
  authenticateToken(token: string, audiences: readonly string[] = apiAudiences): Authentication | undefined {
    if (token.length === 0) return undefined;
    const given = Buffer.from(token);
    if (given.length === this.#admin.length && timingSafeEqual(given, this.#admin)) {
      // Like a kube static token user (--token-auth-file: token,user,uid,groups), the admin has a uid: its name.
      return this.#apiToken({ name: adminUser, uid: adminUser, groups: [systemMasters, systemAuthenticated] }, audiences);
    }
    if (this.#clientsDir) {
      this.#refresh();
      const connected = this.#clients.get(digest(token));
      if (connected) {
        const authentication = this.#apiToken(connected.user, audiences);
        return authentication && connected.client ? { ...authentication, client: connected.client } : authentication;
      }
    }
    return this.#serviceAccounts?.authenticate(token, audiences);
  }

  /** Whether a client of that name is connected (has a kubeconfig in the clients directory) now. */
  hasClient(name: string): boolean {
    if (!this.#clientsDir) return false;
    this.#refresh();
    for (const entry of this.#clients.values()) if ((entry.client ?? entry.user.name) === name) return true;
    return false;
  }

  /** The admin's and clients' tokens are for this API server only (kube's implicit API audiences). */
  #apiToken(user: UserInfo, audiences: readonly string[]): Authentication | undefined {
    const matched = audiences.filter((a) => apiAudiences.includes(a));
    return matched.length > 0 ? { user, audiences: matched } : undefined;
  }

  #refresh(): void {
    let mtime: number;
    try {
      mtime = statSync(this.#clientsDir!).mtimeMs;
    } catch {
      mtime = 0;
    }
    if (mtime === this.#seenMtime) return;
    this.#seenMtime = mtime;
    const clients = new Map<string, { user: UserInfo; client?: string }>();
    if (mtime !== 0) {
      for (const file of readdirSync(this.#clientsDir!)) {
        if (!file.endsWith('.kubeconfig')) continue;
        const token = tokenOf(join(this.#clientsDir!, file));
        if (token) clients.set(digest(token), connectedClientUser(file.slice(0, -'.kubeconfig'.length), this.#clientsDir!));
      }
    }
    this.#clients = clients;
  }
}
