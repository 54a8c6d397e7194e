import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { heapGrowingPercent } from './heap-growth.ts';

const module = fileURLToPath(new URL('./heap-growth.ts', import.meta.url));

/** The growing factors V8 reports after full collections in a child that keeps 20 MB live and churns garbage. */
function factorsAfterFullGcs(): number[] {
  const script = `
    const { limitHeapGrowth } = await import(${JSON.stringify(module)});
    limitHeapGrowth();
    const live = []; for (let i = 0; i < 200_000; i++) live.push({ i, s: 'x' + i });
    globalThis.gc();
    let garbage; for (let i = 0; i < 2_000_000; i++) garbage = { i };
    globalThis.gc();`;
  const child = spawnSync(process.execPath, ['--expose-gc', '--trace-gc-verbose', '--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  expect(child.status).toBe(0);
  return [...child.stdout.matchAll(/\[HeapController\] Limit: old size: \d+ KB, new limit: \d+ KB \(([\d.]+)\)/g)].map((m) => Number(m[1]));
}

describe('the console heap growth limit', () => {
  // V8 alone picks up to 4x on this machine.
  it(`lets the old generation grow to ${1 + heapGrowingPercent / 100}x what a full collection kept`, () => {
    const factors = factorsAfterFullGcs();
    expect(factors.length).toBeGreaterThan(0);
    for (const factor of factors) expect(factor).toBe(1 + heapGrowingPercent / 100);
  });
});
