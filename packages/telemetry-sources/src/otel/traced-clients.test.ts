import { describe, expect, it } from 'vitest';
import { ClientIdentifier, type TelemetryInput } from '@dojo/activity';
import type { RequestRecord } from '@dojo/console-protocol';
import { TracedReconciles } from './receive-reconciles.ts';
import type { ReceivedSpan } from './receive-spans.ts';
import { TracedClients } from './traced-clients.ts';

const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
let seq = 0;

/** A request as the embedded API server's journal records it. */
function request(user: string, verb: RequestRecord['verb'], name: string, time: number, code = 200, userAgent = 'kube-rs/0.99'): RequestRecord {
  return {
    seq: ++seq,
    time,
    type: 'request',
    user,
    userAgent,
    verb,
    group: '',
    version: 'v1',
    resource: 'configmaps',
    namespace: 'default',
    name,
    code,
    latencyMs: 1,
  };
}

/** A kube-rs reconcile span of `service` with one client call per `[method, name, code]`. */
function reconcileSpans(service: string, traceN: number, at: number, calls: readonly [string, string, number][]): ReceivedSpan[] {
  const resource = { 'service.name': service };
  const root: ReceivedSpan = {
    traceId: hex(traceN, 32),
    spanId: hex(traceN * 100, 16),
    name: 'reconciling object',
    kind: 1,
    startMs: at,
    endMs: at + 50,
    attributes: { 'object.ref': `Dojo.v1.core.jutsu.com/d${traceN}.default`, 'object.reason': 'object updated' },
    status: { code: 0 },
    resource,
  };
  return [
    root,
    ...calls.map(([method, name, code], i): ReceivedSpan => ({
      traceId: root.traceId,
      spanId: hex(traceN * 100 + i + 1, 16),
      parentSpanId: root.spanId,
      name: method,
      kind: 3,
      startMs: at + 1 + i * 2,
      endMs: at + 2 + i * 2,
      attributes: {
        'http.method': method,
        'http.url': `https://10.96.0.1/api/v1/namespaces/default/configmaps${name ? `/${name}` : ''}`,
        'http.status_code': code,
      },
      status: { code: 0 },
      resource,
    })),
  ];
}

function directory() {
  const clients = new TracedClients({ identifier: new ClientIdentifier({ isEmbedded: (name) => name === 'dojo' }), clock: { now: () => 10_000 } });
  const records: TelemetryInput[] = [];
  const traced = new TracedReconciles({ clock: { now: () => 0 }, emit: (r) => void records.push(r), clients });
  return { clients, traced, records };
}

describe('which API server client a traced operator is', () => {
  it('is the connected client that made the calls its reconcile spans recorded', () => {
    const { clients, traced } = directory();
    clients.append(request('rust-op', 'get', 'a', 1_001));
    clients.append(request('rust-op', 'update', 'a', 1_003));
    clients.append(request('admin', 'get', 'b', 1_001, 200, 'kubectl/v1.31.0 (linux/amd64) kubernetes/abc'));
    traced.ingest(
      reconcileSpans('dojo-operator-rs', 1, 1_000, [
        ['GET', 'a', 200],
        ['PUT', 'a', 200],
      ]),
    );
    expect(traced.summaries()).toMatchObject([{ controller: 'dojo-operator-rs/dojo', service: 'dojo-operator-rs', client: 'rust-op' }]);
  });

  it('matches a call whose journal record arrives after the span that recorded it', () => {
    const { clients, traced } = directory();
    traced.ingest(reconcileSpans('dojo-operator-rs', 1, 1_000, [['POST', '', 201]]));
    expect(traced.summaries()[0]).not.toHaveProperty('client');
    // A create's journal record names the object; its URL does not.
    clients.append(request('rust-op', 'create', 'made', 1_030, 201));
    expect(traced.summaries()[0]!.client).toBe('rust-op');
  });

  it('is the client named exactly as the service, even before any call matched', () => {
    const { clients, traced } = directory();
    clients.append(request('dojo-operator-rs', 'list', '', 5_000));
    traced.ingest(reconcileSpans('dojo-operator-rs', 1, 1_000, []));
    expect(traced.summaries()[0]!.client).toBe('dojo-operator-rs');
  });

  it('stays a controller of its own when no client of the journal made its calls then', () => {
    const { clients, traced } = directory();
    // The same call, by a client, but a minute away from the span: another reconcile, another operator.
    clients.append(request('rust-op', 'get', 'a', 61_000));
    // The console's own controller made exactly this call at that moment: it sends no spans.
    clients.append(request('admin', 'get', 'a', 1_001, 200, 'dojo-console/dojo'));
    traced.ingest(reconcileSpans('elsewhere', 1, 1_000, [['GET', 'a', 200]]));
    expect(traced.summaries()[0]).not.toHaveProperty('client');
  });

  it("names the write that won its 409 from the journal's record of the refused request", () => {
    const { clients, traced, records } = directory();
    clients.append(request('rust-op', 'get', 'a', 1_001));
    clients.append({
      ...request('rust-op', 'update', 'a', 1_003, 409),
      rvSent: '41',
      conflict: {
        currentRV: '42',
        writer: { user: 'admin', userAgent: 'kubectl/v1.33.0 (linux/amd64) kubernetes/abc', fieldManager: 'kubectl-patch', source: 'journal' },
      },
    });
    traced.ingest(
      reconcileSpans('dojo-operator-rs', 1, 1_000, [
        ['GET', 'a', 200],
        ['PUT', 'a', 409],
      ]),
    );
    expect(records.filter((r) => r.type === 'conflict')).toEqual([
      expect.objectContaining({ resource: 'configmaps', staleRV: '41', currentRV: '42', currentManager: 'kubectl-patch', currentClient: 'kubectl' }),
    ]);
  });

  it('leaves the winner out of a traced 409 the journal has not recorded (yet)', () => {
    const { traced, records } = directory();
    traced.ingest(reconcileSpans('dojo-operator-rs', 1, 1_000, [['PUT', 'a', 409]]));
    const conflict = records.find((r) => r.type === 'conflict');
    expect(conflict).toMatchObject({ resource: 'configmaps' });
    expect(conflict).not.toHaveProperty('currentManager');
    expect(conflict).not.toHaveProperty('staleRV');
  });

  it('does not guess when two clients made the same call at the same moment', () => {
    const { clients, traced } = directory();
    clients.append(request('rust-op', 'get', 'a', 1_001));
    clients.append(request('go-op', 'get', 'a', 1_001));
    traced.ingest(reconcileSpans('dojo-operator-rs', 1, 1_000, [['GET', 'a', 200]]));
    expect(traced.summaries()[0]).not.toHaveProperty('client');
    // A later reconcile's call only one of them made settles it.
    clients.append(request('go-op', 'get', 'c', 2_001, 404));
    traced.ingest(reconcileSpans('dojo-operator-rs', 2, 2_000, [['GET', 'c', 404]]));
    expect(traced.summaries()[0]!.client).toBe('go-op');
  });

  it('forgets the oldest requests beyond its bound', () => {
    const clients = new TracedClients({ identifier: new ClientIdentifier(), maxRequests: 2 });
    clients.append(request('old-op', 'get', 'a', 1_000));
    clients.append(request('new-op', 'get', 'b', 1_000));
    clients.append(request('new-op', 'get', 'c', 1_000));
    const get = (name: string) => ({ verb: 'get', resource: 'configmaps', namespace: 'default', name, code: 200 });
    expect(clients.clientOf(get('a'), 1_000, 1_000)).toBeUndefined();
    expect(clients.clientOf(get('c'), 1_000, 1_000)).toBe('new-op');
  });
  it('tells the activity inference which clients are traced operators, matching late records itself at most once a second', () => {
    const now = { t: 10_000 };
    const clients = new TracedClients({ identifier: new ClientIdentifier(), clock: { now: () => now.t } });
    const traced = new TracedReconciles({ clock: { now: () => 0 }, emit: () => {}, clients });
    traced.ingest(reconcileSpans('dojo-operator-rs', 1, 1_000, [['POST', '', 201]]));
    expect(clients.sendsTraces('rust-op')).toBe(false);
    // The journal's record of the create arrives after the span, and nobody asked for summaries since.
    clients.append(request('rust-op', 'create', 'made', 1_030, 201));
    expect(clients.sendsTraces('rust-op')).toBe(false);
    now.t += 1_000;
    expect(clients.sendsTraces('rust-op')).toBe(true);
    expect(clients.sendsTraces('go-op')).toBe(false);
  });
});
