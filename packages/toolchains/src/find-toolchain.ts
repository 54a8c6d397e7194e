/** Finding a language's toolchain, and saying in one line what to install when it is missing. */
import { spawnSync } from 'node:child_process';

export type ToolchainName = 'go' | 'cargo' | 'mvn' | 'java' | 'python3';

export interface Toolchain {
  name: ToolchainName;
  /** The command, as found on PATH. */
  command: string;
  /** The first line the toolchain prints of its own version. */
  version: string;
}

const versionArgs: Record<ToolchainName, string[]> = {
  go: ['version'],
  cargo: ['--version'],
  mvn: ['--version'],
  java: ['-version'],
  python3: ['--version'],
};

const installHint: Record<ToolchainName, string> = {
  go: 'install Go 1.26 or newer (https://go.dev/doc/install) with the Go module proxy reachable',
  cargo: 'install Rust 1.90 or newer with cargo (rustup) and crates.io reachable',
  mvn: 'install Apache Maven 3.8+ with Maven Central reachable',
  java: 'install a JDK 17 or newer',
  python3: 'install Python 3.10 or newer with pip and PyPI reachable',
};

const found = new Map<ToolchainName, Toolchain | undefined>();

export function findToolchain(name: ToolchainName): Toolchain | undefined {
  if (found.has(name)) return found.get(name);
  const probe = spawnSync(name, versionArgs[name], { encoding: 'utf8', timeout: 60_000 });
  // `java -version` prints on stderr; the others on stdout.
  const text = `${probe.stdout ?? ''}${probe.stderr ?? ''}`.trim();
  const toolchain = probe.status === 0 ? { name, command: name, version: text.split('\n')[0] ?? '' } : undefined;
  found.set(name, toolchain);
  return toolchain;
}

/**
 * The toolchain `suite` needs, or undefined after one line saying what to install (the caller
 * skips). Under `CI=true` a missing toolchain throws instead: CI never skips a suite.
 */
export function requireToolchain(name: ToolchainName, suite: string): Toolchain | undefined {
  const toolchain = findToolchain(name);
  if (toolchain) return toolchain;
  const line = `[${suite}] skipped: \`${name}\` not found; ${installHint[name]}`;
  if (process.env.CI === 'true') throw new Error(`${line} — and CI=true, where no suite may skip`);
  console.warn(line);
  return undefined;
}
