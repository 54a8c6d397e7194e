/**
 * The source distribution of a pinned PyPI package, unpacked in the cache: what a project ships
 * beside its code (kopf's `examples/` with their CRD), read unmodified by the tests.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { toolchainCacheDir } from './cache-dir.ts';
import { runLogged } from './run.ts';

/** The unpacked `package==version` sdist's top folder (e.g. `.../kopf-1.45.2`), downloaded with `python -m pip download` on first use. */
export async function pythonSdist(python: string, pkg: string, version: string): Promise<string> {
  const dir = join(toolchainCacheDir('python', 'sdist'), `${pkg}-${version}`);
  if (existsSync(dir)) return dir;
  const scratch = `${dir}.building-${process.pid}-${Math.random().toString(36).slice(2)}`;
  mkdirSync(scratch);
  try {
    await runLogged(
      python,
      ['-m', 'pip', 'download', '--disable-pip-version-check', '--no-input', '--no-deps', '--no-binary', ':all:', '--dest', scratch, `${pkg}==${version}`],
      {
        env: { PIP_CONFIG_FILE: '/dev/null' },
      },
    );
    const archive = readdirSync(scratch).find((f) => f.endsWith('.tar.gz'));
    if (!archive) throw new Error(`pip download ${pkg}==${version} gave no .tar.gz source distribution`);
    await runLogged('tar', ['-xzf', archive, '--strip-components=1', '--exclude=*.tar.gz'], { cwd: scratch });
    rmSync(join(scratch, archive));
    try {
      renameSync(scratch, dir);
    } catch (err) {
      if (!existsSync(dir)) throw err;
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  return dir;
}
