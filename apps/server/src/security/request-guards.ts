/**
 * The console's request guards, in the order they run: Host (DNS rebinding), token (bearer or
 * cookie), then Origin + custom header for state-changing requests (CSRF) and WebSocket
 * upgrades (cross-site WebSocket hijacking). Each returns a Status error or nothing.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { newStatusError, newUnauthorized, type StatusError } from '@dojo/kube-api';

export const tokenCookie = 'dojo_console_token';
export const csrfHeader = 'x-dojo-console';

export interface GuardOptions {
  token: string;
  /** host:port strings this console answers to; empty means any (bound to a non-loopback address). */
  allowedHosts: readonly string[];
}

export function allowedHostsFor(host: string, port: number): string[] {
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  if (!loopback) return [];
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return decodeURIComponent(v.join('='));
  }
  return undefined;
}

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function presentedToken(req: IncomingMessage): string | undefined {
  const auth = req.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice(7).trim();
  return cookieValue(req, tokenCookie);
}

export function checkHost(req: IncomingMessage, options: GuardOptions): StatusError | undefined {
  if (options.allowedHosts.length === 0) return undefined;
  const host = (req.headers.host ?? '').toLowerCase();
  if (options.allowedHosts.includes(host)) return undefined;
  return newStatusError(421, 'BadRequest', `host "${host}" is not served by this console (DNS rebinding protection)`);
}

/** Compared in constant time, so the answer's timing does not leak the token. */
export function isConsoleToken(token: string | undefined, options: GuardOptions): boolean {
  return Boolean(token) && safeEqual(token!, options.token);
}

export function checkToken(req: IncomingMessage, options: GuardOptions): StatusError | undefined {
  return isConsoleToken(presentedToken(req), options) ? undefined : newUnauthorized();
}

function originOk(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host.toLowerCase() === (req.headers.host ?? '').toLowerCase();
  } catch {
    return false;
  }
}

export function checkCsrf(req: IncomingMessage): StatusError | undefined {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
  if (!originOk(req)) return newStatusError(403, 'Forbidden', 'cross-origin request refused');
  if (req.headers[csrfHeader] !== '1') return newStatusError(403, 'Forbidden', `state-changing requests need the ${csrfHeader}: 1 header`);
  return undefined;
}

export function checkWebSocketOrigin(req: IncomingMessage): StatusError | undefined {
  return originOk(req) ? undefined : newStatusError(403, 'Forbidden', 'WebSocket connection from a foreign origin refused');
}
