import { describe, expect, it } from 'vitest';
import type { ReportLine, ReportLineId, RequestRecord } from '@dojo/console-protocol';
import { ClientIdentifier } from './client-identity.ts';
import { reportCard } from './report-card.ts';
import { observeActivity } from './testing/observed-activity.ts';
import { deployments, dojos, kubectl, operator, type SimulatedJournal, type Who } from './testing/simulated-journal.ts';

const op = operator('my-operator');
const identifier = new ClientIdentifier();

function cardOf(observed: ReturnType<typeof observeActivity>, client = 'my-operator', serviceAccount?: { namespace: string; name: string }) {
  const { journal, activity } = observed;
  activity.tick();
  const staleness = activity.staleness(client);
  return reportCard({
    client,
    records: journal.records,
    identify: (origin) => identifier.identify(origin),
    hotLoops: activity.snapshot().hotLoops,
    staleWrites: staleness.staleWrites,
    staleWriteCount: staleness.staleWriteCount,
    now: journal.time,
    ...(serviceAccount ? { serviceAccount } : {}),
  });
}

function lineOf(observed: ReturnType<typeof observeActivity>, id: ReportLineId, client?: string): ReportLine {
  return cardOf(observed, client).lines.find((l) => l.id === id)!;
}

const failed = (journal: SimulatedJournal, who: Who, code: number, fields: Partial<RequestRecord> = {}) =>
  journal.request(who, dojos, { verb: 'get', namespace: 'default', name: 'web', code, reason: code === 429 ? 'TooManyRequests' : 'InternalError', ...fields });

describe('a report card', () => {
  it('has every line, in order, each not seen yet for a client that did nothing', () => {
    const card = cardOf(observeActivity());
    expect(card.lines.map((l) => l.id)).toEqual([
      'conflict-retries',
      'backoff',
      'watches',
      'status-subresource',
      'observed-generation',
      'hot-loops',
      'finalizers',
      'owner-references',
      'stale-views',
      'rbac',
    ]);
    expect(card.lines.every((l) => l.verdict === 'not-seen')).toBe(true);
    expect(card.from).toEqual({ records: 0 });
  });
});

describe('retries after 409 Conflict', () => {
  it('is good when every 409 is followed by a write of the same object, with the median delay and links to both', () => {
    const observed = observeActivity();
    const { journal } = observed;
    const rv = journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    const conflict = journal.conflict(op, dojos, 'default', 'web', String(Number(rv) - 1));
    journal.advance(40);
    journal.write(op, dojos, 'default', 'web', { verb: 'update', changedPaths: ['spec.title'] });
    const line = lineOf(observed, 'conflict-retries');
    expect(line.verdict).toBe('good');
    expect(line.summary).toBe('Retried every 409 (1), median 40 ms after the conflict.');
    expect(line.links[0]).toEqual({ kind: 'request', seq: conflict.seq, label: '409 on dojos default/web' });
  });

  it('links the reconcile that met the 409 when the telemetry names one', () => {
    const observed = observeActivity();
    const { journal } = observed;
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    const conflict = journal.conflict(op, dojos, 'default', 'web', '1');
    journal.write(op, dojos, 'default', 'web', { verb: 'update' });
    const card = reportCard({
      client: 'my-operator',
      records: journal.records,
      identify: (origin) => identifier.identify(origin),
      hotLoops: [],
      staleWrites: [],
      staleWriteCount: 0,
      reconcileOfConflict: (record) => (record.seq === conflict.seq ? 'my-operator-7' : undefined),
      now: journal.time,
    });
    expect(card.lines[0]!.links.at(-1)).toEqual({ kind: 'reconcile', reconcileId: 'my-operator-7', label: 'the reconcile that met the first 409' });
  });

  it('is a problem when a 409 is never retried within a minute', () => {
    const observed = observeActivity();
    const { journal } = observed;
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.conflict(op, dojos, 'default', 'web', '1');
    journal.advance(61_000);
    const line = lineOf(observed, 'conflict-retries');
    expect(line.verdict).toBe('problem');
    expect(line.figures).toContainEqual({ label: 'given up', value: 1 });
  });
});

describe('backs off on 5xx and 429', () => {
  it('is good when a 429 is retried after its Retry-After', () => {
    const observed = observeActivity();
    const { journal } = observed;
    failed(journal, op, 429, { fault: { rule: 'f1', verb: 'get', status: 429, retryAfterSeconds: 1 } });
    journal.advance(1000);
    journal.get(op, dojos, 'default', 'web');
    expect(lineOf(observed, 'backoff').verdict).toBe('good');
  });

  it('is a problem when a 429 is retried before its Retry-After', () => {
    const observed = observeActivity();
    const { journal } = observed;
    failed(journal, op, 429, { fault: { rule: 'f1', verb: 'get', status: 429, retryAfterSeconds: 2 } });
    journal.advance(10);
    journal.get(op, dojos, 'default', 'web');
    const line = lineOf(observed, 'backoff');
    expect(line.verdict).toBe('problem');
    expect(line.summary).toMatch(/before their Retry-After/);
  });

  it('is good when repeated 500s are retried further and further apart, a problem when at a steady short pace', () => {
    const growing = observeActivity();
    for (const wait of [5, 10, 20, 40]) {
      failed(growing.journal, op, 500);
      growing.journal.advance(wait);
    }
    growing.journal.get(op, dojos, 'default', 'web');
    expect(lineOf(growing, 'backoff').verdict).toBe('good');

    const steady = observeActivity();
    for (let i = 0; i < 4; i++) {
      failed(steady.journal, op, 503);
      steady.journal.advance(10);
    }
    steady.journal.get(op, dojos, 'default', 'web');
    const line = lineOf(steady, 'backoff');
    expect(line.verdict).toBe('problem');
    expect(line.summary).toMatch(/steady, short pace/);
  });
});

describe('watches instead of polling', () => {
  it('is good for a client that watches what it reads', () => {
    const observed = observeActivity();
    observed.journal.watch(op, dojos);
    for (let i = 0; i < 6; i++) {
      observed.journal.list(op, dojos);
      observed.journal.advance(5000);
    }
    expect(lineOf(observed, 'watches').verdict).toBe('good');
  });

  it('warns of a client listing the same thing every 5 s with no watch of it', () => {
    const observed = observeActivity();
    for (let i = 0; i < 6; i++) {
      observed.journal.list(op, dojos, 'default');
      observed.journal.advance(5000 + (i % 2) * 200);
    }
    const line = lineOf(observed, 'watches');
    expect(line.verdict).toBe('warning');
    expect(line.summary).toMatch(/^Polls list core.jutsu.com\/dojos default\/\* every 5\.\d s/);
  });

  it('does not call a few reads at random moments polling', () => {
    const observed = observeActivity();
    for (const wait of [100, 9000, 300, 4000, 20]) {
      observed.journal.get(op, dojos, 'default', 'web');
      observed.journal.advance(wait);
    }
    expect(lineOf(observed, 'watches').verdict).toBe('good');
  });
});

describe('writes status through the status subresource', () => {
  it('is good for status written to /status', () => {
    const observed = observeActivity();
    observed.journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    observed.journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.phase'] });
    expect(lineOf(observed, 'status-subresource').verdict).toBe('good');
  });

  it('is a problem for an update of the main resource that changed only status', () => {
    const observed = observeActivity();
    observed.journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    const rv = observed.journal.write(op, dojos, 'default', 'web', { verb: 'update', changedPaths: ['status.phase', 'status.conditions[type=Ready].status'] });
    const line = lineOf(observed, 'status-subresource');
    expect(line.verdict).toBe('problem');
    expect(line.links[0]).toMatchObject({ kind: 'request', seq: observed.journal.records.find((r) => r.type === 'request' && r.rvReturned === rv)!.seq });
  });
});

describe('sets status.observedGeneration', () => {
  const statusWrite = (journal: SimulatedJournal, generation: number, changedPaths: string[]) =>
    journal.request(op, dojos, { verb: 'update', subresource: 'status', namespace: 'default', name: 'web', generation, changedPaths, rvReturned: '1' });

  it('is good when the status write after a generation change carries the new observedGeneration', () => {
    const observed = observeActivity();
    statusWrite(observed.journal, 1, ['status']);
    statusWrite(observed.journal, 2, ['status.observedGeneration', 'status.phase']);
    const line = lineOf(observed, 'observed-generation');
    expect(line.verdict).toBe('good');
    expect(line.figures).toContainEqual({ label: 'generation changes followed by a new observedGeneration', value: 1 });
  });

  it('is a problem when status is written after generation changes and never says which generation it describes', () => {
    const observed = observeActivity();
    statusWrite(observed.journal, 1, ['status']);
    statusWrite(observed.journal, 2, ['status.phase']);
    statusWrite(observed.journal, 2, ['status.conditions[type=Ready].status']);
    expect(lineOf(observed, 'observed-generation').verdict).toBe('problem');
  });
});

describe('no hot loops', () => {
  it('is good for a client whose writes converge, a problem while it rewrites a field on its own echo', () => {
    const observed = observeActivity();
    observed.journal.watch(op, dojos);
    observed.journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    observed.journal.advance(100);
    observed.journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.phase'] });
    expect(lineOf(observed, 'hot-loops').verdict).toBe('good');
    for (let i = 0; i < 6; i++) {
      observed.journal.advance(100);
      observed.journal.write(op, dojos, 'default', 'web', { subresource: 'status', changedPaths: ['status.conditions[type=Ready].lastTransitionTime'] });
    }
    const line = lineOf(observed, 'hot-loops');
    expect(line.verdict).toBe('problem');
    expect(line.links[0]).toMatchObject({ kind: 'hot-loop', object: { kind: 'Dojo', namespace: 'default', name: 'web' } });
  });
});

describe('removes its finalizers', () => {
  function finalized() {
    const observed = observeActivity();
    const { journal } = observed;
    journal.watch(kubectl, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.write(op, dojos, 'default', 'web', { changedPaths: ['metadata.finalizers'] });
    journal.advance(1000);
    journal.request(kubectl, dojos, { verb: 'delete', namespace: 'default', name: 'web', code: 200 });
    return observed;
  }

  it('is good when it removes its finalizer after the delete, with the delay', () => {
    const observed = finalized();
    observed.journal.advance(300);
    observed.journal.write(op, dojos, 'default', 'web', { changedPaths: ['metadata.finalizers'] });
    const line = lineOf(observed, 'finalizers');
    expect(line.verdict).toBe('good');
    expect(line.figures).toContainEqual({ label: 'median delete to removal', value: '300 ms' });
  });

  it('is a problem when the object stays in deletion with its finalizer for more than 30 s', () => {
    const observed = finalized();
    observed.journal.advance(31_000);
    const line = lineOf(observed, 'finalizers');
    expect(line.verdict).toBe('problem');
    expect(line.summary).toMatch(/stayed in deletion/);
  });

  it('is not judged when the object was deleted anyway (a DELETED event reached a watch)', () => {
    const observed = finalized();
    observed.journal.write(kubectl, dojos, 'default', 'web', { verb: 'delete' });
    observed.journal.advance(31_000);
    expect(lineOf(observed, 'finalizers').verdict).not.toBe('problem');
  });
});

describe('sets owner references on what it creates', () => {
  const owner = { group: 'core.jutsu.com', kind: 'Dojo', name: 'web' };

  it('is good when what it creates and then manages names its controller owner', () => {
    const observed = observeActivity();
    observed.journal.write(op, deployments, 'default', 'web', { verb: 'create', owner });
    observed.journal.write(op, deployments, 'default', 'web', { changedPaths: ['spec.replicas'] });
    expect(lineOf(observed, 'owner-references').verdict).toBe('good');
  });

  it('warns when it creates and then manages an object with no controller owner', () => {
    const observed = observeActivity();
    observed.journal.write(op, deployments, 'default', 'web', { verb: 'create' });
    observed.journal.write(op, deployments, 'default', 'web', { changedPaths: ['spec.replicas'] });
    const line = lineOf(observed, 'owner-references');
    expect(line.verdict).toBe('warning');
    expect(line.summary).toMatch(/apps\/deployments/);
  });
});

describe('acts on fresh views', () => {
  it('is good when no write was made on a stale view, a problem for a lost update, linking the stale write', () => {
    const observed = observeActivity();
    const { journal } = observed;
    const watchId = journal.watch(op, dojos);
    journal.write(kubectl, dojos, 'default', 'web', { verb: 'create' });
    journal.write(op, dojos, 'default', 'other', { verb: 'create' });
    expect(lineOf(observed, 'stale-views').verdict).toBe('good');
    journal.hold(watchId);
    journal.advance(200);
    journal.write(kubectl, dojos, 'default', 'web', { changedPaths: ['metadata.generation', 'spec.replicas'] });
    journal.advance(200);
    const rv = journal.write(op, dojos, 'default', 'web', { changedPaths: ['spec.replicas'], rvSent: false });
    const line = lineOf(observed, 'stale-views');
    expect(line.verdict).toBe('problem');
    expect(line.links[0]).toMatchObject({ kind: 'stale-write', writeSeq: journal.records.find((r) => r.type === 'request' && r.rvReturned === rv)!.seq });
  });
});

describe('RBAC gaps', () => {
  it('is a problem listing the missing rule for a 403 from the authorizer, and ignores an injected 403', () => {
    const observed = observeActivity();
    observed.journal.request(op, dojos, {
      verb: 'update',
      subresource: 'status',
      namespace: 'default',
      name: 'web',
      code: 403,
      reason: 'Forbidden',
      fault: { rule: 'f1', verb: 'update', status: 403 },
    });
    expect(cardOf(observed, 'my-operator', { namespace: 'ops', name: 'op' }).lines.find((l) => l.id === 'rbac')!.verdict).toBe('good');
    observed.journal.request(op, dojos, {
      verb: 'update',
      subresource: 'status',
      namespace: 'default',
      name: 'web',
      code: 403,
      reason: 'Forbidden',
      forbidden: {
        authorizedAs: 'system:serviceaccount:ops:op',
        verb: 'update',
        rule: { verbs: ['update'], apiGroups: ['core.jutsu.com'], resources: ['dojos/status'] },
        namespace: 'default',
      },
    });
    const line = cardOf(observed, 'my-operator', { namespace: 'ops', name: 'op' }).lines.find((l) => l.id === 'rbac')!;
    expect(line.verdict).toBe('problem');
    expect(line.figures).toContainEqual({ label: 'missing rule 1', value: 'Role in default: verbs update on dojos/status (group "core.jutsu.com")' });
  });

  it('says it was not checked for a client trusted as the admin', () => {
    expect(lineOf(observeActivity(), 'rbac').summary).toMatch(/^Not checked/);
  });
});
