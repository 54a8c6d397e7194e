import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const entry = fileURLToPath(new URL('./index.ts', import.meta.url));

/** Asks for a toolchain in a child whose PATH has nothing on it. */
function requireWithEmptyPath(ci: string | undefined) {
  const script = `import { requireToolchain } from ${JSON.stringify(entry)}; console.log('result:', requireToolchain('cargo', 'some suite') === undefined ? 'skip' : 'found');`;
  return spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    env: { ...process.env, PATH: '/nonexistent', CI: ci },
  });
}

describe('requireToolchain', () => {
  it('skips with one line naming what to install when the toolchain is missing', () => {
    const child = requireWithEmptyPath('false');
    expect(child.stdout).toContain('result: skip');
    expect(child.stderr.trim().split('\n')).toEqual([
      '[some suite] skipped: `cargo` not found; install Rust 1.90 or newer with cargo (rustup) and crates.io reachable',
    ]);
  });

  it('fails instead of skipping under CI=true', () => {
    const child = requireWithEmptyPath('true');
    expect(child.status).not.toBe(0);
    expect(child.stderr).toContain('CI=true, where no suite may skip');
  });
});
