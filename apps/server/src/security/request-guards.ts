/**
 * The console's request guards, in the order they run: Host (DNS rebinding), token (bearer or
 * cookie), then Origin + custom header for state-changing requests (CSRF) and WebSocket
 * upgrades (cross-site WebSocket hijacking). Each returns a Status error or nothing, and none
 * throws, whatever the headers hold.
 */
import type { IncomingMessage } from 'node:http';
import { bearerToken, hostAllowed, tokensEqual } from '@dojo/http-edge';
import { newStatusError, newUnauthorized, type StatusError } from '@dojo/kube-api';

export const csrfHeader = 'x-dojo-console';

/** How long the login cookie lasts: across browser restarts, until this long after the last login. */
export const tokenCookieMaxAgeMs = 30 * 24 * 60 * 60 * 1000;

export interface GuardOptions {
  token: string;
  /** host:port strings this console answers to; empty means any (bound to a non-loopback address). */
  allowedHosts: readonly string[];
  /** The login cookie's name: one per console, since cookies are shared by every port of a host. */
  cookieName: string;
  /** Whether the console is reached over plain HTTP only (loopback): an https Origin is then foreign. */
  plainHttpOnly: boolean;
}

/** `dojo_console_token_<port>`: two consoles on one machine keep their own sessions. */
export function tokenCookieName(port: number): string {
  return `dojo_console_token_${port}`;
}

/** A cookie's value; a malformed percent-encoding reads as no cookie rather than an exception. */
export function cookieValue(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function presentedToken(req: IncomingMessage, options: GuardOptions): string | undefined {
  return bearerToken(req) ?? cookieValue(req, options.cookieName);
}

export function checkHost(req: IncomingMessage, options: GuardOptions): StatusError | undefined {
  if (hostAllowed(req, options.allowedHosts)) return undefined;
  return newStatusError(421, 'BadRequest', `host "${(req.headers.host ?? '').toLowerCase()}" is not served by this console (DNS rebinding protection)`);
}

/** Compared in constant time, so the answer's timing does not leak the token. */
export function isConsoleToken(token: string | undefined, options: GuardOptions): boolean {
  return tokensEqual(token, options.token);
}

export function checkToken(req: IncomingMessage, options: GuardOptions): StatusError | undefined {
  return isConsoleToken(presentedToken(req, options), options) ? undefined : newUnauthorized();
}

/** The Origin, when sent, must be this console's own: same host and port, and a web scheme it serves. */
function originOk(req: IncomingMessage, options: GuardOptions): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const schemes = options.plainHttpOnly ? ['http:'] : ['http:', 'https:'];
  return schemes.includes(url.protocol) && url.host.toLowerCase() === (req.headers.host ?? '').toLowerCase();
}

export function checkCsrf(req: IncomingMessage, options: GuardOptions): StatusError | undefined {
  const method = req.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return undefined;
  if (!originOk(req, options)) return newStatusError(403, 'Forbidden', 'cross-origin request refused');
  if (req.headers[csrfHeader] !== '1') return newStatusError(403, 'Forbidden', `state-changing requests need the ${csrfHeader}: 1 header`);
  return undefined;
}

export function checkWebSocketOrigin(req: IncomingMessage, options: GuardOptions): StatusError | undefined {
  return originOk(req, options) ? undefined : newStatusError(403, 'Forbidden', 'WebSocket connection from a foreign origin refused');
}
