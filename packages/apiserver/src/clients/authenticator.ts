/**
 * Bearer tokens to users: the admin token is "admin"; a token from a client kubeconfig
 * (client-kubeconfigs.ts) is that client's name. The clients directory is read again whenever
 * it changed (its mtime), which is checked only for tokens that are not the admin's, so a
 * client connected while the server runs authenticates at once and a deleted one stops.
 *
 * Tokens are compared in constant time (the admin's) or by their SHA-256 (the clients'), never
 * as plain strings.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { adminUser, tokenOf } from './client-kubeconfigs.ts';

const digest = (token: string): string => createHash('sha256').update(token).digest('base64');

export class Authenticator {
  readonly #admin: Buffer;
  readonly #clientsDir: string | undefined;
  #clients = new Map<string, string>();
  #seenMtime = -1;

  /** `clientsDir`: where client kubeconfigs live; absent: only the admin token authenticates. */
  constructor(adminToken: string, clientsDir?: string) {
    this.#admin = Buffer.from(adminToken);
    this.#clientsDir = clientsDir;
  }

  /** The user an `Authorization` header authenticates, or undefined. */
  userOf(header: string | undefined): string | undefined {
    if (!header?.startsWith('Bearer ')) return undefined;
    const token = header.slice(7).trim();
    const given = Buffer.from(token);
    if (given.length === this.#admin.length && timingSafeEqual(given, this.#admin)) return adminUser;
    if (!this.#clientsDir || token.length === 0) return undefined;
    this.#refresh();
    return this.#clients.get(digest(token));
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
    const clients = new Map<string, string>();
    if (mtime !== 0) {
      for (const file of readdirSync(this.#clientsDir!)) {
        if (!file.endsWith('.kubeconfig')) continue;
        const token = tokenOf(join(this.#clientsDir!, file));
        if (token) clients.set(digest(token), file.slice(0, -'.kubeconfig'.length));
      }
    }
    this.#clients = clients;
  }
}
