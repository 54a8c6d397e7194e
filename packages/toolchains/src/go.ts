/**
 * Go programs for the tests: an upstream command at a pinned version (`go install
 * module/cmd@version`, e.g. k8s.io/sample-controller) or a program of ours kept in the
 * repository (its own go.mod and go.sum), both built once into the cache.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { toolchainCacheDir } from './cache-dir.ts';
import { runLogged } from './run.ts';

export interface GoBuildOptions {
  /** `GOTOOLCHAIN`, for a module that needs a newer Go than the installed one (e.g. `go1.27.3`). */
  goToolchain?: string;
  /**
   * `-ldflags` for `go build`, part of the cache key: e.g. `-X` to stamp the version a program
   * reports (kube-apiserver's /version comes from k8s.io/component-base/version's variables,
   * set this way in Kubernetes' own release builds) and `-s -w` to skip DWARF (a faster link).
   */
  ldflags?: string;
  /** Extra environment for the build (e.g. CGO_ENABLED). */
  env?: Record<string, string>;
  timeoutMs?: number;
}

function goEnv(options: GoBuildOptions): Record<string, string | undefined> {
  return {
    ...(options.goToolchain ? { GOTOOLCHAIN: options.goToolchain } : {}),
    // A user's GOFLAGS (e.g. -mod=vendor) must not change what the suite builds.
    GOFLAGS: '',
    ...options.env,
  };
}

/** Moves a finished build into place in one rename, so nobody ever runs half a binary. */
function publish(built: string, target: string): string {
  renameSync(built, target);
  return target;
}

/**
 * The name `go install` gives the binary of `pkg`: its last element, except that a major
 * version suffix (`sigs.k8s.io/kubebuilder/v4`) names the binary after the element before it.
 */
function binaryName(pkg: string): string {
  const elements = pkg.split('/');
  const last = elements.at(-1)!;
  return /^v\d+$/.test(last) && elements.length > 1 ? elements.at(-2)! : last;
}

const scratch = (target: string): string => `${target}.building-${process.pid}-${Math.random().toString(36).slice(2)}`;

/**
 * The binary of `pkg@version` (e.g. `k8s.io/sample-controller@v0.37.2`), built with
 * `go install` on first use. Returns its path.
 */
export async function goInstall(pkg: string, version: string, options: GoBuildOptions = {}): Promise<string> {
  const dir = toolchainCacheDir('go', 'bin', `${pkg.replace(/[^\w.-]+/g, '_')}@${version}${options.goToolchain ? `-${options.goToolchain}` : ''}`);
  const target = join(dir, binaryName(pkg));
  if (existsSync(target)) return target;
  const gobin = scratch(target);
  await runLogged('go', ['install', `${pkg}@${version}`], { env: { ...goEnv(options), GOBIN: gobin }, nice: true, timeoutMs: options.timeoutMs });
  try {
    return publish(join(gobin, binaryName(pkg)), target);
  } finally {
    rmSync(gobin, { recursive: true, force: true });
  }
}

/** Every file of a Go module directory that changes what it builds, in a stable order. */
function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d).sort()) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.(go|mod|sum)$/.test(entry)) out.push(path);
    }
  };
  walk(dir);
  return out;
}

/**
 * Our own Go program in `moduleDir` (committed with its go.mod and go.sum), built with
 * `go build` into the cache under a name keyed by its sources, so an edit rebuilds it and an
 * unchanged program is reused. `pkg` is the package path inside the module (default `.`).
 */
export async function goBuild(moduleDir: string, name: string, pkg = '.', options: GoBuildOptions = {}): Promise<string> {
  const hash = createHash('sha256');
  for (const file of sourceFiles(moduleDir)) hash.update(relative(moduleDir, file)).update('\0').update(readFileSync(file)).update('\0');
  hash
    .update(options.goToolchain ?? '')
    .update('\0')
    .update(options.ldflags ?? '');
  const target = join(toolchainCacheDir('go', 'build'), `${name}-${hash.digest('hex').slice(0, 16)}`);
  if (existsSync(target)) return target;
  const out = scratch(target);
  const ldflags = options.ldflags ? ['-ldflags', options.ldflags] : [];
  await runLogged('go', ['build', ...ldflags, '-o', out, pkg], { cwd: moduleDir, env: goEnv(options), nice: true, timeoutMs: options.timeoutMs });
  return publish(out, target);
}
