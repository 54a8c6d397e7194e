import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireToolchain } from './find-toolchain.ts';
import { pythonVenv } from './python-venv.ts';

const python = requireToolchain('python3', 'toolchains: python venvs');
const cache = mkdtempSync(join(tmpdir(), 'dojo-venvs-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

describe.skipIf(!python)('pythonVenv', () => {
  it('installs the pinned packages once and reuses the venv for the same pins', async () => {
    process.env.DOJO_TOOLCHAIN_CACHE = cache;
    try {
      const venv = await pythonVenv('iso', ['iso8601==2.1.0']);
      expect(venv.dir.startsWith(cache)).toBe(true);
      expect(execFileSync(venv.python, ['-c', 'import iso8601; print(iso8601.parse_date("2026-01-02T03:04:05Z").year)'], { encoding: 'utf8' })).toBe('2026\n');
      expect(await pythonVenv('iso', ['iso8601==2.1.0'])).toEqual(venv);
      // Nothing half-built is left beside it.
      expect(readdirSync(join(cache, 'python', 'venv'))).toEqual([venv.dir.split('/').pop()]);
    } finally {
      delete process.env.DOJO_TOOLCHAIN_CACHE;
    }
  }, 180_000);

  it('refuses a requirement that is not pinned to one version', async () => {
    await expect(pythonVenv('loose', ['iso8601>=2'])).rejects.toThrow('not pinned: iso8601>=2');
  });
});
