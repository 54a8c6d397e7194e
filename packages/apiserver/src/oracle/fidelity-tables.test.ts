import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderKnownDifferences, tableMarkers, withRenderedTables } from './fidelity-tables.ts';
import { fidelityLists } from './fidelity-lists.ts';

const documentPath = new URL('../../../../docs/fidelity.md', import.meta.url);

describe("docs/fidelity.md's tables of known differences", () => {
  it('say exactly what the lists the differential suite checks say (npm run oracle -- doc rewrites them)', () => {
    const document = readFileSync(documentPath, 'utf8');
    expect(withRenderedTables(document, fidelityLists)).toBe(document);
  });

  it('render a step, its difference with pipes escaped, and whether it is intended', () => {
    expect(renderKnownDifferences({ 'a step': { status: 'intended', what: 'x | y' } })).toBe(
      ['| step | difference: embedded answer vs kube-apiserver 1.37.2 | intended / open |', '| --- | --- | --- |', '| a step | x \\| y | intended |'].join(
        '\n',
      ),
    );
  });

  it('say so when a list is empty', () => {
    expect(renderKnownDifferences({})).toMatch(/^None/);
  });

  it('refuse a document without the marker of a list', () => {
    expect(() => withRenderedTables('no tables', { 'x.ts': {} })).toThrow(/no table marked for x\.ts/);
    expect(tableMarkers.begin('x.ts')).toContain('x.ts');
  });
});
