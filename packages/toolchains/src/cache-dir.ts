/** Where built programs live: outside the repository, kept between runs. */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * `$DOJO_TOOLCHAIN_CACHE`, else `$XDG_CACHE_HOME/dojo-console`, else `~/.cache/dojo-console`;
 * `parts` name a folder inside it, created on first use.
 */
export function toolchainCacheDir(...parts: string[]): string {
  const root = process.env.DOJO_TOOLCHAIN_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'dojo-console');
  const dir = join(root, ...parts);
  mkdirSync(dir, { recursive: true });
  return dir;
}
