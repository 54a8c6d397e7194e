import { describe, expect, it } from 'vitest';
import type { ClientViewState, HeldEvent } from '@dojo/console-protocol';
import { breakpointText, controlsBadge, heldOldestFirst, staleText } from './view-text.ts';

const event = (name: string, resourceVersion: string, since: number): HeldEvent => ({
  type: 'MODIFIED',
  kind: 'ConfigMap',
  namespace: 'default',
  name,
  resourceVersion,
  since,
  because: 'pause',
});

const state = (over: Partial<ClientViewState> = {}): ClientViewState => ({ client: 'op', keptSince: 1, breakpoints: [], watches: [], ...over });

describe('view text', () => {
  it('lists held events across watches oldest first, the one Step releases on top', () => {
    const rows = heldOldestFirst(
      state({
        watches: [
          { resource: 'configmaps', kind: 'ConfigMap', held: [event('b', '12', 20)] },
          { resource: 'secrets', kind: 'Secret', held: [event('a', '10', 10), event('c', '13', 20)] },
        ],
      }),
    );
    expect(rows.map((r) => r.name)).toEqual(['a', 'b', 'c']);
    expect(rows[0]?.watch.resource).toBe('secrets');
  });

  it('says nothing on the card when no control is in force', () => {
    expect(controlsBadge(state(), { client: 'op', rules: [] })).toBeUndefined();
  });

  it('says paused, how many are held and that faults are on', () => {
    const view = state({
      paused: { since: 1, resourceVersion: '5' },
      watches: [{ resource: 'configmaps', kind: 'ConfigMap', held: [event('a', '6', 2), event('b', '7', 3)] }],
    });
    const faults = { client: 'op', rules: [{ id: 'f1', rule: { status: 409 as const }, addedAt: 1, matched: 0, injected: 0, exhausted: false }] };
    expect(controlsBadge(view, faults)).toBe('paused · 2 held · faults on');
  });

  it('does not count an exhausted rule as a fault in force', () => {
    const faults = { client: 'op', rules: [{ id: 'f1', rule: { status: 409 as const, count: 1 }, addedAt: 1, matched: 1, injected: 1, exhausted: true }] };
    expect(controlsBadge(state(), faults)).toBeUndefined();
  });

  it('names a breakpoint by kind, object or selector', () => {
    expect(breakpointText({ kind: 'ConfigMap', namespace: 'default', name: 'a' })).toBe('ConfigMap default/a');
    expect(breakpointText({ kind: 'pods', labelSelector: 'app=x' })).toBe('pods in every namespace with labels app=x');
  });

  it('says how stale the view is', () => {
    expect(staleText({ behind: 1 })).toBe('1 version behind');
    expect(staleText({ seconds: 30 })).toBe('30 s behind');
    expect(staleText(undefined)).toBe('off');
  });
});
