/**
 * Rust programs of ours for the tests (e.g. examples/operators/rust-configmap-generator, a
 * kube-rs operator): a crate kept in the repository with its Cargo.lock, built once into the
 * cache with `cargo build --release --locked`.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { toolchainCacheDir } from './cache-dir.ts';
import { runLogged } from './run.ts';

export interface CargoBuildOptions {
  /** Extra arguments to `cargo build` (e.g. `['--features', 'x']`); part of the cache key. */
  args?: string[];
  timeoutMs?: number;
}

/** Every file of a crate that changes what it builds, in a stable order (never `target/`). */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d).sort()) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) {
        if (entry !== 'target' && !entry.startsWith('.')) walk(path);
      } else if (/\.rs$|^Cargo\.(toml|lock)$|^build\.rs$/.test(entry)) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/**
 * The path of `binName` built from the crate in `crateDir`, keyed by its sources (an edit
 * rebuilds it, an unchanged crate is reused without running cargo). `--locked`: the committed
 * Cargo.lock is what is built, never a fresh resolution. The target directory is one per crate
 * in the cache and is kept, so a rebuild after an edit recompiles only the crate itself, not
 * kube, tokio and OpenTelemetry again; cargo's own lock serialises two builds of one crate.
 */
export async function cargoBuild(crateDir: string, binName: string, options: CargoBuildOptions = {}): Promise<string> {
  const args = options.args ?? [];
  const hash = createHash('sha256');
  for (const file of sourceFiles(crateDir)) hash.update(relative(crateDir, file)).update('\0').update(readFileSync(file)).update('\0');
  hash.update(args.join('\0'));
  const target = join(toolchainCacheDir('cargo', 'bin'), `${binName}-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(target)) return target;
  const targetDir = toolchainCacheDir('cargo', 'target', basename(crateDir));
  await runLogged('cargo', ['build', '--release', '--locked', '--bin', binName, ...args], {
    cwd: crateDir,
    env: { CARGO_TARGET_DIR: targetDir },
    nice: true,
    timeoutMs: options.timeoutMs ?? 40 * 60_000,
  });
  // Copied beside, then renamed into place: nobody runs half a binary, and the next build into
  // the shared target directory cannot change a binary a test is running.
  const scratch = `${target}.building-${process.pid}-${Math.random().toString(36).slice(2)}`;
  copyFileSync(join(targetDir, 'release', binName), scratch);
  renameSync(scratch, target);
  return target;
}
