import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireToolchain } from './find-toolchain.ts';
import { goBuild } from './go.ts';

const go = requireToolchain('go', 'toolchains: go builds');
const work = mkdtempSync(join(tmpdir(), 'dojo-toolchains-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function writeProgram(dir: string, greeting: string): void {
  writeFileSync(join(dir, 'go.mod'), 'module example.com/hello\n\ngo 1.22\n');
  writeFileSync(join(dir, 'main.go'), `package main\n\nimport "fmt"\n\nfunc main() { fmt.Println(${JSON.stringify(greeting)}) }\n`);
}

describe.skipIf(!go)('goBuild', () => {
  it('builds a program once and reuses it until its sources change', async () => {
    const cache = join(work, 'cache');
    process.env.DOJO_TOOLCHAIN_CACHE = cache;
    const dir = mkdtempSync(join(work, 'hello-'));
    writeProgram(dir, 'hello');
    const first = await goBuild(dir, 'hello');
    expect(first.startsWith(cache)).toBe(true);
    expect(execFileSync(first, { encoding: 'utf8' })).toBe('hello\n');
    expect(await goBuild(dir, 'hello')).toBe(first);
    writeProgram(dir, 'changed');
    const second = await goBuild(dir, 'hello');
    expect(second).not.toBe(first);
    expect(execFileSync(second, { encoding: 'utf8' })).toBe('changed\n');
    delete process.env.DOJO_TOOLCHAIN_CACHE;
  }, 120_000);

  it('stamps -ldflags into the program, and builds it apart from one without them', async () => {
    const dir = mkdtempSync(join(work, 'stamped-'));
    writeFileSync(join(dir, 'go.mod'), 'module example.com/stamped\n\ngo 1.22\n');
    writeFileSync(join(dir, 'main.go'), 'package main\n\nimport "fmt"\n\nvar version = "unset"\n\nfunc main() { fmt.Println(version) }\n');
    const plain = await goBuild(dir, 'stamped');
    const stamped = await goBuild(dir, 'stamped', '.', { ldflags: '-s -w -X main.version=v1.37.2' });
    expect(stamped).not.toBe(plain);
    expect(execFileSync(plain, { encoding: 'utf8' })).toBe('unset\n');
    expect(execFileSync(stamped, { encoding: 'utf8' })).toBe('v1.37.2\n');
  }, 120_000);

  it('says why a build failed', async () => {
    const dir = mkdtempSync(join(work, 'broken-'));
    writeFileSync(join(dir, 'go.mod'), 'module example.com/broken\n\ngo 1.22\n');
    writeFileSync(join(dir, 'main.go'), 'package main\n\nfunc main() { undefinedThing() }\n');
    await expect(goBuild(dir, 'broken')).rejects.toThrow(/undefined: undefinedThing/);
  }, 120_000);
});
