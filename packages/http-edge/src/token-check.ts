/** Bearer tokens, compared in constant time so an answer's timing does not leak the token. */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function tokensEqual(given: string | undefined, expected: string): boolean {
  if (given === undefined || given.length === 0) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The token of `Authorization: <scheme> <token>` (scheme case-insensitive), else undefined. */
export function bearerToken(req: Pick<IncomingMessage, 'headers'>, scheme = 'Bearer'): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== scheme.toLowerCase()) return undefined;
  return header.slice(space + 1).trim() || undefined;
}
