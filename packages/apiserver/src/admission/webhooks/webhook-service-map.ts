/**
 * The user's map from a Service that webhook configurations name (`clientConfig.service`) to
 * where it answers on this machine: the embedded cluster has no Service network, so
 * `dojo-console webhook map NAMESPACE/SERVICE https://127.0.0.1:9443` says it instead.
 *
 * kube dials `https://NAME.NAMESPACE.svc:PORT` + `service.path` (port 443 when not given). An
 * entry's URL stands for `https://NAME.NAMESPACE.svc:PORT`: it is scheme, host and port only,
 * and the configuration's path is appended. An entry for `NAMESPACE/SERVICE:PORT` serves only
 * that `service.port`, one for `NAMESPACE/SERVICE` every port; the first wins.
 *
 * Kept in `<dataDir>/webhook-services.json` (written whole, then renamed into place): loaded at
 * start and changed only through the console (the API server is its only writer; the console
 * asks it through the control port), so a change applies to the next call and survives a
 * restart. An edit of the file by hand is not seen until the next start.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newBadRequest, newStatusError, validateDNS1123Label } from '@dojo/kube-api';
import type { WebhookServiceMapping, WebhookServiceMappings } from '@dojo/console-protocol';
import type { ServiceUrls } from './webhook-client.ts';

/** A service reference as a map key names it. */
export interface WebhookServiceKey {
  namespace: string;
  name: string;
  /** Only this `service.port`; absent: every port. */
  port?: number;
}

const usageOfKey = 'NAMESPACE/SERVICE or NAMESPACE/SERVICE:PORT';

/** Parses `namespace/name[:port]`; a BadRequest StatusError says what is wrong. */
export function parseWebhookServiceKey(text: string): WebhookServiceKey {
  const match = /^([^/:]*)\/([^/:]*)(?::([^/:]*))?$/.exec(text);
  if (!match) throw newBadRequest(`service "${text}" is not ${usageOfKey}`);
  const [, namespace = '', name = '', portText] = match;
  for (const [what, value] of [
    ['namespace', namespace],
    ['service name', name],
  ] as const) {
    const problem = validateDNS1123Label(value)[0];
    if (problem) throw newBadRequest(`service "${text}": ${what} "${value}": ${problem}`);
  }
  if (portText === undefined) return { namespace, name };
  const port = Number(portText);
  // kube's webhook service validation: "port is not valid: must be between 1 and 65535, inclusive".
  if (!/^\d+$/.test(portText) || port < 1 || port > 65535) throw newBadRequest(`service "${text}": port is not valid: must be between 1 and 65535, inclusive`);
  return { namespace, name, port };
}

export function webhookServiceKeyString(key: WebhookServiceKey): string {
  return `${key.namespace}/${key.name}${key.port === undefined ? '' : `:${key.port}`}`;
}

/** Checks a mapped URL and answers it as `https://host[:port]`; a BadRequest StatusError says what is wrong. */
export function parseWebhookServiceUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw newBadRequest(`URL "${text}" is not a URL (like https://127.0.0.1:9443)`);
  }
  // kube calls webhooks over HTTPS only; the map cannot make it send a review in clear.
  if (url.protocol !== 'https:') throw newBadRequest(`URL "${text}": 'https' is the only allowed URL scheme`);
  if (url.username || url.password) throw newBadRequest(`URL "${text}": user information is not permitted in the URL`);
  if ((url.pathname !== '/' && url.pathname !== '') || url.search || url.hash)
    throw newBadRequest(`URL "${text}" must be scheme://host:port only: the webhook configuration's service.path is appended to it`);
  return `${url.protocol}//${url.host}`;
}

const fileName = 'webhook-services.json';

export class WebhookServiceMap implements ServiceUrls {
  readonly #path: string;
  readonly #entries = new Map<string, string>();

  private constructor(path: string, entries: readonly WebhookServiceMapping[]) {
    this.#path = path;
    for (const entry of entries) this.#entries.set(entry.service, entry.url);
  }

  /** The map kept in `dataDir` (empty when there is none yet); a file that is not one is an error naming it. */
  static open(dataDir: string): WebhookServiceMap {
    const path = join(dataDir, fileName);
    if (!existsSync(path)) return new WebhookServiceMap(path, []);
    try {
      const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<WebhookServiceMappings>;
      if (!Array.isArray(parsed.mappings)) throw new Error('it has no "mappings" list');
      const entries = parsed.mappings.map((m: Partial<WebhookServiceMapping>) => ({
        service: webhookServiceKeyString(parseWebhookServiceKey(String(m.service))),
        url: parseWebhookServiceUrl(String(m.url)),
      }));
      return new WebhookServiceMap(path, entries);
    } catch (err) {
      throw new Error(`${path} is not a webhook service map (${(err as Error).message}): fix it or remove it and map the services again`, { cause: err });
    }
  }

  /** `namespace/name:port` or `namespace/name`, as webhook-client.ts asks. */
  get(service: string): string | undefined {
    return this.#entries.get(service);
  }

  list(): WebhookServiceMappings {
    return { mappings: [...this.#entries].map(([service, url]) => ({ service, url })).sort((a, b) => a.service.localeCompare(b.service)) };
  }

  /** Maps (or re-maps) `service` to `url`, both checked, and keeps the map on disk before answering. */
  map(service: string, url: string): WebhookServiceMappings {
    const key = webhookServiceKeyString(parseWebhookServiceKey(service));
    this.#entries.set(key, parseWebhookServiceUrl(url));
    this.#save();
    return this.list();
  }

  /** Forgets `service`; 404 when it is not mapped. */
  unmap(service: string): WebhookServiceMappings {
    const key = webhookServiceKeyString(parseWebhookServiceKey(service));
    if (!this.#entries.delete(key)) throw newStatusError(404, 'NotFound', `service "${key}" is not mapped`);
    this.#save();
    return this.list();
  }

  #save(): void {
    const tmp = `${this.#path}.tmp`;
    writeFileSync(tmp, `${JSON.stringify(this.list(), null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.#path);
  }
}
