import { describe, expect, it } from 'vitest';
import type { ControllerRevision } from './apps-types.ts';
import {
  hashRevisionData,
  nextRevisionNumber,
  revisionDataOf,
  revisionName,
  sameRevisionData,
  sortRevisions,
  templateOfRevision,
} from './controller-history.ts';

const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'app', image: 'nginx:1' }] } };
const revision = (name: string, number: number): ControllerRevision => ({ metadata: { name }, revision: number, data: revisionDataOf(template) });

describe('controller history', () => {
  it('saves the template as a patch that replaces it, and gives it back', () => {
    const data = revisionDataOf(template);
    expect(data.spec?.template?.$patch).toBe('replace');
    expect(templateOfRevision({ metadata: {}, revision: 1, data })).toEqual(template);
  });

  it('hashes the same template to the same name whatever the order of its keys', () => {
    const reordered = { spec: { containers: [{ image: 'nginx:1', name: 'app' }] }, metadata: { labels: { app: 'web' } } };
    expect(hashRevisionData(revisionDataOf(reordered))).toBe(hashRevisionData(revisionDataOf(template)));
    expect(hashRevisionData(revisionDataOf(template))).toMatch(/^[bcdfghjklmnpqrstvwxz2456789]+$/);
  });

  it('hashes a changed template, or the same one after a collision, to another name', () => {
    const changed = { ...template, spec: { containers: [{ name: 'app', image: 'nginx:2' }] } };
    const base = hashRevisionData(revisionDataOf(template));
    expect(hashRevisionData(revisionDataOf(changed))).not.toBe(base);
    expect(hashRevisionData(revisionDataOf(template), 1)).not.toBe(base);
  });

  it('names a revision after its owner and hash', () => {
    expect(revisionName('web', 'abc')).toBe('web-abc');
    expect(revisionName('x'.repeat(300), 'abc')).toHaveLength(227);
  });

  it('numbers the next revision after the newest, and sorts by number', () => {
    const sorted = sortRevisions([revision('b', 3), revision('a', 1)]);
    expect(sorted.map((r) => r.revision)).toEqual([1, 3]);
    expect(nextRevisionNumber(sorted)).toBe(4);
    expect(nextRevisionNumber([])).toBe(1);
  });

  it('finds a revision with the same data', () => {
    expect(sameRevisionData(revision('a', 1), revisionDataOf(template))).toBe(true);
  });
});
