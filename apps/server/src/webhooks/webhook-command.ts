/**
 * `dojo-console webhook map [NAMESPACE/SERVICE[:PORT] URL]` and `dojo-console webhook unmap
 * NAMESPACE/SERVICE[:PORT]`: the map through which the embedded cluster, which has no Service
 * network, reaches the Services webhook configurations name (`clientConfig.service`). The
 * running console of the data dir hands the change to its API server, which keeps the map in
 * the data dir (loaded at start, changed only through the console, so it survives a restart):
 * a change applies to the next webhook call. `map` with no arguments lists it. The service and URL are checked here with
 * the server's own rules, so a typo is a usage error before anything is asked.
 *
 * Exit statuses as every command (cli-usage.ts): 0 done, 1 the console refused or is not
 * running, 2 usage error.
 */
import { resolve } from 'node:path';
import { parseWebhookServiceKey, parseWebhookServiceUrl } from '@dojo/apiserver';
import { askConsole, type ConsoleRequest } from '@dojo/client-controls';
import type { WebhookServiceMappings } from '@dojo/console-protocol';
import { StatusError } from '@dojo/kube-api';
import { strictArgs } from '../strict-args.ts';

export type WebhookAction = { op: 'list' } | { op: 'map'; service: string; url: string } | { op: 'unmap'; service: string };

export interface WebhookCommand {
  action: WebhookAction;
  dataDir: string;
}

export interface WebhookCommandOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

/** A bad argument: exit status 2 with the usage text. */
export class WebhookUsageError extends Error {}

const usageError = (message: string): WebhookUsageError => new WebhookUsageError(message);

/** The server's check, as a usage error in its words. */
function checked<T>(check: () => T): T {
  try {
    return check();
  } catch (err) {
    if (err instanceof StatusError) throw usageError(err.message);
    throw err;
  }
}

/** Parses what follows `webhook`; 'help' for -h; throws WebhookUsageError. */
export function parseWebhookCommand(argv: readonly string[]): WebhookCommand | 'help' {
  const parsed = strictArgs(argv, { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } }, usageError);
  if (parsed.values.help) return 'help';
  const dataDir = resolve(parsed.values['data-dir'] ?? '.dojo-console');
  const [op, service, url, extra] = parsed.positionals;
  if (op === undefined) throw usageError('webhook needs a subcommand: map or unmap');
  if (op === 'map') {
    if (service === undefined) return { action: { op: 'list' }, dataDir };
    if (url === undefined) throw usageError(`webhook map ${service} needs the URL the service answers at (like https://127.0.0.1:9443)`);
    if (extra !== undefined) throw usageError(`unexpected argument "${extra}"`);
    checked(() => parseWebhookServiceKey(service));
    return { action: { op: 'map', service, url: checked(() => parseWebhookServiceUrl(url)) }, dataDir };
  }
  if (op === 'unmap') {
    if (service === undefined) throw usageError('webhook unmap needs the service to forget (NAMESPACE/SERVICE)');
    if (url !== undefined) throw usageError(`unexpected argument "${url}"`);
    checked(() => parseWebhookServiceKey(service));
    return { action: { op: 'unmap', service }, dataDir };
  }
  throw usageError(`unknown subcommand "${op}" (one of: map, unmap)`);
}

function requestOf(action: WebhookAction): ConsoleRequest {
  switch (action.op) {
    case 'list':
      return { method: 'GET', path: 'api/webhook-services' };
    case 'map':
      return { method: 'POST', path: 'api/webhook-services', body: { service: action.service, url: action.url } };
    case 'unmap':
      return { method: 'DELETE', path: `api/webhook-services/${encodeURIComponent(action.service)}` };
  }
}

/** The map as a table, or how to start one. */
export function describeWebhookServices(map: WebhookServiceMappings): string {
  if (map.mappings.length === 0) return 'No service is mapped: dojo-console webhook map NAMESPACE/SERVICE https://127.0.0.1:PORT\n';
  const width = Math.max('SERVICE'.length, ...map.mappings.map((m) => m.service.length)) + 3;
  return ['SERVICE'.padEnd(width) + 'URL', ...map.mappings.map((m) => m.service.padEnd(width) + m.url), ''].join('\n');
}

function headline(action: WebhookAction): string {
  switch (action.op) {
    case 'list':
      return '';
    case 'map':
      return `Mapped ${action.service}: webhooks that name it are called at ${action.url} + their service.path, from the next call.\n`;
    case 'unmap':
      return `Unmapped ${action.service}: webhooks that name it fail to be called (their failurePolicy decides) until it is mapped again.\n`;
  }
}

/** Asks the running console of the data dir; the exit status is 0, or 1 when refused or not running. */
export async function runWebhookCommand(command: WebhookCommand, out: WebhookCommandOutput): Promise<0 | 1> {
  const answer = await askConsole(command.dataDir, requestOf(command.action));
  if (!answer.ok) {
    out.stderr(`dojo-console webhook: ${answer.message}\n`);
    return 1;
  }
  out.stdout(headline(command.action) + describeWebhookServices(answer.body as WebhookServiceMappings));
  return 0;
}
