import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../testing/rendered-base.ts';
import { keepPackages, packageClosure } from './keep-packages.ts';

function fakeTree(packages: Record<string, { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> }>): string {
  const root = mkdtempSync(join(tmpdir(), 'keep-packages-'));
  for (const [dir, manifest] of Object.entries(packages)) {
    mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, dir, 'package.json'), JSON.stringify(manifest));
  }
  return root;
}

describe('packageClosure', () => {
  it('follows dependencies the way Node resolves them: a nested copy before the hoisted one', () => {
    const root = fakeTree({
      'node_modules/runner': { dependencies: { compiler: '1', maps: '2' } },
      'node_modules/runner/node_modules/maps': {},
      'node_modules/maps': {},
      'node_modules/compiler': { optionalDependencies: { '@compiler/linux-x64': '1', '@compiler/darwin-arm64': '1' } },
      'node_modules/@compiler/linux-x64': {},
      'node_modules/unrelated': {},
    });
    expect(packageClosure(root, ['runner'])).toEqual([
      'node_modules/@compiler/linux-x64',
      'node_modules/compiler',
      'node_modules/runner',
      'node_modules/runner/node_modules/maps',
    ]);
  });

  it('fails on a missing required dependency, naming who needs it', () => {
    const root = fakeTree({ 'node_modules/runner': { dependencies: { gone: '1' } } });
    expect(() => packageClosure(root, ['runner'])).toThrow(/gone \(needed by runner\) is not installed/);
  });

  it("keeps tsx and its compiler from this repository's node_modules, as the image build does", () => {
    const kept = packageClosure(repoRoot, ['tsx']);
    expect(kept).toEqual(expect.arrayContaining(['node_modules/tsx', 'node_modules/esbuild']));
    expect(kept.some((dir) => dir.startsWith('node_modules/@esbuild/'))).toBe(true);
  });
});

describe('keepPackages', () => {
  it('copies the closure to the destination with the same relative paths', () => {
    const root = fakeTree({ 'node_modules/runner': { dependencies: { compiler: '1' } }, 'node_modules/compiler': {} });
    const destination = mkdtempSync(join(tmpdir(), 'keep-packages-out-'));
    keepPackages(root, destination, ['runner']);
    expect(existsSync(join(destination, 'node_modules/runner/package.json'))).toBe(true);
    expect(existsSync(join(destination, 'node_modules/compiler/package.json'))).toBe(true);
  });
});
