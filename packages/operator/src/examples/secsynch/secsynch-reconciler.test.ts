import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Condition } from '@dojo/kube-api';
import { builtinTypes, type Controller, type Manager, type PredicateCounts } from '@dojo/runtime';
import { eventually } from '../../testing/eventually.ts';
import { startExampleTestEnv, type ExampleTestEnv, type KubectlResult } from '../testing/example-test-env.ts';
import { copyLabel, type Secret } from './secret-copy.ts';
import { secSynchCrd, secSynchType, type SecSynch, type SecSynchSpec } from './secsynch.ts';
import { secretCopiesFinalizer } from './secsynch-plan.ts';
import { registerSecSynchOperator } from './register-secsynch-operator.ts';

let env: ExampleTestEnv;
let manager: Manager;
let controller: Controller;

beforeAll(async () => {
  env = await startExampleTestEnv();
  await env.installCrd(secSynchCrd());
  manager = await env.startManager((m) => void (controller = registerSecSynchOperator(m)));
});

afterAll(async () => {
  await env?.stop();
});

const base64 = (text: string): string => Buffer.from(text).toString('base64');

/** The seed's secretsync-a, living beside its source Secret. */
function secSynchYaml(name: string, spec: SecSynchSpec): string {
  return [
    'apiVersion: tutorial.study.dev/v1alpha1',
    'kind: SecSynch',
    'metadata:',
    `  name: ${name}`,
    `  namespace: ${spec.sourceNamespace}`,
    'spec:',
    `  sourceNamespace: ${spec.sourceNamespace}`,
    `  secretName: ${spec.secretName}`,
    `  destinationNamespaces: [${spec.destinationNamespaces.join(', ')}]`,
    '',
  ].join('\n');
}

async function kubectl(args: readonly string[], stdin?: string): Promise<string> {
  const result: KubectlResult = await env.kubectl(args, stdin);
  if (result.code !== 0) throw new Error(`kubectl ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

async function namespaces(...names: string[]): Promise<void> {
  for (const name of names) await env.namespace(name);
}

const read = (namespace: string, name: string): Promise<SecSynch> => env.api.get<SecSynch>(secSynchType, { namespace, name });
const secretIn = (namespace: string, name = 'secret-a'): Promise<Secret> => env.api.get<Secret>(builtinTypes.secrets, { namespace, name });
const condition = (s: SecSynch, type: string): Condition | undefined => s.status?.conditions?.find((c) => c.type === type);

async function ready(namespace: string, name: string): Promise<SecSynch> {
  return eventually(async () => {
    const s = await read(namespace, name);
    expect(condition(s, 'Ready')).toMatchObject({ status: 'True', reason: 'Synced' });
    return s;
  });
}

/** The secsynch controller's reconcile count and, per watched kind, what its predicates passed and dropped. */
function counts(): { reconciles: number; SecSynch: PredicateCounts; Secret: PredicateCounts; Namespace: PredicateCounts } {
  const info = manager.controllers().find((c) => c.name === 'secsynch')!;
  const by = Object.fromEntries(info.sources.map((s) => [s.kind, s.predicates]));
  return { reconciles: info.state.counts.total, SecSynch: by.SecSynch!, Secret: by.Secret!, Namespace: by.Namespace! };
}

/** Nothing queued, processing, dirty or delayed, and no worker busy. */
function expectIdle(): void {
  const { queue, workers } = controller.state();
  expect({ depth: queue.depth, processing: queue.processing.length, dirty: queue.dirty.length, delayed: queue.delayed.length, busy: workers.busy }).toEqual({
    depth: 0,
    processing: 0,
    dirty: 0,
    delayed: 0,
    busy: 0,
  });
}

describe('SecSynch operator', () => {
  it('copies the source Secret to every destination, and kubectl lists it with its printer columns', async () => {
    await namespaces('copy-src', 'copy-b', 'copy-c');
    await kubectl(['create', 'secret', 'generic', 'secret-a', '-n', 'copy-src', '--from-literal=password=s3cr3t']);
    const applied = await kubectl(
      ['apply', '-f', '-'],
      secSynchYaml('secretsync-a', { sourceNamespace: 'copy-src', secretName: 'secret-a', destinationNamespaces: ['copy-b', 'copy-c'] }),
    );
    expect(applied.trim()).toBe('secsynch.tutorial.study.dev/secretsync-a created');

    const synced = await ready('copy-src', 'secretsync-a');
    expect(synced.status).toMatchObject({ observedGeneration: 1, syncedNamespaces: ['copy-b', 'copy-c'], lastSyncTime: expect.stringMatching(/Z$/) });
    expect(synced.metadata.finalizers).toEqual([secretCopiesFinalizer]);
    for (const ns of ['copy-b', 'copy-c']) {
      const copy = await secretIn(ns);
      expect(copy).toMatchObject({ type: 'Opaque', data: { password: base64('s3cr3t') } });
      expect(copy.metadata.labels?.[copyLabel]).toBe('copy-src.secretsync-a');
    }

    const table = await env.kubectl(['get', 'secsynches', '-n', 'copy-src']);
    expect(table.stderr).toBe('');
    const [header, row] = table.stdout.trim().split('\n');
    expect(header!.split(/\s+/)).toEqual(['NAME', 'SECRET', 'SOURCE', 'DESTINATIONS', 'SYNCED', 'AGE']);
    expect(row).toMatch(/^secretsync-a\s+secret-a\s+copy-src\s+\["copy-b","copy-c"\]\s+\["copy-b","copy-c"\]\s+\d+s$/);
  });

  it('problem 1: deleting the SecSynch deletes its copies (a finalizer holds it meanwhile), and never a Secret it did not create', async () => {
    await namespaces('del-src', 'del-b', 'del-c', 'del-d');
    await env.api.create(builtinTypes.secrets, { metadata: { namespace: 'del-src', name: 'secret-a' }, data: { password: base64('s3cr3t') } });
    await env.api.create(builtinTypes.secrets, { metadata: { namespace: 'del-c', name: 'secret-a' }, data: { mine: base64('not yours') } });
    await kubectl(
      ['apply', '-f', '-'],
      secSynchYaml('secretsync-a', { sourceNamespace: 'del-src', secretName: 'secret-a', destinationNamespaces: ['del-b', 'del-c', 'del-d'] }),
    );

    const conflicted = await eventually(async () => {
      const s = await read('del-src', 'secretsync-a');
      expect(condition(s, 'Degraded')).toMatchObject({ status: 'True', reason: 'SecretConflict', message: expect.stringContaining('in: del-c') });
      return s;
    });
    expect(conflicted.status?.syncedNamespaces).toEqual(['del-b', 'del-d']);
    expect((await secretIn('del-c')).data).toEqual({ mine: base64('not yours') });

    // A namespace taken off the list loses its copy.
    await kubectl(['patch', 'secsynch', 'secretsync-a', '-n', 'del-src', '--type=merge', '-p', '{"spec":{"destinationNamespaces":["del-b","del-c"]}}']);
    await eventually(() => expect(secretIn('del-d')).rejects.toMatchObject({ code: 404 }));
    await secretIn('del-b');

    // Paused, the controller cannot finalize: the finalizer holds the SecSynch in Terminating
    // with its copy still there. Resumed, the deletion event reaches it through the predicate
    // (on the embedded API server generation does not move when deletion starts).
    controller.pause();
    await kubectl(['delete', 'secsynch', 'secretsync-a', '-n', 'del-src', '--wait=false']);
    const terminating = await read('del-src', 'secretsync-a');
    expect(terminating.metadata).toMatchObject({ deletionTimestamp: expect.any(String), finalizers: [secretCopiesFinalizer] });
    await secretIn('del-b');
    controller.resume();

    await eventually(() => expect(read('del-src', 'secretsync-a')).rejects.toMatchObject({ code: 404 }));
    await expect(secretIn('del-b')).rejects.toMatchObject({ code: 404 });
    expect((await secretIn('del-c')).data).toEqual({ mine: base64('not yours') });
    expect((await secretIn('del-src')).data).toEqual({ password: base64('s3cr3t') });
  });

  it('problem 2: an update of the source Secret reaches every copy, and a copy edited or deleted by hand is restored', async () => {
    await namespaces('upd-src', 'upd-b', 'upd-c');
    await kubectl(['create', 'secret', 'generic', 'secret-a', '-n', 'upd-src', '--from-literal=password=s3cr3t']);
    await kubectl(
      ['apply', '-f', '-'],
      secSynchYaml('secretsync-a', { sourceNamespace: 'upd-src', secretName: 'secret-a', destinationNamespaces: ['upd-b', 'upd-c'] }),
    );
    await ready('upd-src', 'secretsync-a');

    await kubectl([
      'patch',
      'secret',
      'secret-a',
      '-n',
      'upd-src',
      '--type=merge',
      '-p',
      JSON.stringify({ data: { password: base64('rotated'), user: base64('admin') } }),
    ]);
    for (const ns of ['upd-b', 'upd-c']) {
      await eventually(async () => expect((await secretIn(ns)).data).toEqual({ password: base64('rotated'), user: base64('admin') }));
    }

    await kubectl(['patch', 'secret', 'secret-a', '-n', 'upd-b', '--type=merge', '-p', JSON.stringify({ data: { password: base64('tampered') } })]);
    await eventually(async () => expect((await secretIn('upd-b')).data?.password).toBe(base64('rotated')));

    const deleted = await secretIn('upd-c');
    await kubectl(['delete', 'secret', 'secret-a', '-n', 'upd-c']);
    const restored = await eventually(async () => {
      const copy = await secretIn('upd-c');
      expect(copy.metadata.uid).not.toBe(deleted.metadata.uid);
      return copy;
    });
    expect(restored.data).toEqual({ password: base64('rotated'), user: base64('admin') });
    await ready('upd-src', 'secretsync-a');
  });

  it('problem 3: annotation-only source edits, unrelated Secrets and its own status write are dropped by predicates, not reconciled', async () => {
    await namespaces('pred-src', 'pred-b');
    await eventually(expectIdle);
    const start = counts();

    await env.api.create(builtinTypes.secrets, { metadata: { namespace: 'pred-src', name: 'secret-a' }, data: { password: base64('s3cr3t') } });
    await eventually(() => expect(counts().Secret.create.dropped).toBe(start.Secret.create.dropped + 1));
    await kubectl(
      ['apply', '-f', '-'],
      secSynchYaml('secretsync-a', { sourceNamespace: 'pred-src', secretName: 'secret-a', destinationNamespaces: ['pred-b'] }),
    );
    await ready('pred-src', 'secretsync-a');

    // Three passes: add the finalizer, create the copy, write status. The status write's own
    // update event is dropped, so there is no fourth.
    await eventually(() => {
      const now = counts();
      expect(now.SecSynch.update).toEqual({ passed: start.SecSynch.update.passed + 1, dropped: start.SecSynch.update.dropped + 1 });
      expect(now.reconciles).toBe(start.reconciles + 3);
      expectIdle();
    });
    const settled = counts();

    await kubectl(['annotate', 'secret', 'secret-a', '-n', 'pred-src', 'note=rotated-by-hand']);
    await kubectl(['create', 'secret', 'generic', 'unrelated', '-n', 'pred-src', '--from-literal=k=v']);
    await kubectl(['patch', 'secret', 'unrelated', '-n', 'pred-src', '--type=merge', '-p', JSON.stringify({ data: { k: base64('changed') } })]);
    await eventually(() => {
      const now = counts();
      expect(now.Secret.update.dropped).toBe(settled.Secret.update.dropped + 2);
      expect(now.Secret.create.dropped).toBe(settled.Secret.create.dropped + 1);
    });
    const after = counts();
    expect(after.reconciles).toBe(settled.reconciles);
    expect(after.Secret.update.passed).toBe(settled.Secret.update.passed);
    expectIdle();
  });

  it('copies into a destination namespace as soon as it is created, Degraded until then and with no timer queued', async () => {
    await namespaces('ns-src', 'ns-b');
    await env.api.create(builtinTypes.secrets, { metadata: { namespace: 'ns-src', name: 'secret-a' }, data: { password: base64('s3cr3t') } });
    await kubectl(
      ['apply', '-f', '-'],
      secSynchYaml('secretsync-a', { sourceNamespace: 'ns-src', secretName: 'secret-a', destinationNamespaces: ['ns-b', 'ns-later'] }),
    );

    const degraded = await eventually(async () => {
      const s = await read('ns-src', 'secretsync-a');
      expect(condition(s, 'Degraded')).toMatchObject({
        status: 'True',
        reason: 'NamespaceNotFound',
        message: 'No such destination namespace: ns-later (the copy is made as soon as it is created)',
      });
      return s;
    });
    expect(condition(degraded, 'Ready')).toMatchObject({
      status: 'False',
      reason: 'NamespaceNotFound',
      message: '1/2 destination namespaces hold an up-to-date copy',
    });
    await secretIn('ns-b');
    await eventually(expectIdle);

    await kubectl(['create', 'namespace', 'ns-later']);
    await eventually(() => secretIn('ns-later'));
    const synced = await ready('ns-src', 'secretsync-a');
    expect(condition(synced, 'Degraded')).toMatchObject({ status: 'False' });
  });

  it('has kubectl show the API server refusing a SecSynch that copies onto its own source, with the CEL rule message', async () => {
    await namespaces('cel-src');
    const bad = await env.kubectl(
      ['apply', '-f', '-'],
      secSynchYaml('loop', { sourceNamespace: 'cel-src', secretName: 'secret-a', destinationNamespaces: ['cel-b', 'cel-src'] }),
    );
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('The SecSynch "loop" is invalid: spec: Invalid value: "object": sourceNamespace must not be one of destinationNamespaces');

    const duplicate = await env.kubectl(
      ['apply', '-f', '-'],
      secSynchYaml('twice', { sourceNamespace: 'cel-src', secretName: 'secret-a', destinationNamespaces: ['cel-b', 'cel-b'] }),
    );
    expect(duplicate.stderr).toContain('spec.destinationNamespaces[1]: Duplicate value: "cel-b"');
    const none = await env.kubectl(
      ['apply', '-f', '-'],
      secSynchYaml('nowhere', { sourceNamespace: 'cel-src', secretName: 'secret-a', destinationNamespaces: [] }),
    );
    expect(none.stderr).toContain('spec.destinationNamespaces in body should have at least 1 items');
  });
});
