/**
 * Python programs for the tests (kopf and its examples): a virtualenv with exactly the pinned
 * packages pip installs from PyPI, created once in the cache under a name keyed by its
 * requirements and the interpreter, so changing a pin makes a new one and the same pins reuse it.
 */
import { createHash } from 'node:crypto';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { toolchainCacheDir } from './cache-dir.ts';
import { findToolchain } from './find-toolchain.ts';
import { runLogged } from './run.ts';

export interface PythonVenv {
  dir: string;
  /**
   * The venv's interpreter. Run its programs as `python -m kopf`, not `bin/kopf`: the venv is
   * built beside its final place and renamed into it (whole or not at all), and a console
   * script's `#!` line names the folder it was installed in.
   */
  python: string;
}

export interface PythonVenvOptions {
  timeoutMs?: number;
}

// `name==version` (with extras): a pin, so two machines install the same thing.
const pinned = /^[A-Za-z0-9][\w.-]*(\[[\w,.-]+\])?==[\w.!+-]+$/;

/**
 * A virtualenv named `name` holding `requirements` (every one `package==version`; list the
 * dependencies too, as `pip freeze` prints them, so nothing floats), created on first use.
 */
export async function pythonVenv(name: string, requirements: string[], options: PythonVenvOptions = {}): Promise<PythonVenv> {
  const unpinned = requirements.filter((r) => !pinned.test(r));
  if (unpinned.length > 0) throw new Error(`pythonVenv(${name}): pin every requirement as package==version; not pinned: ${unpinned.join(', ')}`);
  const interpreter = findToolchain('python3')?.version ?? 'python3';
  const key = createHash('sha256')
    .update(interpreter)
    .update('\0')
    .update([...requirements].sort().join('\n'))
    .digest('hex')
    .slice(0, 16);
  const dir = join(toolchainCacheDir('python', 'venv'), `${name}-${key}`);
  const python = join(dir, 'bin', 'python');
  if (existsSync(python)) return { dir, python };
  const scratch = `${dir}.building-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    await runLogged('python3', ['-m', 'venv', scratch], { timeoutMs: options.timeoutMs });
    await runLogged(
      join(scratch, 'bin', 'python'),
      ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--require-virtualenv', ...requirements],
      {
        // A user's pip configuration (an index, --user) must not change what the suite installs.
        env: { PIP_CONFIG_FILE: '/dev/null', PIP_USER: '0' },
        nice: true,
        timeoutMs: options.timeoutMs,
      },
    );
    try {
      renameSync(scratch, dir);
    } catch (err) {
      // Another process finished the same venv first; theirs is as good as ours.
      if (!existsSync(python)) throw err;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return { dir, python };
}
