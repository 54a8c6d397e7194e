import { describe, expect, it } from 'vitest';
import type { KubeList, KubeObject } from '@dojo/kube-api';
import { appendListPage, isComplete, readRemainingPages } from './list-pages.ts';

const dojo = (name: string, resourceVersion: string): KubeObject => ({ metadata: { name, namespace: 'ns', uid: `uid-${name}`, resourceVersion } });
const page = (names: string[], next?: string, remainingItemCount?: number): KubeList => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'DojoList',
  metadata: { resourceVersion: '40', ...(next ? { continue: next } : {}), ...(remainingItemCount !== undefined ? { remainingItemCount } : {}) },
  items: names.map((n) => dojo(n, '10')),
});

describe('reading a LIST in pages', () => {
  it('reads every page after the first in order, each with the token the one before gave', async () => {
    const pages: Record<string, KubeList> = { t1: page(['c', 'd'], 't2', 1), t2: page(['e']) };
    const asked: string[] = [];
    let list = page(['a', 'b'], 't1', 3);
    await readRemainingPages(
      list,
      async (token) => (asked.push(token), pages[token]!),
      (next) => (list = appendListPage(list, next)),
      new AbortController().signal,
    );
    expect(asked).toEqual(['t1', 't2']);
    expect(list.items.map((o) => o.metadata.name)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(list.metadata).toEqual({ resourceVersion: '40' });
    expect(isComplete(list)).toBe(true);
  });

  it('says a list is still being read while it has a continue token, and how many remain', () => {
    const partial = appendListPage(page(['a'], 't1', 2), page(['b'], 't2', 1));
    expect(isComplete(partial)).toBe(false);
    expect(partial.metadata).toEqual({ resourceVersion: '40', continue: 't2', remainingItemCount: 1 });
    expect(isComplete(undefined)).toBe(false);
  });

  it('keeps the version of an object the list already holds (a watch brought a newer one)', () => {
    const list = { ...page(['a'], 't1'), items: [dojo('a', '55')] };
    const next = appendListPage(list, page(['a', 'b']));
    expect(next.items.map((o) => `${o.metadata.name}@${o.metadata.resourceVersion}`)).toEqual(['a@55', 'b@10']);
  });

  it('stops reading when aborted', async () => {
    const controller = new AbortController();
    const asked: string[] = [];
    await readRemainingPages(
      page(['a'], 't1'),
      async (token) => {
        asked.push(token);
        controller.abort();
        return page(['b'], 't2');
      },
      () => {
        throw new Error('a page read after the abort must not be handed on');
      },
      controller.signal,
    );
    expect(asked).toEqual(['t1']);
  });
});
