/**
 * The instant a view asks about: `X-Dojo-At: <epoch ms>` on HTTP, `?at=<epoch ms>` on the
 * WebSocket URL. Only a recording has instants other than now; a live console ignores it.
 */
import type { IncomingMessage } from 'node:http';
import { newBadRequest } from '@dojo/kube-api';

export const viewTimeHeader = 'x-dojo-at';

function parse(raw: string | undefined | null, where: string): number | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (!/^\d{1,15}$/.test(raw)) throw newBadRequest(`${where} must be an instant in epoch milliseconds, not ${JSON.stringify(raw.slice(0, 40))}`);
  return Number(raw);
}

export function viewTimeOf(req: IncomingMessage): number | undefined {
  const header = req.headers[viewTimeHeader];
  return parse(Array.isArray(header) ? header[0] : header, 'X-Dojo-At');
}

/** The `at` of a WebSocket URL (a malformed one is a 400). */
export function socketViewTime(url: string | undefined): number | undefined {
  return parse(new URL(url ?? '/', 'http://console').searchParams.get('at'), 'at');
}
