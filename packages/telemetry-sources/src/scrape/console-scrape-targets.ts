/**
 * The targets a person adds and removes while the console runs (the "Add metrics endpoint"
 * dialog, `POST`/`DELETE /api/scrape/targets`), on top of the `--scrape` flags: each is scraped
 * at once and then every interval, and kept in `<data-dir>/scrape-targets.json` so a restart
 * scrapes it again. A flag's target is not removed here: it would come back at the next start.
 * Only hosts of the allow-list (`--scrape-allow`) are accepted; a saved target outside it (the
 * list changed) is skipped with a warning.
 */
import type { ScrapeSnapshot, ScrapeTargetStatus } from '@dojo/console-protocol';
import { isIP } from 'node:net';
import { newAlreadyExists, newBadRequest, newConflict, newNotFound, StatusError } from '@dojo/kube-api';
import type { ScrapeTargetSpec } from './scrape-spec.ts';
import { decodeScrapeTargetRequest } from './scrape-target-request.ts';
import type { Scraper } from './scraper.ts';
import type { ScrapeTargetsFile } from './scrape-targets-file.ts';

const scrapeTargets = { group: 'console', resource: 'scrapetargets' };

/** What the routes need; a console without live scraping (a recording) has only `snapshot`. */
export interface ScrapeControl {
  snapshot(): ScrapeSnapshot;
  add?(spec: ScrapeTargetSpec): Promise<ScrapeTargetStatus>;
  remove?(name: string): Promise<void>;
}

export class ConsoleScrapeTargets implements ScrapeControl {
  readonly #scraper: Scraper;
  readonly #file: ScrapeTargetsFile;
  readonly #added = new Map<string, ScrapeTargetSpec>();

  /** Adds the saved targets to the scraper; one whose name a `--scrape` flag took is skipped, with a warning. */
  constructor(scraper: Scraper, file: ScrapeTargetsFile, warn: (message: string) => void) {
    this.#scraper = scraper;
    this.#file = file;
    for (const saved of file.load(warn)) {
      // Read back through the route's own checks: the file holds only what the dialog may add.
      let spec: ScrapeTargetSpec;
      try {
        spec = decodeScrapeTargetRequest({
          name: saved.name,
          url: saved.url,
          bearerToken: saved.bearerToken,
          ca: saved.ca,
          insecureSkipVerify: saved.insecureSkipVerify,
        });
      } catch (err) {
        warn(`the saved scrape target "${saved.name}" is skipped: ${err instanceof StatusError ? err.status.message : String(err)}`);
        continue;
      }
      const host = new URL(spec.url).hostname.replace(/^\[(.*)\]$/, '$1');
      // A name is checked where it is resolved, at every connection; an address here.
      if (scraper.allow && isIP(host) && !scraper.allow.allowsAddress(host)) {
        warn(`the saved scrape target "${spec.name}" is skipped: ${host} is not in --scrape-allow (${scraper.allow.entries.join(', ')})`);
        continue;
      }
      if (scraper.get(spec.name)) {
        warn(`the scrape target "${spec.name}" added in the console is shadowed by --scrape ${spec.name}=…; the flag's is scraped`);
        continue;
      }
      scraper.add(spec, 'console');
      this.#added.set(spec.name, spec);
    }
  }

  snapshot(): ScrapeSnapshot {
    return this.#scraper.snapshot();
  }

  async add(spec: ScrapeTargetSpec): Promise<ScrapeTargetStatus> {
    const allow = this.#scraper.allow;
    const refusal = allow ? await allow.refusal(new URL(spec.url)) : undefined;
    if (refusal)
      throw newBadRequest(
        `${refusal} --scrape-allow (${allow!.entries.join(', ')}), the hosts a target added in the console may have: start the console with --scrape-allow to allow more`,
      );
    if (this.#scraper.get(spec.name)) throw newAlreadyExists(scrapeTargets, spec.name);
    this.#scraper.add(spec, 'console');
    this.#added.set(spec.name, spec);
    this.#file.save([...this.#added.values()]);
    const target = this.#scraper.get(spec.name)!;
    // Scraped now rather than at the next round, so its cards show up while the dialog closes.
    void target.scrape();
    return target.status();
  }

  async remove(name: string): Promise<void> {
    if (!this.#scraper.get(name)) throw newNotFound(scrapeTargets, name);
    if (!this.#added.has(name)) throw newConflict(scrapeTargets, name, 'it was given with --scrape: restart the console without that flag to stop scraping it');
    this.#added.delete(name);
    this.#file.save([...this.#added.values()]);
    await this.#scraper.remove(name);
  }
}
