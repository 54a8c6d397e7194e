/**
 * README's operator table is the registry's, row for row: a module added, renamed or described
 * anew without README following fails here, with the table README should have.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { operatorNames, operators } from './operators.ts';

const repoRoot = new URL('../../../', import.meta.url);
const readme = readFileSync(new URL('README.md', repoRoot), 'utf8');
const header = '| operator | seed | what it teaches in the console |';

/** README's table as the registry writes it (indented under its list item). */
function tableFromRegistry(): string {
  const rows = operators.map((o) => `| \`${o.name}\` | ${o.seed} | ${o.description}${o.docs ? ` ([docs](${o.docs}))` : ''} |`);
  return [header, '| --- | --- | --- |', ...rows].map((line) => `  ${line}`).join('\n');
}

function tableInReadme(): string {
  const lines = readme.split('\n');
  const start = lines.findIndex((line) => line.trim() === header);
  expect(start, `README.md has no line "${header}"`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i > start && !line.trim().startsWith('|'));
  return lines.slice(start, end).join('\n');
}

describe("README's operator table", () => {
  it('lists every registered operator, in order, with its seed, description and docs', () => {
    expect(tableInReadme()).toBe(tableFromRegistry());
  });

  it('names the default of --operators as the registry does', () => {
    expect(readme).toContain(`(default: all of \`${operatorNames.join(',')}\`)`);
  });

  it('links only docs that exist', () => {
    for (const o of operators) if (o.docs) expect(existsSync(new URL(o.docs, repoRoot)), o.docs).toBe(true);
  });
});
