/**
 * How a CLI process finds the running console of a data dir: the console writes
 * `<dataDir>/console-endpoint.json` ({url, pid}, mode 0600) once it listens and removes it when
 * it stops; the CLI reads it and authenticates with the data dir's console token
 * (`<dataDir>/console-token`), as the browser does. A file left by a console that was killed
 * names a port where nothing listens (or another process): the CLI says so instead of guessing.
 */
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ConsoleEndpoint {
  /** The console's base URL, ending in "/". */
  url: string;
  pid: number;
}

const endpointFile = (dataDir: string): string => join(dataDir, 'console-endpoint.json');

export function writeConsoleEndpoint(dataDir: string, url: string): void {
  const path = endpointFile(dataDir);
  writeFileSync(`${path}.tmp`, `${JSON.stringify({ url, pid: process.pid } satisfies ConsoleEndpoint)}\n`, { mode: 0o600 });
  renameSync(`${path}.tmp`, path);
}

/** Removes the file if it is still this process's (a newer console on the data dir keeps its own). */
export function removeConsoleEndpoint(dataDir: string): void {
  const found = readEndpointFile(dataDir);
  if (found?.pid === process.pid) rmSync(endpointFile(dataDir), { force: true });
}

function readEndpointFile(dataDir: string): ConsoleEndpoint | undefined {
  try {
    const parsed = JSON.parse(readFileSync(endpointFile(dataDir), 'utf8')) as Partial<ConsoleEndpoint>;
    return typeof parsed.url === 'string' && typeof parsed.pid === 'number' ? { url: parsed.url, pid: parsed.pid } : undefined;
  } catch {
    return undefined;
  }
}

/** The running console of `dataDir` and its token, or why there is none. */
export function findConsole(dataDir: string): { url: string; token: string } | { missing: string } {
  const endpoint = readEndpointFile(dataDir);
  if (!endpoint)
    return { missing: `no console of ${dataDir} is running (${endpointFile(dataDir)} is absent: start one with dojo-console up --data-dir ${dataDir})` };
  // A console started with --token (or DOJO_CONSOLE_TOKEN) keeps no token file: the same variable serves here.
  const given = process.env.DOJO_CONSOLE_TOKEN;
  if (given) return { url: endpoint.url, token: given };
  const tokenPath = join(dataDir, 'console-token');
  if (!existsSync(tokenPath)) return { missing: `${tokenPath} is absent (a console started with --token keeps none: set DOJO_CONSOLE_TOKEN)` };
  return { url: endpoint.url, token: readFileSync(tokenPath, 'utf8').trim() };
}
