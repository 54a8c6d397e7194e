/**
 * The `dojo-console connect` line for this console, to run from any directory: with the
 * console's absolute data dir, since the default (./.dojo-console) is relative to where it runs
 * and elsewhere names no running server (the CLI then refuses).
 */

/** A path as one shell word (single quotes, when it needs any). */
export function shellWord(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

export function connectCommandLine(name: string, dataDir: string | undefined): string {
  return `npx dojo-console connect ${name}${dataDir ? ` --data-dir ${shellWord(dataDir)}` : ''}`;
}
