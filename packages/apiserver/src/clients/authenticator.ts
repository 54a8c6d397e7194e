/**
 * Bearer tokens to users: the admin token is the user "admin" (uid "admin") in `system:masters`; a token from
 * a client kubeconfig (client-kubeconfigs.ts) is that client's name, or the ServiceAccount
 * recorded for it (client-service-accounts.ts: then `client` still names it); a ServiceAccount token
 * (auth/service-account-tokens.ts) is `system:serviceaccount:NS:NAME`. Every one of them is in
 * `system:authenticated`. The clients directory is read again whenever it changed, so a client
 * connected while the server runs authenticates at once and a deleted one stops. A watch on the
 * directory says when; only a token it does not know yet (a client connected a moment ago, whose
 * change notice has not arrived) stats the directory on the request. Without a watch (the
 * directory does not exist yet, or the platform cannot watch it), every token that is not the
 * admin's stats it, as before: a `statSync` per request was the largest cost the console's
 * API-server thread had beyond the bare server's (issue 36's against-kube profile).
 *
 * Tokens are compared in constant time (the admin's) or by their SHA-256 (the clients'), never
 * as plain strings.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
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
  /** Watches the clients directory (inode `#watchedIno`) while it exists; `#changed` is set by its notices. */
  #watcher: FSWatcher | undefined;
  #watchedIno = -1;
  #changed = true;

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
      const key = digest(token);
      this.#refresh(false);
      if (!this.#clients.has(key)) this.#refresh(true);
      const connected = this.#clients.get(key);
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
    this.#refresh(false);
    if (this.#hasClient(name)) return true;
    this.#refresh(true);
    return this.#hasClient(name);
  }

  /** Stops watching the clients directory (the server is closing). */
  close(): void {
    this.#unwatch();
  }

  #hasClient(name: string): boolean {
    for (const entry of this.#clients.values()) if ((entry.client ?? entry.user.name) === name) return true;
    return false;
  }

  /** The admin's and clients' tokens are for this API server only (kube's implicit API audiences). */
  #apiToken(user: UserInfo, audiences: readonly string[]): Authentication | undefined {
    const matched = audiences.filter((a) => apiAudiences.includes(a));
    return matched.length > 0 ? { user, audiences: matched } : undefined;
  }

  /** Re-reads the clients directory if it changed: told by the watch, or (`check`, or no watch) by its mtime. */
  #refresh(check: boolean): void {
    if (this.#watcher && !this.#changed && !check) return;
    let stats: { mtimeMs: number; ino: number } | undefined;
    try {
      stats = statSync(this.#clientsDir!);
    } catch {
      stats = undefined;
    }
    if ((stats?.ino ?? -1) !== this.#watchedIno) this.#watch(stats?.ino);
    const mtime = stats?.mtimeMs ?? 0;
    // A notice can be about a file's content (a kubeconfig rewritten in place), which the mtime does not show.
    if (mtime === this.#seenMtime && !this.#changed) return;
    this.#seenMtime = mtime;
    this.#changed = false;
    const clients = new Map<string, { user: UserInfo; client?: string }>();
    if (stats) {
      for (const file of readdirSync(this.#clientsDir!)) {
        if (!file.endsWith('.kubeconfig')) continue;
        const token = tokenOf(join(this.#clientsDir!, file));
        if (token) clients.set(digest(token), connectedClientUser(file.slice(0, -'.kubeconfig'.length), this.#clientsDir!));
      }
    }
    this.#clients = clients;
  }

  /** Watches the directory now at `ino` (a new one after it was removed and made again), or stops when there is none. */
  #watch(ino: number | undefined): void {
    this.#unwatch();
    if (ino === undefined) return;
    try {
      // Not persistent: a watch never keeps the process alive.
      const watcher = watch(this.#clientsDir!, { persistent: false }, () => (this.#changed = true));
      watcher.on('error', () => this.#unwatch());
      this.#watcher = watcher;
      this.#watchedIno = ino;
      this.#changed = true;
    } catch {
      // No watch here: every unknown token stats the directory.
    }
  }

  #unwatch(): void {
    this.#watcher?.close();
    this.#watcher = undefined;
    this.#watchedIno = -1;
    this.#changed = true;
  }
}
