import { isInvalid, isNotFound, type StatusError } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { RequestFaults } from './request-faults.ts';
import type { FaultRequest } from './request-faults-rule.ts';

const request = (fields: Partial<Omit<FaultRequest, 'labels'>> & { labels?: Record<string, string> } = {}): FaultRequest => {
  const { labels, ...rest } = fields;
  return {
    verb: 'update',
    group: 'apps',
    resource: 'deployments',
    subresource: '',
    namespace: 'default',
    name: 'web',
    resumesWatch: false,
    ...rest,
    labels: () => labels,
  };
};

const injectedOf = (faults: RequestFaults, client: string) => faults.list(client).rules.map((r) => r.injected);

describe('RequestFaults', () => {
  it('knows nothing of a client until a rule is added for it, and faults none of its requests', () => {
    const faults = new RequestFaults();
    expect(faults.rulesOf('op')).toBeUndefined();
    expect(faults.decide('op', request())).toBeUndefined();
    faults.add('other', { status: 409 });
    expect(faults.rulesOf('op')).toBeUndefined();
    expect(faults.decide('op', request())).toBeUndefined();
  });

  it('faults only the requests whose verb, resource, subresource, namespace and name it chose', () => {
    const faults = new RequestFaults();
    faults.add('op', { verbs: ['update'], resource: 'deployments.apps/status', namespace: 'prod', name: 'web', status: 409 });
    const chosen = request({ subresource: 'status', namespace: 'prod' });
    expect(faults.decide('op', chosen)?.fault).toEqual({ rule: 'f1', verb: 'update', status: 409 });
    expect(faults.decide('op', { ...chosen, verb: 'patch' })).toBeUndefined();
    expect(faults.decide('op', { ...chosen, subresource: '' })).toBeUndefined();
    expect(faults.decide('op', { ...chosen, group: 'extensions' })).toBeUndefined();
    expect(faults.decide('op', { ...chosen, namespace: 'default' })).toBeUndefined();
    expect(faults.decide('op', { ...chosen, name: 'db' })).toBeUndefined();
    expect(faults.list('op').rules[0]).toMatchObject({ matched: 1, injected: 1 });
  });

  it('matches a resource without a group in any group, and its subresources only when named', () => {
    const faults = new RequestFaults();
    faults.add('op', { resource: 'deployments', status: 500 });
    expect(faults.decide('op', request({ group: 'apps' }))).toBeDefined();
    expect(faults.decide('op', request({ group: 'extensions' }))).toBeDefined();
    expect(faults.decide('op', request({ subresource: 'scale' }))).toBeUndefined();
  });

  it('matches a label selector against the stored labels of the object the request addresses', () => {
    const faults = new RequestFaults();
    faults.add('op', { labelSelector: 'tier in (db),!canary', status: 503 });
    expect(faults.decide('op', request({ labels: { tier: 'db' } }))).toBeDefined();
    expect(faults.decide('op', request({ labels: { tier: 'db', canary: 'true' } }))).toBeUndefined();
    expect(faults.decide('op', request({ labels: { tier: 'web' } }))).toBeUndefined();
    // A create or a list addresses no stored object: a label rule cannot choose it.
    expect(faults.decide('op', request({ verb: 'create', name: '' }))).toBeUndefined();
  });

  it('reads the stored labels only when every cheaper selector already matched', () => {
    const faults = new RequestFaults();
    faults.add('op', { verbs: ['delete'], labelSelector: 'app=web', status: 403 });
    let reads = 0;
    faults.decide('op', { ...request({ verb: 'update' }), labels: () => (reads++, { app: 'web' }) });
    expect(reads).toBe(0);
    faults.decide('op', { ...request({ verb: 'delete' }), labels: () => (reads++, { app: 'web' }) });
    expect(reads).toBe(1);
  });

  it('fires a count rule on exactly the next N chosen requests, then keeps it, exhausted, with its counts', () => {
    const faults = new RequestFaults();
    faults.add('op', { verbs: ['update'], status: 409, count: 3 });
    const fired = Array.from({ length: 5 }, () => faults.decide('op', request()) !== undefined);
    expect(fired).toEqual([true, true, true, false, false]);
    expect(faults.list('op').rules[0]).toMatchObject({ id: 'f1', matched: 3, injected: 3, exhausted: true });
  });

  it('draws a rate from a generator seeded per rule: the same requests get the same faults in every run', () => {
    const run = (seed?: number) => {
      const faults = new RequestFaults();
      faults.add('op', { status: 500, rate: 0.3, ...(seed === undefined ? {} : { seed }) });
      return Array.from({ length: 200 }, () => faults.decide('op', request()) !== undefined);
    };
    expect(run()).toEqual(run());
    expect(run(7)).toEqual(run(7));
    expect(run(7)).not.toEqual(run(8));
    const share = run().filter(Boolean).length / 200;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.4);
  });

  it('lets the first rule that fires win, and a rule whose rate spared a request leaves it to the next', () => {
    const faults = new RequestFaults();
    faults.add('op', { status: 409, count: 1 });
    faults.add('op', { status: 503 });
    expect(faults.decide('op', request())?.fault.status).toBe(409);
    expect(faults.decide('op', request())?.fault.status).toBe(503);
    expect(injectedOf(faults, 'op')).toEqual([1, 1]);
  });

  it("answers a 429 with kube's Retry-After of 1 second unless the rule says otherwise", () => {
    const faults = new RequestFaults();
    faults.add('op', { status: 429, count: 1 });
    faults.add('op', { status: 429, retryAfterSeconds: 5 });
    expect(faults.decide('op', request())?.retryAfterSeconds).toBe(1);
    expect(faults.decide('op', request())?.retryAfterSeconds).toBe(5);
  });

  it('aims a watch cut at watches and a 410 at watches that resume from a resourceVersion', () => {
    const faults = new RequestFaults();
    faults.add('op', { resource: 'configmaps', gone: true });
    faults.add('op', { resource: 'configmaps', watchCut: true });
    const watch = request({ verb: 'watch', group: '', resource: 'configmaps', name: '' });
    expect(faults.decide('op', { ...watch, resumesWatch: true })?.fault).toEqual({ rule: 'f1', verb: 'watch', watch: 'gone' });
    expect(faults.decide('op', watch)?.fault).toEqual({ rule: 'f2', verb: 'watch', watch: 'cut' });
    expect(faults.decide('op', { ...watch, verb: 'list' })).toBeUndefined();
  });

  it("refuses a rule that does not say what to do, or says it twice, with kube's Invalid naming each field", () => {
    const faults = new RequestFaults();
    const refusal = (spec: object): StatusError => {
      try {
        faults.add('op', spec);
      } catch (err) {
        expect(isInvalid(err)).toBe(true);
        return err as StatusError;
      }
      throw new Error('accepted');
    };
    expect(refusal({}).message).toContain('status: Required value: a rule needs status, latencyMs, watchCut or gone');
    expect(refusal({ status: 409, watchCut: true }).message).toContain('choose one of status, watchCut and gone');
    expect(refusal({ status: 404 }).message).toContain('status: Unsupported value: 404: supported values: "403", "409", "429", "500", "503"');
    expect(refusal({ status: 500, rate: 0.5, count: 2 }).message).toContain('choose rate or count, not both');
    expect(refusal({ status: 500, rate: 1.5 }).message).toContain('rate: Invalid value: 1.5: must be more than 0 and at most 1');
    expect(refusal({ verbs: ['list'], gone: true }).message).toContain('watchCut and gone apply to watches only');
    expect(refusal({ status: 500, retryAfterSeconds: 2 }).message).toContain('only a 429 answer carries Retry-After');
    expect(refusal({ status: 500, labelSelector: 'a in (' }).status.details?.causes?.[0]?.field).toBe('labelSelector');
    expect(faults.rulesOf('op')).toBeUndefined();
  });

  it('removes one rule by id, or all of them, after which the client costs one lookup again', () => {
    const faults = new RequestFaults();
    faults.add('op', { status: 409 });
    faults.add('op', { status: 503 });
    expect(faults.clear('op', 'f1').rules.map((r) => r.id)).toEqual(['f2']);
    expect(isNotFound(catching(() => faults.clear('op', 'f1')))).toBe(true);
    expect(faults.clear('op').rules).toEqual([]);
    expect(faults.rulesOf('op')).toBeUndefined();
  });
});

describe("RequestFaults lifted with the client's credential", () => {
  /** A clock whose timers run when the test says. */
  const fakeClock = () => {
    let now = 0;
    const timers: { at: number; fn: () => void; cancelled: boolean }[] = [];
    return {
      now: () => now,
      setTimer(ms: number, fn: () => void) {
        const timer = { at: now + ms, fn, cancelled: false };
        timers.push(timer);
        return { cancel: () => void (timer.cancelled = true) };
      },
      advance(ms: number) {
        now += ms;
        for (const timer of timers.splice(0)) {
          if (timer.cancelled) continue;
          if (timer.at <= now) timer.fn();
          else timers.push(timer);
        }
      },
      pending: () => timers.filter((t) => !t.cancelled).length,
    };
  };

  it("drops the rules of a client whose credential is gone at the next check, and keeps the others'", () => {
    const clock = fakeClock();
    const connected = new Set(['op', 'other']);
    const faults = new RequestFaults({ clock, isConnected: (c) => connected.has(c), liftCheckMs: 1000 });
    faults.add('op', { status: 409 });
    faults.add('other', { status: 500 });
    clock.advance(1000);
    expect(faults.list('op').rules).toHaveLength(1);
    connected.delete('op');
    clock.advance(1000);
    expect(faults.rulesOf('op')).toBeUndefined();
    expect(faults.list('other').rules).toHaveLength(1);
  });

  it('checks only while some rule is in force', () => {
    const clock = fakeClock();
    const faults = new RequestFaults({ clock, isConnected: () => true, liftCheckMs: 1000 });
    expect(clock.pending()).toBe(0);
    faults.add('op', { status: 409 });
    expect(clock.pending()).toBe(1);
    faults.clear('op');
    expect(clock.pending()).toBe(0);
  });
});

function catching(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  return undefined;
}
