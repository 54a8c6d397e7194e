/**
 * One request from a CLI process to the running console of a data dir (console-endpoint.ts
 * finds it), authenticated as the browser is, with the header the console's CSRF guard wants on
 * a change. Answers the decoded JSON, or the one line to print when the console is not running,
 * does not answer, or refuses (its Status message).
 */
import { findConsole } from './console-endpoint.ts';

export interface ConsoleRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Below the console's URL, without the leading "/": `api/...`. */
  path: string;
  body?: unknown;
}

export type ConsoleAnswer = { ok: true; body: unknown } | { ok: false; message: string };

export async function askConsole(dataDir: string, request: ConsoleRequest): Promise<ConsoleAnswer> {
  const found = findConsole(dataDir);
  if ('missing' in found) return { ok: false, message: found.missing };
  const headers: Record<string, string> = { authorization: `Bearer ${found.token}`, accept: 'application/json' };
  const changes = request.method === 'GET' ? {} : { 'x-dojo-console': '1', ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) };
  let response: Response;
  try {
    response = await fetch(new URL(request.path, found.url), {
      method: request.method,
      headers: { ...headers, ...changes },
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    });
  } catch (err) {
    return { ok: false, message: `the console of ${dataDir} at ${found.url} does not answer (${(err as Error).message}); is it still running?` };
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) return { ok: false, message: `${response.status} ${(body as { message?: string } | undefined)?.message ?? text}` };
  return { ok: true, body };
}
