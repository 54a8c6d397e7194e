/**
 * DNS-rebinding protection for listeners on loopback: a page on `evil.example` whose name
 * resolves to 127.0.0.1 reaches the port, but its requests say `Host: evil.example`.
 */
import type { IncomingMessage } from 'node:http';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * The `host:port` values a listener bound to `host` answers to; empty (any Host) when it is
 * bound to a non-loopback address, where the name clients use is not known in advance.
 */
export function allowedHostsFor(host: string, port: number): string[] {
  if (!loopbackHosts.has(host)) return [];
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

export function hostAllowed(req: Pick<IncomingMessage, 'headers'>, allowedHosts: readonly string[]): boolean {
  if (allowedHosts.length === 0) return true;
  return allowedHosts.includes((req.headers.host ?? '').toLowerCase());
}
