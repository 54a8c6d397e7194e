import { describe, expect, it } from 'vitest';
import type { ViewMark } from '@dojo/console-protocol';
import { StatusError } from '@dojo/kube-api';
import type { ChangeEvent } from '../storage/revisioned-store.ts';
import { ClientControls } from './client-controls.ts';
import type { WatchGate } from './watch-gate.ts';

/** A clock the test moves, with timers it fires by hand. */
function fakeClock() {
  let now = 1_000;
  const timers: { at: number; fn: () => void; cancelled: boolean }[] = [];
  return {
    now: () => now,
    setTimer(ms: number, fn: () => void) {
      const t = { at: now + ms, fn, cancelled: false };
      timers.push(t);
      return { cancel: () => void (t.cancelled = true) };
    },
    advance(ms: number) {
      now += ms;
      for (const t of timers.splice(0))
        if (!t.cancelled && t.at <= now) t.fn();
        else if (!t.cancelled) timers.push(t);
    },
  };
}

let rev = 100;
const change = (name: string, type: ChangeEvent['type'] = 'MODIFIED', labels: Record<string, string> = {}): ChangeEvent => {
  rev++;
  return { rev, type, bucket: 'configmaps', name, json: JSON.stringify({ metadata: { name, resourceVersion: String(rev), labels } }) };
};

function setup() {
  const clock = fakeClock();
  const connected = new Set(['op', 'other']);
  const commits: (() => void)[] = [];
  const controls = new ClientControls({
    revision: () => rev,
    oldestRevision: () => 50,
    onCommit: (l) => (commits.push(l), () => commits.splice(commits.indexOf(l), 1)),
    isConnected: (c) => connected.has(c),
    clock,
    liftCheckMs: 1000,
  });
  const watch = (client: string, kind = 'ConfigMap', resource = 'configmaps') => {
    const delivered: { name: string; rev: number; mark?: ViewMark }[] = [];
    const gate: WatchGate = controls.openWatch(client, {
      resource,
      kind,
      namespaced: true,
      sends: (e) => !e.name.startsWith('filtered/'),
      deliver: (e, mark) => (delivered.push({ name: e.name, rev: e.rev, ...(mark ? { mark } : {}) }), true),
    });
    return { gate, delivered, names: () => delivered.map((d) => d.name) };
  };
  return { clock, connected, controls, watch, commits };
}

describe('ClientControls: pause, resume and step', () => {
  it('delivers at once for a client without controls', () => {
    const { watch } = setup();
    const w = watch('op');
    w.gate.offer(change('default/a'));
    expect(w.names()).toEqual(['default/a']);
  });

  it('holds every event of a paused client, per watch and in order, and resume delivers them in order', () => {
    const { controls, watch } = setup();
    const w = watch('op');
    controls.command('op', { op: 'pause' });
    w.gate.offer(change('default/a'));
    w.gate.offer(change('default/b'));
    expect(w.names()).toEqual([]);
    const state = controls.state('op');
    expect(state.watches[0]!.held.map((h) => [h.name, h.because])).toEqual([
      ['a', 'pause'],
      ['b', 'pause'],
    ]);
    const resumed = controls.command('op', { op: 'resume' });
    expect(resumed.released).toBe(2);
    expect(w.names()).toEqual(['default/a', 'default/b']);
    expect(w.delivered[0]!.mark).toMatchObject({ releasedBy: 'resume', because: 'pause' });
    expect(controls.state('op').paused).toBeUndefined();
  });

  it("steps exactly the oldest held event across the client's watches", () => {
    const { controls, watch } = setup();
    const cms = watch('op');
    const secrets = watch('op', 'Secret', 'secrets');
    controls.command('op', { op: 'pause' });
    secrets.gate.offer(change('default/s1'));
    cms.gate.offer(change('default/c1'));
    secrets.gate.offer(change('default/s2'));
    const first = controls.command('op', { op: 'step' });
    expect(first.stepped).toMatchObject({ kind: 'Secret', name: 's1' });
    expect(secrets.names()).toEqual(['default/s1']);
    expect(cms.names()).toEqual([]);
    controls.command('op', { op: 'step' });
    expect(cms.names()).toEqual(['default/c1']);
    expect(secrets.names()).toEqual(['default/s1']);
    expect(controls.state('op').paused).toBeDefined();
    expect(controls.command('op', { op: 'step' }).stepped).toMatchObject({ name: 's2' });
    expect(controls.command('op', { op: 'step' }).stepped).toBeUndefined();
  });

  it('never affects another client, and answers reads of a paused client at the pause', () => {
    const { controls, watch } = setup();
    const mine = watch('op');
    const theirs = watch('other');
    const before = rev;
    controls.command('op', { op: 'pause' });
    mine.gate.offer(change('default/a'));
    theirs.gate.offer(change('default/a'));
    expect(theirs.names()).toHaveLength(1);
    expect(mine.names()).toHaveLength(0);
    expect(controls.readRevision('op')).toEqual({ rev: before, reason: 'pause' });
    expect(controls.readRevision('other')).toBeUndefined();
  });

  it('never holds what the watch would not send (its namespace, its selectors), so a step always reaches the client', () => {
    const { controls, watch } = setup();
    const w = watch('op');
    controls.command('op', { op: 'pause' });
    w.gate.offer(change('filtered/x'));
    expect(controls.state('op').watches[0]!.held).toEqual([]);
    expect(w.names()).toEqual(['filtered/x']);
  });

  it("caps a held watch's bookmarks just below its oldest held event", () => {
    const { controls, watch } = setup();
    const w = watch('op');
    expect(w.gate.bookmarkCeiling()).toBeUndefined();
    controls.command('op', { op: 'pause' });
    const held = change('default/a');
    w.gate.offer(held);
    w.gate.offer(change('default/b'));
    expect(w.gate.bookmarkCeiling()).toBe(held.rev - 1);
  });
});

describe('ClientControls: breakpoints', () => {
  it('holds only the events about the object named, and continue releases them', () => {
    const { controls, watch } = setup();
    const w = watch('op');
    controls.command('op', { op: 'break', breakpoint: { kind: 'configmap', namespace: 'default', name: 'a' } });
    w.gate.offer(change('default/a'));
    w.gate.offer(change('default/b'));
    w.gate.offer(change('other/a'));
    expect(w.names()).toEqual(['default/b', 'other/a']);
    const continued = controls.command('op', { op: 'continue' });
    expect(continued.released).toBe(1);
    expect(continued.breakpoints).toEqual([]);
    expect(w.names()).toEqual(['default/b', 'other/a', 'default/a']);
    expect(w.delivered[2]!.mark).toMatchObject({ releasedBy: 'continue', because: 'breakpoint' });
  });

  it('matches a label selector on the object before or after the change, and other kinds never', () => {
    const { controls, watch } = setup();
    const cms = watch('op');
    const secrets = watch('op', 'Secret', 'secrets');
    controls.command('op', { op: 'break', breakpoint: { kind: 'ConfigMap', labelSelector: 'app=web' } });
    cms.gate.offer(change('default/a', 'MODIFIED', { app: 'web' }));
    cms.gate.offer(change('default/b', 'MODIFIED', { app: 'db' }));
    secrets.gate.offer(change('default/c', 'MODIFIED', { app: 'web' }));
    expect(cms.names()).toEqual(['default/b']);
    expect(secrets.names()).toEqual(['default/c']);
  });

  it('keeps breakpoint-held events through a resume, and a resume keeps the breakpoint', () => {
    const { controls, watch } = setup();
    const w = watch('op');
    controls.command('op', { op: 'break', breakpoint: { kind: 'ConfigMap', name: 'a' } });
    controls.command('op', { op: 'pause' });
    w.gate.offer(change('default/a'));
    w.gate.offer(change('default/b'));
    const resumed = controls.command('op', { op: 'resume' });
    expect(resumed.released).toBe(1);
    expect(w.names()).toEqual(['default/b']);
    expect(resumed.watches[0]!.held.map((h) => h.name)).toEqual(['a']);
  });

  it('refuses a breakpoint with both a name and a selector, or a bad selector, as 400', () => {
    const { controls } = setup();
    const bad = (f: () => unknown) => {
      try {
        f();
      } catch (err) {
        return (err as StatusError).status.code;
      }
      return undefined;
    };
    expect(bad(() => controls.command('op', { op: 'break', breakpoint: { kind: 'ConfigMap', name: 'a', labelSelector: 'x=y' } }))).toBe(400);
    expect(bad(() => controls.command('op', { op: 'break', breakpoint: { kind: 'ConfigMap', labelSelector: 'x==,' } }))).toBe(400);
  });
});

describe('ClientControls: stale view, lifting, and who may be controlled', () => {
  it('answers reads N resourceVersions behind, never older than history', () => {
    const { controls } = setup();
    controls.command('op', { op: 'stale', stale: { behind: 3 } });
    expect(controls.readRevision('op')).toEqual({ rev: rev - 3, reason: 'stale' });
    controls.command('op', { op: 'stale', stale: { behind: 10_000 } });
    expect(controls.readRevision('op')!.rev).toBe(50);
    controls.command('op', { op: 'stale', stale: null });
    expect(controls.readRevision('op')).toBeUndefined();
  });

  it('answers reads S seconds behind from the revisions it saw commit since the fault was set', () => {
    const { controls, clock, commits } = setup();
    const start = rev;
    controls.command('op', { op: 'stale', stale: { seconds: 5 } });
    clock.advance(2000);
    change('default/a');
    for (const c of commits) c();
    const atTwo = rev;
    clock.advance(4000);
    change('default/b');
    for (const c of commits) c();
    // Six seconds in: five seconds ago the server was at the revision of second two... before it.
    expect(controls.readRevision('op')).toEqual({ rev: start, reason: 'stale' });
    clock.advance(2000);
    expect(controls.readRevision('op')).toEqual({ rev: atTwo, reason: 'stale' });
    controls.command('op', { op: 'stale', stale: null });
    expect(commits).toHaveLength(0);
  });

  it("lifts every control when the client's credential is removed, sending what was held", () => {
    const { controls, watch, connected, clock } = setup();
    const w = watch('op');
    controls.command('op', { op: 'pause' });
    w.gate.offer(change('default/a'));
    connected.delete('op');
    clock.advance(1000);
    expect(w.names()).toEqual(['default/a']);
    expect(w.delivered[0]!.mark).toMatchObject({ releasedBy: 'lift' });
    expect(controls.readRevision('op')).toBeUndefined();
  });

  it('answers 404 for a name that is not a connected client (the admin included)', () => {
    const { controls } = setup();
    expect(() => controls.command('admin', { op: 'pause' })).toThrow(/clients.console "admin" not found/);
    expect(() => controls.state('nobody')).toThrow(StatusError);
  });

  it("drops a closed watch, and what it held, from the client's state", () => {
    const { controls, watch } = setup();
    const w = watch('op');
    controls.command('op', { op: 'pause' });
    w.gate.offer(change('default/a'));
    w.gate.close();
    expect(controls.state('op').watches).toEqual([]);
  });
});
