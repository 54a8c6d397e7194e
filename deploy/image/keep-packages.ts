/**
 * Copies installed packages, with every package they need at run time, out of a node_modules
 * tree, so that they survive `npm prune --omit=dev` and can be copied back afterwards.
 *
 *   node --import tsx deploy/image/keep-packages.ts /tmp/keep tsx
 *   npm prune --omit=dev
 *   cp -a /tmp/keep/node_modules/. node_modules/
 *
 * Why: the image runs the TypeScript sources with `node --import tsx`, but tsx is a root
 * devDependency. Once tsx is a dependency of apps/server, prune keeps it and this goes.
 *
 * Promises:
 * - A dependency is found the way Node finds it: in the nearest node_modules at or above the
 *   package that needs it. Nested copies stay nested, hoisted ones stay hoisted.
 * - dependencies and optionalDependencies count; an optional one that is not installed (another
 *   platform's binary) is skipped, a missing required one is an error.
 * - Each package is copied once, whole (its own nested node_modules included).
 */
import { cpSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Manifest {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Where Node would find `name` when required from `fromDir`, below `root`. */
function locate(root: string, fromDir: string, name: string): string | undefined {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dir === root || !dir.startsWith(root + sep)) return undefined;
  }
}

/** The package directories (relative to `root`) that `names` need, themselves included. */
export function packageClosure(root: string, names: readonly string[]): string[] {
  const absoluteRoot = resolve(root);
  const found = new Set<string>();
  const visit = (fromDir: string, name: string, optional: boolean, neededBy: string): void => {
    const dir = locate(absoluteRoot, fromDir, name);
    if (!dir) {
      if (optional) return;
      throw new Error(`${name} (needed by ${neededBy}) is not installed under ${absoluteRoot}`);
    }
    if (found.has(dir)) return;
    found.add(dir);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
    for (const dep of Object.keys(manifest.dependencies ?? {})) visit(dir, dep, false, name);
    for (const dep of Object.keys(manifest.optionalDependencies ?? {})) visit(dir, dep, true, name);
  };
  for (const name of names) visit(absoluteRoot, name, false, 'the command line');
  return [...found].map((dir) => relative(absoluteRoot, dir)).sort();
}

/** Copies the closure of `names` from `root` into `destination`, keeping relative paths. */
export function keepPackages(root: string, destination: string, names: readonly string[]): string[] {
  const kept = packageClosure(root, names);
  for (const dir of kept) cpSync(join(root, dir), join(destination, dir), { recursive: true, verbatimSymlinks: true });
  return kept;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [destination, ...names] = process.argv.slice(2);
  if (!destination || names.length === 0) {
    process.stderr.write('usage: keep-packages.ts DESTINATION PACKAGE...\n');
    process.exit(2);
  }
  for (const dir of keepPackages(process.cwd(), destination, names)) process.stdout.write(`kept ${dir}\n`);
}
