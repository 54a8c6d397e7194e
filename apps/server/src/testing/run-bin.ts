/**
 * The `dojo-console` bin (package.json's `bin`), run as a person runs it: in its own process,
 * with its output and exit status. Tests of a subcommand (`client`, `webhook`) use it for what
 * only the process shows: the exit status of a usage error, what reaches stdout and stderr.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../../', import.meta.url));
const bin = join(serverRoot, (JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['dojo-console']!);

export interface BinResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `dojo-console SUBCOMMAND ...args`, in its own process, once it exits. */
export function runBin(subcommand: string, args: readonly string[]): Promise<BinResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, subcommand, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
