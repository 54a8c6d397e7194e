import { describe, expect, it } from 'vitest';
import { liveSocketUrl } from './browser-socket.ts';
import { LiveSocket } from './live-socket.ts';
import type { Timers } from './live-socket-types.ts';
import { FakeSocket } from './testing/fake-socket.ts';

class FakeTimers implements Timers {
  time = 0;
  #next = 1;
  #pending = new Map<number, { at: number; callback: () => void }>();
  setTimeout(callback: () => void, ms: number) {
    const id = this.#next++;
    this.#pending.set(id, { at: this.time + ms, callback });
    return id;
  }
  clearTimeout(handle: unknown) {
    this.#pending.delete(handle as number);
  }
  now() {
    return this.time;
  }
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.#pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.#pending.delete(due[0]);
      this.time = due[1].at;
      due[1].callback();
    }
    this.time = end;
  }
}

function setup(options: { heartbeatMs?: number } = {}) {
  const sockets: FakeSocket[] = [];
  const timers = new FakeTimers();
  const live = new LiveSocket({
    url: 'ws://console/ws',
    createSocket: () => {
      const socket = new FakeSocket();
      sockets.push(socket);
      return socket;
    },
    timers,
    random: () => 1,
    backoff: { initialMs: 100, maxMs: 1000 },
    heartbeatMs: options.heartbeatMs ?? 15_000,
  });
  const states: string[] = [];
  live.onState((s) => states.push(s));
  live.start();
  const current = () => sockets[sockets.length - 1]!;
  return { live, sockets, timers, states, current };
}

const dojos = { group: 'core.jutsu.com', version: 'v1', resource: 'dojos' };
const dojo = (name: string, rv: string) => ({ metadata: { name, namespace: 'default', uid: name, resourceVersion: rv } });

describe('LiveSocket', () => {
  it('sends subscriptions made before the connection opened once it opens', () => {
    const { live, current } = setup();
    live.watch({ resource: dojos, namespace: 'default', resourceVersion: '5' }, { onEvent() {}, onRelist() {} });
    expect(current().sent).toEqual([]);
    current().open();
    expect(current().subscribes()).toEqual([{ op: 'subscribe', id: 's1', kind: 'watch', resource: dojos, namespace: 'default', resourceVersion: '5' }]);
  });

  it('reports connecting, live, then reconnecting when the connection drops', () => {
    const { current, states } = setup();
    current().open();
    current().drop();
    expect(states).toEqual(['connecting', 'live', 'reconnecting']);
  });

  it('resumes a watch from the last resourceVersion it received after a reconnect', () => {
    const { live, current, timers } = setup();
    const events: string[] = [];
    live.watch({ resource: dojos, resourceVersion: '5' }, { onEvent: (e) => events.push(e.object.metadata.name!), onRelist() {} });
    current().open();
    current().receive({ id: 's1', type: 'watch-event', event: { type: 'MODIFIED', object: dojo('a', '7') } });
    current().receive({ id: 's1', type: 'watch-event', event: { type: 'ADDED', object: dojo('b', '9') } });
    current().drop();
    timers.advance(100);
    current().open();
    expect(events).toEqual(['a', 'b']);
    expect(current().subscribes()[0]).toMatchObject({ id: 's1', kind: 'watch', resourceVersion: '9' });
  });

  it('resumes a watch from the synced resourceVersion when no event came after it', () => {
    const { live, current, timers } = setup();
    live.watch({ resource: dojos }, { onEvent() {}, onRelist() {} });
    current().open();
    current().receive({ id: 's1', type: 'synced', resourceVersion: '42' });
    current().drop();
    timers.advance(100);
    current().open();
    expect(current().subscribes()[0]).toMatchObject({ resourceVersion: '42' });
  });

  it('resumes telemetry from the record after the last seq it delivered', () => {
    const { live, current, timers } = setup();
    const seqs: number[] = [];
    live.telemetry({ fromSeq: 100, controller: 'dojo' }, { onRecords: (r) => seqs.push(...r.map((x) => x.seq)), onResync() {} });
    current().open();
    expect(current().subscribes()[0]).toEqual({ op: 'subscribe', id: 's1', kind: 'telemetry', fromSeq: 100, controller: 'dojo' });
    current().receive({
      id: 's1',
      type: 'telemetry',
      records: [
        { seq: 100, time: 1, type: 'debug' },
        { seq: 101, time: 2, type: 'debug' },
      ],
    });
    current().drop();
    timers.advance(100);
    current().open();
    expect(seqs).toEqual([100, 101]);
    expect(current().subscribes()[0]).toMatchObject({ kind: 'telemetry', fromSeq: 102 });
  });

  it('re-subscribes metrics after a reconnect', () => {
    const { live, current, timers } = setup();
    live.metrics({ onMetrics() {} });
    current().open();
    current().drop();
    timers.advance(100);
    current().open();
    expect(current().subscribes()).toEqual([{ op: 'subscribe', id: 's1', kind: 'metrics' }]);
  });

  it('backs off exponentially up to the maximum and starts over after a hello', () => {
    const { current, sockets, timers } = setup();
    current().drop();
    timers.advance(99);
    expect(sockets).toHaveLength(1);
    timers.advance(1);
    expect(sockets).toHaveLength(2);
    current().drop();
    timers.advance(199);
    expect(sockets).toHaveLength(2);
    timers.advance(1);
    expect(sockets).toHaveLength(3);
    for (let i = 0; i < 6; i++) {
      current().drop();
      timers.advance(1000);
    }
    const before = sockets.length;
    current().drop();
    timers.advance(999);
    expect(sockets).toHaveLength(before);
    timers.advance(1);
    current().open();
    current().receive({
      type: 'hello',
      session: { cluster: { mode: 'embedded', server: 'x' }, leader: { identity: 'a', isLeader: true }, operators: [], secretsRedacted: true },
    });
    current().drop();
    timers.advance(100);
    expect(sockets).toHaveLength(before + 2);
  });

  it('hands a relist to the watch owner and forgets the subscription', () => {
    const { live, current, timers } = setup();
    const reasons: string[] = [];
    live.watch({ resource: dojos, resourceVersion: '1' }, { onEvent() {}, onRelist: (r) => reasons.push(r) });
    current().open();
    current().receive({ id: 's1', type: 'relist', reason: 'too old resource version' });
    expect(reasons).toEqual(['too old resource version']);
    current().drop();
    timers.advance(100);
    current().open();
    expect(current().subscribes()).toEqual([]);
  });

  it('hands a resync to the telemetry owner and forgets the subscription', () => {
    const { live, current } = setup();
    const resyncs: number[] = [];
    live.telemetry({}, { onRecords() {}, onResync: (oldest) => resyncs.push(oldest) });
    current().open();
    current().receive({ id: 's1', type: 'resync', oldestSeq: 5000 });
    current().receive({ id: 's1', type: 'telemetry', records: [{ seq: 1, time: 1, type: 'debug' }] });
    expect(resyncs).toEqual([5000]);
  });

  it('passes a refused subscription error to its owner', () => {
    const { live, current } = setup();
    const codes: number[] = [];
    live.metrics({ onMetrics() {}, onError: (s) => codes.push(s.code) });
    current().open();
    current().receive({ id: 's1', type: 'error', status: { kind: 'Status', code: 403 } });
    expect(codes).toEqual([403]);
  });

  it('unsubscribes on the wire and stops delivering', () => {
    const { live, current } = setup();
    const got: number[] = [];
    const stop = live.metrics({ onMetrics: (c) => got.push(c.length) });
    current().open();
    stop();
    current().receive({ id: 's1', type: 'metrics', controllers: [] });
    expect(current().sent).toContainEqual({ op: 'unsubscribe', id: 's1' });
    expect(got).toEqual([]);
  });

  it('pings on every heartbeat and reconnects when the server stays silent', () => {
    const { current, timers, sockets, states } = setup({ heartbeatMs: 1000 });
    current().open();
    timers.advance(1000);
    expect(current().sent).toContainEqual({ op: 'ping' });
    current().receive({ type: 'pong' });
    timers.advance(2000);
    expect(sockets).toHaveLength(1);
    timers.advance(1000);
    expect(sockets[0]!.closed?.code).toBe(4000);
    expect(states.at(-1)).toBe('reconnecting');
    timers.advance(100);
    expect(sockets).toHaveLength(2);
  });

  it('ignores frames that are not JSON and ids it does not know', () => {
    const { live, current } = setup();
    const got: unknown[] = [];
    live.metrics({ onMetrics: (c) => got.push(c) });
    current().open();
    current().onmessage?.({ data: 'not json' });
    current().receive({ id: 'nope', type: 'metrics', controllers: [] });
    expect(got).toEqual([]);
  });

  it('tries again at once when told the network or the person is back, instead of waiting out the pause', () => {
    const { live, current, timers, sockets } = setup();
    current().open();
    current().drop();
    timers.advance(100);
    current().drop();
    expect(sockets).toHaveLength(2);
    live.retryNow();
    expect(sockets).toHaveLength(3);
    live.retryNow(); // an attempt is under way: no second socket
    expect(sockets).toHaveLength(3);
    current().open();
    live.retryNow(); // live: nothing to do
    expect(sockets).toHaveLength(3);
  });

  it('waits at most 2.5 s between attempts by default, however long the server is away', () => {
    const sockets: FakeSocket[] = [];
    const timers = new FakeTimers();
    const live = new LiveSocket({ url: 'ws://console/ws', createSocket: () => (sockets.push(new FakeSocket()), sockets.at(-1)!), timers, random: () => 1 });
    live.start();
    for (let i = 0; i < 10; i++) {
      sockets.at(-1)!.drop();
      const before = sockets.length;
      timers.advance(2_500);
      expect(sockets.length).toBe(before + 1);
    }
  });

  it('stays closed after stop', () => {
    const { live, current, timers, sockets, states } = setup();
    current().open();
    live.stop();
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
    expect(states.at(-1)).toBe('closed');
  });

  it('builds the socket URL from the page origin', () => {
    expect(liveSocketUrl({ protocol: 'https:', host: 'console.example:8443' })).toBe('wss://console.example:8443/ws');
    expect(liveSocketUrl({ protocol: 'http:', host: '127.0.0.1:8080' })).toBe('ws://127.0.0.1:8080/ws');
  });
});
