import { describe, expect, it } from 'vitest';
import type { ObjectVersionRecord, VersionChange } from '@dojo/console-protocol';
import { diffPair, shownVersions } from './version-list.ts';

const version = (rv: string, change: VersionChange): ObjectVersionRecord => ({
  seq: Number(rv),
  time: Number(rv) * 1000,
  object: { group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'a', uid: 'u' },
  event: change === 'created' ? 'ADDED' : 'MODIFIED',
  resourceVersion: rv,
  change,
  body: { metadata: { name: 'a', resourceVersion: rv } },
});
const history = [version('1', 'created'), version('2', 'status'), version('3', 'spec'), version('4', 'status'), version('5', 'metadata')];

describe('version list', () => {
  it('hides pure status and metadata churn unless asked, newest first', () => {
    expect(shownVersions(history, false).map((v) => v.resourceVersion)).toEqual(['3', '1']);
    expect(shownVersions(history, true).map((v) => v.resourceVersion)).toEqual(['5', '4', '3', '2', '1']);
  });

  it('diffs the chosen version against the one recorded just before it', () => {
    const shown = shownVersions(history, false);
    expect(diffPair(history, shown, undefined)).toMatchObject({ from: { resourceVersion: '2' }, to: { resourceVersion: '3' } });
    expect(diffPair(history, shown, '5')).toMatchObject({ from: { resourceVersion: '4' }, to: { resourceVersion: '5' } });
    expect(diffPair(history, shown, '1')).toEqual({ to: history[0] });
  });
});
