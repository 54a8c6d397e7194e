/**
 * `--help` and the parser are one declaration (up-flags.ts plus every operator module's
 * `options`): help lists every flag `up` takes and nothing else, and a module's own settings
 * reach it through the parser.
 */
import { describe, expect, it } from 'vitest';
import { operators } from '@dojo/operator';
import { parseCli } from './cli-args.ts';
import { usage } from './cli-usage.ts';
import { upFlags } from './up-flags.ts';

/** The flags the "Flags for up:" section of `--help` names at the start of a line. */
function flagsInUpHelp(): string[] {
  const section = usage.slice(usage.indexOf('Flags for up:'), usage.indexOf('Flags for export:'));
  return [...section.matchAll(/^ {2}(?:-\w, )?--([a-z0-9-]+)/gm)].map((m) => m[1]!);
}

describe('dojo-console up --help', () => {
  it('lists every declared flag of up, in order, and nothing else', () => {
    expect(flagsInUpHelp()).toEqual(upFlags().map((f) => f.flag));
  });

  it("lists every operator module's own options, saying whose they are", () => {
    for (const module of operators) {
      for (const option of module.options ?? []) {
        expect(flagsInUpHelp()).toContain(option.flag);
        expect(usage.replace(/\s+/g, ' ')).toContain(`${option.help} (the ${module.name} operator)`);
      }
    }
  });

  it('accepts every declared flag, and each value flag keeps the value it was given', () => {
    for (const flag of upFlags()) {
      if (flag.flag === 'help' || flag.flag === 'version') continue;
      const args = flag.value === undefined ? [`--${flag.flag}`] : [`--${flag.flag}`, 'x'];
      try {
        parseCli(['up', ...args], {});
      } catch (err) {
        // A value may be refused (x is no port), a flag's needs may be missing (--context needs
        // --kubeconfig); what may never happen is parseArgs not knowing the flag.
        expect((err as Error).message, flag.flag).not.toMatch(/Unknown option/);
      }
    }
  });

  it("hands a module's option to that module alone, under the option's key", () => {
    const withOptions = operators.filter((m) => (m.options ?? []).length > 0);
    expect(withOptions.length).toBeGreaterThan(0);
    for (const module of withOptions) {
      const option = module.options![0]!;
      expect(parseCli(['up', `--${option.flag}`, 'http://elsewhere:1'], {})).toMatchObject({
        options: { operatorSettings: { [module.name]: { [option.key]: 'http://elsewhere:1' } } },
      });
    }
  });
});
