/** Tokens kept in the data dir: given (--token / DOJO_CONSOLE_TOKEN) or created once and kept (mode 0600). */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** `<dataDir>/<file>`'s token, created on first use; a given token wins and is not written. */
export function loadOrCreateToken(dataDir: string, file: string, given?: string): string {
  if (given) return given;
  const path = join(dataDir, file);
  if (existsSync(path)) return readFileSync(path, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const token = randomBytes(24).toString('base64url');
  writeFileSync(`${path}.tmp`, `${token}\n`, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
  return token;
}

export function loadOrCreateConsoleToken(dataDir: string, given?: string): string {
  return loadOrCreateToken(dataDir, 'console-token', given);
}
