/** This console's version (apps/server's package.json): `--version`, and a recording's `createdBy`. */
import { readFileSync } from 'node:fs';

let version: string | undefined;

export function consoleVersion(): string {
  version ??= (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return version;
}
