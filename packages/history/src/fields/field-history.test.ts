import { describe, expect, it } from 'vitest';
import type { ConflictRecord, FieldWriter, ObjectVersionRecord, StreamCoverage } from '@dojo/console-protocol';
import type { KubeObject } from '@dojo/kube-api';
import { buildFieldHistory } from './field-history.ts';

const object = { group: 'apps', kind: 'Deployment', namespace: 'default', name: 'web', uid: 'u1' };
const version = (
  rv: string,
  spec: Record<string, unknown>,
  status: Record<string, unknown> = {},
  event: ObjectVersionRecord['event'] = 'MODIFIED',
): ObjectVersionRecord => ({
  seq: Number(rv),
  time: 1000 * Number(rv),
  object,
  event,
  resourceVersion: rv,
  change: 'spec',
  body: { metadata: { name: 'web', resourceVersion: rv }, spec, status } as KubeObject,
});
const writers = new Map<string, FieldWriter>([
  ['1', { source: 'managedFields', manager: 'kubectl' }],
  ['2', { source: 'telemetry', manager: 'deployment-controller', controller: 'deployment-controller', reconcileId: 'r2' }],
  ['3', { source: 'managedFields', manager: 'hpa' }],
  ['4', { source: 'managedFields', manager: 'kubectl' }],
]);
const coverage: StreamCoverage = { stream: 'versions', completeSince: 0, evicted: 0, evictedByType: {}, records: 4, bytes: 0, oldestSeq: 1, lastSeq: 4 };
const versions = [
  version('1', { replicas: 1, paused: false }),
  version('2', { replicas: 1, paused: false }, { ready: 1 }),
  version('3', { replicas: 3, paused: false }, { ready: 1 }),
  version('4', { replicas: 2 }, { ready: 1 }),
];
const conflict: ConflictRecord = {
  type: 'conflict',
  seq: 50,
  time: 3500,
  controller: 'deployment-controller',
  key: 'default/web',
  resource: 'deployments',
  staleRV: '2',
  currentRV: '3',
  currentManager: 'hpa',
  reconcileId: 'r9',
};

describe('field history by writer', () => {
  const history = buildFieldHistory({
    object,
    versions,
    writers,
    conflicts: [conflict],
    owners: new Map([
      ['spec.replicas', ['kubectl']],
      ['status.ready', ['deployment-controller']],
    ]),
    coverage,
    recorded: true,
  });

  it('keeps every value of a field with who wrote it, and marks a field two managers wrote', () => {
    const replicas = history.fields.find((f) => f.path === 'spec.replicas')!;
    expect(replicas.changes.map((c) => [c.resourceVersion, c.value, c.writer.manager])).toEqual([
      ['1', 1, 'kubectl'],
      ['3', 3, 'hpa'],
      ['4', 2, 'kubectl'],
    ]);
    expect(replicas).toMatchObject({ writers: ['kubectl', 'hpa'], owners: ['kubectl'], contested: true });
    expect(history.fields.find((f) => f.path === 'status.ready')).toMatchObject({ writers: ['deployment-controller'], contested: false });
  });

  it('records a field taken away', () => {
    expect(history.fields.find((f) => f.path === 'spec.paused')!.changes.at(-1)).toMatchObject({
      resourceVersion: '4',
      removed: true,
      writer: { manager: 'kubectl' },
    });
  });

  it('traces a 409 to the version its writer had read and the write it had not seen', () => {
    expect(history.conflicts).toEqual([
      {
        seq: 50,
        time: 3500,
        controller: 'deployment-controller',
        reconcileId: 'r9',
        staleRV: '2',
        currentRV: '3',
        currentManager: 'hpa',
        staleVersion: { resourceVersion: '2', time: 2000, writer: writers.get('2') },
        nextVersion: { resourceVersion: '3', time: 3000, writer: writers.get('3') },
        changedPaths: ['spec.replicas'],
      },
    ]);
  });

  it("shows a server-side apply's field-manager conflict with the fields' owners, never as a stale read that lost to a version", () => {
    const apply: ConflictRecord = {
      type: 'conflict',
      seq: 60,
      time: 4500,
      controller: 'dojo-console',
      key: 'default/web',
      resource: 'deployments',
      cause: { kind: 'fieldManager', fields: [{ field: '.spec.replicas', manager: 'kubectl' }] },
    };
    const traced = buildFieldHistory({ object, versions, writers, conflicts: [apply], owners: new Map(), coverage, recorded: true }).conflicts;
    expect(traced).toEqual([{ seq: 60, time: 4500, controller: 'dojo-console', cause: apply.cause }]);
  });

  it('blames the newest version, and skips a deletion', () => {
    const withDeletion = buildFieldHistory({
      object,
      versions: [...versions, version('5', {}, {}, 'DELETED')],
      writers,
      conflicts: [],
      owners: new Map(),
      coverage,
      recorded: true,
    });
    expect(withDeletion.versions).toBe(4);
    expect(withDeletion.blame.find((l) => l.path === 'spec.replicas')).toMatchObject({ text: '  replicas: 2', last: { resourceVersion: '4' } });
  });

  it('is empty, not wrong, with nothing recorded', () => {
    expect(buildFieldHistory({ object, versions: [], writers: new Map(), conflicts: [], owners: new Map(), coverage, recorded: false })).toMatchObject({
      versions: 0,
      fields: [],
      blame: [],
      conflicts: [],
      recorded: false,
    });
  });
});
