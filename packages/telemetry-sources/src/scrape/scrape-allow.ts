/**
 * Where a target added in the console may point (`--scrape-allow`): without a limit, the
 * "Add metrics endpoint" dialog asks the console to GET any URL from where it runs and shows
 * what came back (a cloud's metadata service, an admin page on the node's network), which
 * is server-side request forgery with read-back. Targets given with `--scrape` are trusted,
 * as the console's command line is.
 *
 * An entry is a CIDR (`10.0.0.0/8`), an address (`::1`), a host name (`localhost`), or a
 * domain with its subdomains (`*.svc.cluster.local`). A URL's host is allowed when it is a
 * listed name, or when it is an address in a listed range — for a name that is not listed,
 * every address it resolves to, checked again at every connection (`lookup`), so a name
 * that later resolves elsewhere (DNS rebinding) is not followed.
 *
 * The default is the console's own machine and the cluster it talks to: 127.0.0.0/8, ::1,
 * localhost, and the API server's host.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

export const loopbackScrapeAllow = ['127.0.0.0/8', '::1', 'localhost'] as const;

/** The default list: loopback, and the host of the API server the console talks to. */
export function defaultScrapeAllow(apiServer: string | undefined): string[] {
  const host = apiServer ? bareHost(new URL(apiServer).hostname) : undefined;
  return [...new Set([...loopbackScrapeAllow, ...(host ? [host] : [])])];
}

function bareHost(hostname: string): string {
  return hostname
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
}

/** `::ffff:10.0.0.1` is 10.0.0.1. */
function plainAddress(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return { address: mapped[1]!, family: 'ipv4' };
  return { address, family: isIP(address) === 6 ? 'ipv6' : 'ipv4' };
}

export class ScrapeAllowList {
  readonly entries: readonly string[];
  readonly #ranges = new BlockList();
  readonly #names = new Set<string>();
  readonly #domains: string[] = [];

  /** Throws an Error naming an entry that is none of a CIDR, an address, a name or `*.domain`. */
  constructor(entries: readonly string[]) {
    this.entries = entries;
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      const [net, bits, extra] = entry.split('/');
      const family = isIP(net ?? '');
      if (family && bits === undefined) this.#ranges.addAddress(net!, family === 4 ? 'ipv4' : 'ipv6');
      else if (family && extra === undefined && /^\d{1,3}$/.test(bits!) && Number(bits) <= (family === 4 ? 32 : 128))
        this.#ranges.addSubnet(net!, Number(bits), family === 4 ? 'ipv4' : 'ipv6');
      else if (/^\*\.([a-z0-9-]+\.)*[a-z0-9-]+$/.test(entry)) this.#domains.push(entry.slice(1));
      else if (/^([a-z0-9-]+\.)*[a-z0-9-]+$/.test(entry)) this.#names.add(entry);
      else throw new Error(`invalid --scrape-allow "${raw}": a CIDR (10.0.0.0/8), an address, a host name, or *.domain`);
    }
  }

  allowsAddress(address: string): boolean {
    const plain = plainAddress(address);
    return this.#ranges.check(plain.address, plain.family);
  }

  /** True when the name itself is listed (no lookup needed). */
  allowsName(hostname: string): boolean {
    const host = bareHost(hostname);
    return this.#names.has(host) || this.#domains.some((d) => host.endsWith(d));
  }

  /** Why `url` may not be scraped, or undefined when it may: a listed name, or every address it has is in a listed range. */
  async refusal(url: URL): Promise<string | undefined> {
    const host = bareHost(url.hostname);
    if (isIP(host)) return this.allowsAddress(host) ? undefined : `${host} is not in`;
    if (this.allowsName(host)) return undefined;
    let addresses: LookupAddress[];
    try {
      addresses = await new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(host, { all: true }, (err, found) => (err ? reject(err) : resolve(found))));
    } catch {
      return `${host} does not resolve, and is not in`;
    }
    const outside = addresses.find((a) => !this.allowsAddress(a.address));
    return outside ? `${host} resolves to ${outside.address}, which is not in` : undefined;
  }

  /**
   * A `lookup` for net.connect that only answers addresses in the list (a listed name is
   * looked up as usual): what a connection of a target added in the console goes through.
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const usable = this.allowsName(hostname) ? addresses : addresses.filter((a) => this.allowsAddress(a.address));
      if (!usable.length) return callback(Object.assign(new Error(`${hostname} resolves to no address --scrape-allow allows`), { code: 'ENOTALLOWED' }), '');
      if (options.all) callback(null, usable);
      else callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
