/**
 * The state machine's timing rules, on a fake clock: a scripted ListerWatcher stands in for
 * the connection so that bookmarks and backoff delays are exact. (The API server itself is
 * exercised in watcher.test.ts and watcher.property.test.ts.)
 */
import { newResourceExpired, type KubeList, type WatchEvent } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { FakeClock } from '../clock/fake-clock.ts';
import type { ListerWatcher } from './lister-watcher.ts';
import { Watcher, type WatcherEvent } from './watcher.ts';

type Step = WatchEvent | Error;

const list = (rv: string, ...names: string[]): KubeList => ({
  apiVersion: 'v1',
  kind: 'ConfigMapList',
  metadata: { resourceVersion: rv },
  items: names.map((name) => ({ metadata: { name, namespace: 'ns', resourceVersion: rv } })),
});
const added = (name: string, rv: string): WatchEvent => ({ type: 'ADDED', object: { metadata: { name, namespace: 'ns', resourceVersion: rv } } });
const bookmark = (rv: string): WatchEvent => ({ type: 'BOOKMARK', object: { metadata: { resourceVersion: rv } } });
const refused = () => new Error('connect ECONNREFUSED');

function setup(lists: (KubeList | Error)[], watches: Step[][]) {
  const clock = new FakeClock();
  const calls: string[] = [];
  const source: ListerWatcher = {
    async list() {
      calls.push(`list@${clock.now()}`);
      const next = lists.shift();
      if (!next || next instanceof Error) throw next ?? refused();
      return next;
    },
    async *watch(request) {
      calls.push(`watch(${request.resourceVersion})@${clock.now()}`);
      const steps = watches.shift();
      if (!steps) await new Promise((_, reject) => request.signal.addEventListener('abort', () => reject(request.signal.reason)));
      for (const step of steps ?? []) {
        if (step instanceof Error) throw step;
        yield step;
      }
    },
  };
  const watcher = new Watcher(source, { clock, backoff: { initialMs: 100, factor: 2, jitter: 1, random: () => 0.5 } });
  const abort = new AbortController();
  const events: WatcherEvent[] = [];
  const running = (async () => {
    for await (const event of watcher.events(abort.signal)) events.push(event);
  })();
  return {
    clock,
    calls,
    events,
    watcher,
    stop: async () => {
      abort.abort();
      await running;
    },
  };
}

describe('Watcher state machine', () => {
  it('resumes from the resourceVersion of the last bookmark when a stream ends', async () => {
    const t = setup([list('10', 'a')], [[added('b', '11'), bookmark('15')]]);
    await t.clock.advance(0);
    await t.stop();
    expect(t.calls).toEqual(['list@0', 'watch(10)@0', 'watch(15)@0']);
    expect(t.events.map((e) => e.type)).toEqual(['Restarted', 'Added']);
  });

  it('backs off exponentially with jitter between failures, and starts over after a success', async () => {
    const t = setup([list('10')], [[refused()], [refused()], [added('a', '11'), refused()], [refused()]]);
    await t.clock.advance(2_000);
    await t.stop();
    // 100 ms * 2^n, stretched by jitter * random = 50%; the event from "a" resets the backoff.
    expect(t.calls).toEqual(['list@0', 'watch(10)@0', 'watch(10)@150', 'watch(10)@450', 'watch(11)@600', 'watch(11)@900']);
    expect(t.watcher.counters()).toMatchObject({ lists: 1, errors: 4, expired: 0 });
  });

  it('relists at once when the watch answers 410 Expired', async () => {
    const expired = newResourceExpired('too old resource version: 10 (12)');
    const t = setup([list('10', 'a'), list('20', 'b')], [[expired]]);
    await t.clock.advance(0);
    await t.stop();
    expect(t.calls).toEqual(['list@0', 'watch(10)@0', 'list@0', 'watch(20)@0']);
    expect(t.events.map((e) => (e.type === 'Restarted' ? e.objects.map((o) => o.metadata.name) : e.type))).toEqual([['a'], ['b']]);
    expect(t.watcher.counters()).toMatchObject({ lists: 2, expired: 1, errors: 0 });
  });

  it('keeps retrying a failing list, reporting each failure', async () => {
    const t = setup([refused(), refused(), list('7', 'a')], []);
    await t.clock.advance(1_000);
    expect(t.watcher.state).toEqual({ phase: 'Watching', resourceVersion: '7' });
    await t.stop();
    expect(t.calls).toEqual(['list@0', 'list@150', 'list@450', 'watch(7)@450']);
    expect(t.events).toHaveLength(1);
  });
});
