/**
 * `<data-dir>/scrape-targets.json`: the targets added while the console ran, so a restart
 * scrapes them again. Mode 0600 and written through a temp file and a rename: it may hold
 * bearer tokens, and a crash never leaves half of it. A file that does not parse is reported
 * and set aside (renamed `.bad`), never silently overwritten.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScrapeTargetSpec } from './scrape-spec.ts';

const fileName = 'scrape-targets.json';

interface TargetsFile {
  readonly version: 1;
  readonly targets: readonly ScrapeTargetSpec[];
}

function isSpec(v: unknown): v is ScrapeTargetSpec {
  if (v === null || typeof v !== 'object') return false;
  const s = v as Record<string, unknown>;
  return typeof s.name === 'string' && typeof s.url === 'string';
}

export class ScrapeTargetsFile {
  readonly path: string;

  constructor(dataDir: string) {
    this.path = join(dataDir, fileName);
  }

  /** The saved targets; `warn` hears why a file was set aside. */
  load(warn: (message: string) => void): ScrapeTargetSpec[] {
    if (!existsSync(this.path)) return [];
    try {
      const parsed = JSON.parse(readFileSync(this.path, 'utf8')) as Partial<TargetsFile>;
      if (parsed.version !== 1 || !Array.isArray(parsed.targets) || !parsed.targets.every(isSpec)) throw new Error('not a version 1 list of targets');
      return [...parsed.targets];
    } catch (err) {
      renameSync(this.path, `${this.path}.bad`);
      warn(`${this.path} could not be read (${(err as Error).message}); set aside as ${fileName}.bad, the targets added in the console are not scraped`);
      return [];
    }
  }

  save(targets: readonly ScrapeTargetSpec[]): void {
    const tmp = `${this.path}.tmp`;
    writeFileSync(tmp, `${JSON.stringify({ version: 1, targets } satisfies TargetsFile, null, 2)}\n`, { mode: 0o600 });
    renameSync(tmp, this.path);
  }
}
