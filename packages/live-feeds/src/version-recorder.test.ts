import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ObjectVersionRecord } from '@dojo/console-protocol';
import { HistoryStore, versionsStream } from '@dojo/history';
import type { KubeObject, ManagedFieldsEntry } from '@dojo/kube-api';
import { VersionRecorder, writerOf } from './version-recorder.ts';

const dojoKind = { group: 'core.jutsu.com', kind: 'Dojo' };
const stores: HistoryStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

/** Stands in for the console's redaction (its proxy's), which up.ts gives the recorder. */
const redactValues = (secret: KubeObject): KubeObject => ({
  ...secret,
  data: Object.fromEntries(Object.keys((secret.data ?? {}) as object).map((key) => [key, '<redacted>'])),
});

function recorder(path = join(mkdtempSync(join(tmpdir(), 'versions-')), 'history.db'), now = () => 1000) {
  const store = new HistoryStore({ path, flushEveryMs: 0, retentionEveryMs: 0 });
  stores.push(store);
  const stream = store.stream<ObjectVersionRecord>(versionsStream);
  return { path, store, stream, recorder: new VersionRecorder(stream, redactValues, now) };
}

const dojo = (rv: string, generation: number, status: string, managedFields: Omit<ManagedFieldsEntry, 'operation'>[] = []): KubeObject => ({
  apiVersion: 'core.jutsu.com/v1',
  kind: 'Dojo',
  metadata: {
    namespace: 'default',
    name: 'web',
    uid: 'u1',
    resourceVersion: rv,
    generation,
    managedFields: managedFields.map((f) => ({ ...f, operation: 'Update' as const })),
  },
  spec: { replicas: generation },
  status: { readyStatus: status },
});

describe('VersionRecorder', () => {
  it('records each version with its identity, generation, what changed and who wrote it, without managedFields', () => {
    const { stream, recorder: r } = recorder();
    const v1 = dojo('1', 1, '0/1', [{ manager: 'kubectl', time: '2024-01-01T00:00:00Z' }]);
    const v2 = dojo('2', 1, '1/1', [
      { manager: 'kubectl', time: '2024-01-01T00:00:00Z' },
      { manager: 'dojo', time: '2024-01-01T00:00:05Z' },
    ]);
    const v3 = dojo('3', 2, '1/1', [
      { manager: 'kubectl', time: '2024-01-01T00:00:09Z' },
      { manager: 'dojo', time: '2024-01-01T00:00:05Z' },
    ]);
    r.record(dojoKind, 'ADDED', undefined, v1);
    r.record(dojoKind, 'MODIFIED', v1, v2);
    r.record(dojoKind, 'MODIFIED', v2, v3);
    const versions = stream.query();
    expect(versions.map((v) => [v.resourceVersion, v.change, v.writer, v.generation])).toEqual([
      ['1', 'created', 'kubectl', 1],
      ['2', 'status', 'dojo', 1],
      ['3', 'spec', 'kubectl', 2],
    ]);
    expect(versions[0]!.object).toEqual({ group: 'core.jutsu.com', kind: 'Dojo', namespace: 'default', name: 'web', uid: 'u1' });
    expect(versions[0]!.body.metadata.managedFields).toBeUndefined();
  });

  it('tells a spec change from status churn by the spec itself when a generation first appears', () => {
    const { stream, recorder: r } = recorder();
    const { generation: _none, ...withoutGeneration } = dojo('1', 1, '0/1').metadata;
    const v1: KubeObject = { ...dojo('1', 1, '0/1'), metadata: withoutGeneration };
    const v2 = dojo('2', 1, '1/1');
    const v3 = dojo('3', 1, '2/1');
    r.record(dojoKind, 'ADDED', undefined, v1);
    r.record(dojoKind, 'MODIFIED', v1, v2);
    r.record(dojoKind, 'MODIFIED', v2, v3);
    expect(stream.query().map((v) => [v.resourceVersion, v.change])).toEqual([
      ['1', 'created'],
      ['2', 'status'],
      ['3', 'status'],
    ]);
  });

  it('never stores the values of a Secret: they pass through the redaction it is given', () => {
    const { stream, recorder: r } = recorder();
    r.record({ group: '', kind: 'Secret' }, 'ADDED', undefined, {
      metadata: { namespace: 'default', name: 's', uid: 's1', resourceVersion: '4' },
      data: { password: 'aHVudGVyMg==' },
    });
    const [stored] = stream.query();
    expect(stored!.body.data).toEqual({ password: '<redacted>' });
    expect(JSON.stringify(stored)).not.toContain('aHVudGVyMg==');
  });

  it('after a restart, does not record again a version the store already has', async () => {
    const first = recorder();
    first.recorder.record(dojoKind, 'ADDED', undefined, dojo('1', 1, '0/1'));
    await first.store.close();
    stores.splice(stores.indexOf(first.store), 1);
    const again = recorder(first.path);
    again.recorder.record(dojoKind, 'ADDED', undefined, dojo('1', 1, '0/1'));
    again.recorder.record(dojoKind, 'ADDED', undefined, dojo('5', 2, '0/1'));
    expect(again.stream.query().map((v) => [v.resourceVersion, v.change])).toEqual([
      ['1', 'created'],
      ['5', 'spec'],
    ]);
  });

  it("asks the store for an earlier version only of objects from the informer's first list", () => {
    const { stream, recorder: r } = recorder();
    let queries = 0;
    const query = stream.query.bind(stream);
    stream.query = (q) => (queries++, query(q));
    const handler = r.handlerFor(dojoKind);
    handler.onAdd!(dojo('1', 1, '0/1'), { initialList: true });
    expect(queries).toBe(1);
    handler.onAdd!({ ...dojo('2', 1, '0/1'), metadata: { namespace: 'default', name: 'new', uid: 'u2', resourceVersion: '2' } }, { initialList: false });
    expect(queries).toBe(1);
    expect(stream.query().map((v) => [v.object.name, v.change])).toEqual([
      ['web', 'created'],
      ['new', 'created'],
    ]);
  });

  it('names the writer whose managedFields entry changed, else the newest entry', () => {
    const before = dojo('1', 1, 'a', [
      { manager: 'a', time: '2024-01-01T00:00:09Z' },
      { manager: 'b', time: '2024-01-01T00:00:01Z' },
    ]);
    const after = dojo('2', 1, 'b', [
      { manager: 'a', time: '2024-01-01T00:00:09Z' },
      { manager: 'b', time: '2024-01-01T00:00:02Z' },
    ]);
    expect(writerOf(before, after)).toBe('b');
    expect(writerOf(undefined, after)).toBe('a');
  });

  it('names the /scale writer, whose new entry has no time, not the owner that lost the replicas to it', () => {
    const fields = (...names: string[]) => ({ 'f:spec': Object.fromEntries(names.map((n) => [`f:${n}`, {}])) });
    const before = dojo('1', 1, 'a', [{ manager: 'kubectl-client-side-apply', time: '2024-01-01T00:00:01Z', fieldsV1: fields('replicas', 'title') }]);
    const after = dojo('2', 1, 'a', [
      { manager: 'kubectl-client-side-apply', time: '2024-01-01T00:00:01Z', fieldsV1: fields('title') },
      { manager: 'kubectl', subresource: 'scale', fieldsV1: fields('replicas') },
    ]);
    expect(writerOf(before, after)).toBe('kubectl');
  });
});
