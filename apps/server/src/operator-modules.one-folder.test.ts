/**
 * "Adding an operator with an external system is one folder plus one line": every operator
 * module's settings (its flags and their keys), its service slots and the simulators it starts
 * are named only inside its own folder — not in the server, not in the web, not in another
 * module — and its options reach `--help` through the registry. A module wired by hand
 * elsewhere fails here, naming the file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { operators } from '@dojo/operator';
import { usage } from './cli-usage.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const operatorSrc = join(repoRoot, 'packages/operator/src');

/**
 * Known, named leftovers (file → the names it may use, and why). Keep this short: each entry is
 * a module wired by hand.
 */
const allowed: Record<string, readonly string[]> = {
  // The package's public API re-exports each slot, so tests elsewhere can read a simulator's state.
  'packages/operator/src/index.ts': ['kafkaBrokerService', 'discordSimulatorService'],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !file.split(sep).includes('testing'));
}

/** The folder a module is declared in; the Dojo operator's is the package's own src, examples/ excepted. */
function folderOf(moduleName: string): { dir: string; owns(file: string): boolean } {
  const declaring = sourceFiles(operatorSrc).find((file) => {
    const text = readFileSync(file, 'utf8');
    return text.includes(`name: '${moduleName}'`) && text.includes('satisfies OperatorModule');
  });
  expect(declaring, `the file declaring operator module "${moduleName}"`).toBeDefined();
  const dir = dirname(declaring!);
  if (dir === operatorSrc) return { dir, owns: (file) => file.startsWith(operatorSrc + sep) && !file.startsWith(join(operatorSrc, 'examples') + sep) };
  return { dir, owns: (file) => file.startsWith(dir + sep) };
}

/** What only a module may name: its flags and their keys, its slots (identifier and name), the simulators it starts. */
function namesOf(module: (typeof operators)[number], owned: string[]): string[] {
  const names = (module.options ?? []).flatMap((o) => [`--${o.flag}`, o.key]);
  for (const file of owned) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/export const (\w+) = new ServiceSlot<[^>]+>\('([^']+)'\)/g)) names.push(m[1]!, `'${m[2]}'`);
    for (const m of text.matchAll(/\b(start\w*Simulator)\(/g)) names.push(m[1]!);
  }
  return [...new Set(names)];
}

const everywhere = [...sourceFiles(join(repoRoot, 'apps/server/src')), ...sourceFiles(join(repoRoot, 'apps/web/src')), ...sourceFiles(operatorSrc)];

describe('an operator module is one folder plus one line', () => {
  for (const module of operators) {
    it(`names ${module.name}'s settings, slots and simulators only inside its folder`, () => {
      const folder = folderOf(module.name);
      const owned = everywhere.filter((file) => folder.owns(file));
      const names = namesOf(module, owned);
      const leaks: string[] = [];
      for (const file of everywhere) {
        if (folder.owns(file)) continue;
        const path = relative(repoRoot, file);
        const text = readFileSync(file, 'utf8');
        for (const name of names) if (text.includes(name) && !allowed[path]?.includes(name)) leaks.push(`${path} names ${name}`);
      }
      expect(leaks).toEqual([]);
    });
  }

  it('finds the names it guards (a module with a simulator declares a slot and a flag)', () => {
    const kafka = operators.find((m) => m.name === 'kafkatopic')!;
    const folder = folderOf('kafkatopic');
    expect(
      namesOf(
        kafka,
        everywhere.filter((file) => folder.owns(file)),
      ),
    ).toEqual(expect.arrayContaining(['--kafka-url', 'kafkaUrl', 'kafkaBrokerService', "'kafka-broker'", 'startKafkaBrokerSimulator']));
  });

  it("shows every module's options in --help", () => {
    for (const module of operators)
      for (const option of module.options ?? []) expect(usage).toMatch(new RegExp(`^ {2}--${option.flag} ${option.value ?? ''}`, 'm'));
  });
});
