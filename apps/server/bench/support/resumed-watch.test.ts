import { describe, expect, it } from 'vitest';
import { WatchRefused } from './api-client.ts';
import { WatchResumption } from './resumed-watch.ts';

const collection = '/api/v1/namespaces/bench/configmaps';
const object = (resourceVersion: string) => ({ metadata: { resourceVersion } });
const watchFrom = (resumption: WatchResumption) => new URLSearchParams(resumption.next().path.split('?')[1]).get('resourceVersion');

describe('a benchmark watch resumes where the server left it', () => {
  it('lists first, then watches from the list’s resourceVersion with bookmarks', () => {
    const resumption = new WatchResumption(collection);
    expect(resumption.next()).toEqual({ kind: 'list', path: collection });
    resumption.listed({ metadata: { resourceVersion: '10' }, items: [object('9')] });
    const next = resumption.next();
    expect(next.kind).toBe('watch');
    expect(next.path).toBe(`${collection}?watch=1&allowWatchBookmarks=true&resourceVersion=10`);
  });

  it('after the server ends a stream, watches again from the last event’s or bookmark’s version, and counts the restart', () => {
    const resumption = new WatchResumption(collection);
    resumption.listed({ metadata: { resourceVersion: '10' }, items: [] });
    resumption.watchStarted();
    expect(resumption.accept({ type: 'ADDED', object: object('11') })).toBe(true);
    expect(resumption.accept({ type: 'BOOKMARK', object: object('15') })).toBe(false);
    resumption.ended('the server ended the stream');
    expect(watchFrom(resumption)).toBe('15');
    resumption.watchStarted();
    expect(resumption.history).toMatchObject({ events: 1, restarts: 1, lists: 1, lastResourceVersion: '15' });
    expect(resumption.history.log.at(-1)).toContain('watch from 15 ended: the server ended the stream');
  });

  it('goes back to a LIST on a 410 Gone, whether an ERROR event or the watch’s answer says it', () => {
    const byEvent = new WatchResumption(collection);
    byEvent.listed({ metadata: { resourceVersion: '10' }, items: [] });
    const gone = { kind: 'Status', code: 410, reason: 'Expired', message: 'too old resource version: 10 (20)' };
    expect(byEvent.accept({ type: 'ERROR', object: gone as never })).toBe(false);
    expect(byEvent.listing).toBe(true);
    expect(byEvent.next().kind).toBe('list');
    expect(byEvent.history.log.at(-1)).toContain('410 Expired too old resource version');

    const byAnswer = new WatchResumption(collection);
    byAnswer.listed({ metadata: { resourceVersion: '10' }, items: [] });
    byAnswer.failed(new WatchRefused(410, '{"kind":"Status","code":410}'));
    expect(byAnswer.next().kind).toBe('list');
  });

  it('keeps watching from the same version after any other failure', () => {
    const resumption = new WatchResumption(collection);
    resumption.listed({ metadata: { resourceVersion: '10' }, items: [] });
    resumption.failed(new WatchRefused(500, 'etcdserver: request timed out'));
    resumption.failed(new Error('connect ECONNREFUSED'));
    expect(watchFrom(resumption)).toBe('10');
    expect(resumption.history.log).toHaveLength(2);
  });
});
