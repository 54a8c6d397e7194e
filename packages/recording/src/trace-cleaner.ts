/**
 * What a record must lose before it leaves in a recording: Secret values (wherever a Secret
 * object appears in it, not only in the versions stream, which never stores them; and the
 * values themselves wherever they appear, secret-values.ts), the console's
 * credentials (its token, the embedded API server's, any other token file in the data
 * directory) and the data directory's absolute path. A recording is made to be shared.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { redactedValue, redactSecretsDeep } from '@dojo/console-live';
import { minScrubbed } from './secret-values.ts';

const smallFile = 4096;

/** The credentials kept in a data directory: every small file whose name says token, line by line. */
export function credentialsIn(dataDir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dataDir);
  } catch {
    return [];
  }
  const found = new Set<string>();
  for (const name of names.filter((n) => /token/i.test(n))) {
    const path = join(dataDir, name);
    try {
      if (!statSync(path).isFile() || statSync(path).size > smallFile) continue;
      for (const line of readFileSync(path, 'utf8').split('\n')) if (line.trim().length >= minScrubbed) found.add(line.trim());
    } catch {
      continue;
    }
  }
  return [...found];
}

/**
 * A cleaner for `writeTrace`: `secrets` are replaced wherever they appear (longest first), then
 * the values `ledger` remembers (what Secrets held before), and `dataDir` by "<data-dir>".
 */
export function traceCleaner(dataDir: string, secrets: readonly string[], ledger?: { scrub(text: string): string }): (body: string) => string {
  // Each as it appears inside a JSON string too, where quotes and backslashes are escaped.
  const forms = secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]);
  const scrubbed = [...new Set(forms.filter((s) => s.length >= minScrubbed))].sort((a, b) => b.length - a.length);
  const path = resolve(dataDir);
  return (body) => {
    let out = body;
    if (out.includes('"Secret"')) out = JSON.stringify(redactSecretsDeep(JSON.parse(out)));
    for (const secret of scrubbed) if (out.includes(secret)) out = out.replaceAll(secret, redactedValue);
    if (ledger) out = ledger.scrub(out);
    if (path.length > 1 && out.includes(path)) out = out.replaceAll(path, '<data-dir>');
    return out;
  };
}
