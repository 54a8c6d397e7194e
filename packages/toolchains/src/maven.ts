/**
 * Java programs for the tests: a Maven project of ours kept in the repository (its pom.xml with
 * exact versions and its src/), packaged once into the cache and run with `java -jar`.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { toolchainCacheDir } from './cache-dir.ts';
import { runLogged } from './run.ts';

export interface MavenPackageOptions {
  timeoutMs?: number;
}

/** How to start a packaged program: `command args...` (e.g. `java -jar <cache>/.../app.jar`). */
export interface JavaCommand {
  command: 'java';
  args: string[];
  /** The packaged jar; its manifest's Class-Path names the dependencies beside it in lib/. */
  jar: string;
}

/** Every file of a Maven project that changes what it builds, in a stable order: the POM and src/. */
function sourceFiles(projectDir: string): string[] {
  const out = [join(projectDir, 'pom.xml')];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d).sort()) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  if (existsSync(join(projectDir, 'src'))) walk(join(projectDir, 'src'));
  return out;
}

/** The jar `mvn package` left in `target/` (the project's finalName), not a sources or tests jar. */
function packagedJar(buildDir: string): string {
  const jars = readdirSync(join(buildDir, 'target')).filter((f) => f.endsWith('.jar') && !/-(sources|javadoc|tests)\.jar$/.test(f));
  if (jars.length !== 1) throw new Error(`mvn package in ${buildDir} left ${jars.length} jars in target/ (${jars.join(', ')}); expected one`);
  return join(buildDir, 'target', jars[0]!);
}

/**
 * Our own Maven project in `projectDir`, copied into the cache and packaged there with
 * `mvn -q -B package` (its dependencies downloaded into the cache's own local repository, never
 * ~/.m2), under a name keyed by its sources: an edit rebuilds it, an unchanged project is reused.
 * The repository's tree is never written to. The project must leave one runnable jar in target/
 * whose manifest names its main class and a Class-Path (e.g. lib/ from copy-dependencies).
 */
export async function mavenPackage(projectDir: string, name: string, options: MavenPackageOptions = {}): Promise<JavaCommand> {
  const hash = createHash('sha256');
  for (const file of sourceFiles(projectDir)) hash.update(relative(projectDir, file)).update('\0').update(readFileSync(file)).update('\0');
  const target = join(toolchainCacheDir('maven', 'build'), `${name}-${hash.digest('hex').slice(0, 16)}`);
  const command = (dir: string): JavaCommand => {
    const jar = packagedJar(dir);
    return { command: 'java', args: ['-jar', jar], jar };
  };
  if (existsSync(target)) return command(target);
  const scratch = `${target}.building-${process.pid}-${Math.random().toString(36).slice(2)}`;
  try {
    cpSync(join(projectDir, 'pom.xml'), join(scratch, 'pom.xml'));
    cpSync(join(projectDir, 'src'), join(scratch, 'src'), { recursive: true });
    const repository = toolchainCacheDir('maven', 'repository');
    await runLogged('mvn', ['-q', '-B', `-Dmaven.repo.local=${repository}`, 'package'], { cwd: scratch, nice: true, timeoutMs: options.timeoutMs });
    packagedJar(scratch);
    // A directory lands in one rename; if another build of the same sources landed first, keep that one.
    try {
      renameSync(scratch, target);
    } catch (err) {
      if (!existsSync(target)) throw err;
    }
    return command(target);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
