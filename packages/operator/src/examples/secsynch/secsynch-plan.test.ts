import { describe, expect, it } from 'vitest';
import { desiredCopy, syncedAtAnnotation, type Secret } from './secret-copy.ts';
import type { SecSynch, SecSynchSpec } from './secsynch.ts';
import { planSecSynch, secretCopiesFinalizer, type DestinationObservation, type SecSynchAction, type SecSynchObservation } from './secsynch-plan.ts';

const now = Date.parse('2026-01-01T00:00:00Z');

function secSynch(spec: Partial<SecSynchSpec> = {}, meta: Partial<SecSynch['metadata']> = {}): SecSynch {
  return {
    apiVersion: 'tutorial.study.dev/v1alpha1',
    kind: 'SecSynch',
    metadata: { namespace: 'ops', name: 'secretsync-a', uid: 'uid-1', generation: 1, finalizers: [secretCopiesFinalizer], ...meta },
    spec: { sourceNamespace: 'ns-a', secretName: 'secret-a', destinationNamespaces: ['ns-b', 'ns-c'], ...spec },
  };
}

function secret(namespace: string, data: Record<string, string> = { token: 'czNjcjN0' }, extra: Partial<Secret> = {}): Secret {
  return { apiVersion: 'v1', kind: 'Secret', metadata: { namespace, name: 'secret-a', uid: `uid-${namespace}` }, type: 'Opaque', data, ...extra };
}

const source = secret('ns-a');

/** A copy as the API server stores it: ours, with a uid. */
function copyIn(namespace: string, of: SecSynch = secSynch(), from: Secret = source, at = now): Secret {
  const copy = desiredCopy(of, from, namespace, at);
  copy.metadata.uid = `uid-copy-${namespace}`;
  return copy;
}

function observe(destinations: Partial<Record<string, Partial<DestinationObservation>>>, rest: Partial<SecSynchObservation> = {}): SecSynchObservation {
  return {
    source,
    destinations: Object.entries(destinations).map(([namespace, d]) => ({ namespace, phase: 'Active', ...d })),
    copies: Object.values(destinations).flatMap((d) => (d?.secret?.metadata.labels ? [d.secret] : [])),
    ...rest,
  };
}

function status(action: SecSynchAction): Extract<SecSynchAction, { type: 'status' }>['status'] {
  if (action.type !== 'status') throw new Error(`expected a status write, got ${action.type}`);
  return action.status;
}

const conditions = (action: SecSynchAction) => status(action).conditions?.map((c) => [c.type, c.status, c.reason]);

describe('planSecSynch', () => {
  it('adds the finalizer before it makes any copy', () => {
    expect(planSecSynch(secSynch({}, { finalizers: [] }), observe({ 'ns-b': {}, 'ns-c': {} }), now)).toEqual({ type: 'addFinalizer' });
  });

  it('creates one labelled copy per pass, in spec order, with the source data and type', () => {
    const tls = secret('ns-a', { 'tls.crt': 'Y2VydA==', 'tls.key': 'a2V5' }, { type: 'kubernetes.io/tls' });
    const first = planSecSynch(secSynch(), observe({ 'ns-b': {}, 'ns-c': {} }, { source: tls }), now);
    expect(first).toMatchObject({
      type: 'create',
      copy: {
        metadata: {
          namespace: 'ns-b',
          name: 'secret-a',
          labels: { 'tutorial.study.dev/secsynch': 'ops.secretsync-a' },
          annotations: { [syncedAtAnnotation]: '2026-01-01T00:00:00Z' },
        },
        type: 'kubernetes.io/tls',
        data: tls.data,
      },
    });
    const second = planSecSynch(secSynch(), observe({ 'ns-b': { secret: copyIn('ns-b', secSynch(), tls) }, 'ns-c': {} }, { source: tls }), now);
    expect(second).toMatchObject({ type: 'create', copy: { metadata: { namespace: 'ns-c' } } });
  });

  it('writes status once every copy matches, then nothing until something changes', () => {
    const observed = observe({ 'ns-b': { secret: copyIn('ns-b') }, 'ns-c': { secret: copyIn('ns-c') } });
    const first = planSecSynch(secSynch(), observed, now + 5_000);
    expect(status(first)).toMatchObject({ observedGeneration: 1, syncedNamespaces: ['ns-b', 'ns-c'], lastSyncTime: '2026-01-01T00:00:00Z' });
    expect(conditions(first)).toEqual([
      ['Ready', 'True', 'Synced'],
      ['Degraded', 'False', 'AsExpected'],
    ]);
    expect(planSecSynch({ ...secSynch(), status: status(first) }, observed, now + 60_000)).toEqual({ type: 'none' });
  });

  it('sets a copy back to the source data (problem 2: source updates reach the copies)', () => {
    const changed = secret('ns-a', { token: 'bjN3' });
    const plan = planSecSynch(
      secSynch(),
      observe({ 'ns-b': { secret: copyIn('ns-b') }, 'ns-c': { secret: copyIn('ns-c') } }, { source: changed }),
      now + 1_000,
    );
    expect(plan).toMatchObject({
      type: 'update',
      copy: { metadata: { namespace: 'ns-b', uid: 'uid-copy-ns-b', annotations: { [syncedAtAnnotation]: '2026-01-01T00:00:01Z' } }, data: { token: 'bjN3' } },
    });
  });

  it('replaces a copy whose type differs from the source, since a Secret type is immutable', () => {
    const wrongType = copyIn('ns-b');
    wrongType.type = 'kubernetes.io/basic-auth';
    expect(planSecSynch(secSynch(), observe({ 'ns-b': { secret: wrongType }, 'ns-c': {} }), now)).toMatchObject({
      type: 'delete',
      copy: { metadata: { namespace: 'ns-b' } },
    });
  });

  it('never writes a Secret it did not create: a conflict is Degraded, and the other destinations still get their copy', () => {
    const theirs = secret('ns-b', { other: 'dGhlaXJz' });
    expect(planSecSynch(secSynch(), observe({ 'ns-b': { secret: theirs }, 'ns-c': {} }), now)).toMatchObject({
      type: 'create',
      copy: { metadata: { namespace: 'ns-c' } },
    });

    const plan = planSecSynch(secSynch(), observe({ 'ns-b': { secret: theirs }, 'ns-c': { secret: copyIn('ns-c') } }), now);
    expect(status(plan).syncedNamespaces).toEqual(['ns-c']);
    expect(conditions(plan)).toEqual([
      ['Ready', 'False', 'SecretConflict'],
      ['Degraded', 'True', 'SecretConflict'],
    ]);
    expect(status(plan).conditions?.find((c) => c.type === 'Degraded')?.message).toBe(
      'A Secret secret-a this SecSynch did not create is in the way, and is left alone, in: ns-b',
    );
  });

  it('reports a missing destination namespace and a missing source as Degraded, without asking to be requeued', () => {
    const missing = planSecSynch(secSynch(), observe({ 'ns-b': { secret: copyIn('ns-b') }, 'ns-c': { phase: 'Missing' } }), now);
    expect(status(missing).conditions?.find((c) => c.type === 'Degraded')).toMatchObject({
      status: 'True',
      reason: 'NamespaceNotFound',
      message: 'No such destination namespace: ns-c (the copy is made as soon as it is created)',
    });

    const terminating = planSecSynch(secSynch(), observe({ 'ns-b': { secret: copyIn('ns-b') }, 'ns-c': { phase: 'Terminating' } }), now);
    expect(conditions(terminating)).toContainEqual(['Degraded', 'True', 'NamespaceTerminating']);

    const { source: _source, ...noSource } = observe({ 'ns-b': { secret: copyIn('ns-b') }, 'ns-c': {} });
    const sourceless = planSecSynch(secSynch(), noSource, now);
    expect(status(sourceless)).toMatchObject({ syncedNamespaces: [] });
    expect(status(sourceless).conditions?.find((c) => c.type === 'Degraded')).toMatchObject({
      reason: 'SourceNotFound',
      message: 'Secret ns-a/secret-a does not exist; copies already made keep their last data',
    });
  });

  it('deletes its copies in namespaces no longer listed, and under an old secretName', () => {
    const narrowed = secSynch({ destinationNamespaces: ['ns-b'] });
    const observed = observe({ 'ns-b': { secret: copyIn('ns-b') } }, { copies: [copyIn('ns-b'), copyIn('ns-c')] });
    expect(planSecSynch(narrowed, observed, now)).toMatchObject({ type: 'delete', copy: { metadata: { namespace: 'ns-c', uid: 'uid-copy-ns-c' } } });

    const renamed = secSynch({ secretName: 'secret-b' });
    const renamedSource = { ...source, metadata: { ...source.metadata, name: 'secret-b' } };
    const copiesOfB = (['ns-b', 'ns-c'] as const).map((ns) => copyIn(ns, renamed, renamedSource));
    const old = copyIn('ns-b');
    const plan = planSecSynch(
      renamed,
      {
        source: renamedSource,
        destinations: copiesOfB.map((s) => ({ namespace: s.metadata.namespace!, phase: 'Active', secret: s })),
        copies: [...copiesOfB, old],
      },
      now,
    );
    expect(plan).toMatchObject({ type: 'delete', copy: { metadata: { namespace: 'ns-b', name: 'secret-a' } } });
  });

  it('on deletion deletes its copies one per pass, then removes the finalizer (problem 1)', () => {
    const deleting = secSynch({}, { deletionTimestamp: '2026-01-01T00:00:00Z' });
    expect(planSecSynch(deleting, observe({ 'ns-b': { secret: copyIn('ns-b') }, 'ns-c': { secret: copyIn('ns-c') } }), now)).toMatchObject({
      type: 'delete',
      copy: { metadata: { namespace: 'ns-b' } },
    });
    expect(planSecSynch(deleting, observe({ 'ns-b': {}, 'ns-c': { secret: copyIn('ns-c') } }), now)).toMatchObject({
      type: 'delete',
      copy: { metadata: { namespace: 'ns-c' } },
    });
    expect(planSecSynch(deleting, observe({ 'ns-b': {}, 'ns-c': { secret: secret('ns-c') } }), now)).toEqual({ type: 'removeFinalizer' });
    expect(
      planSecSynch(
        secSynch({}, { deletionTimestamp: '2026-01-01T00:00:00Z', finalizers: ['someone.else/keep'] }),
        observe({ 'ns-b': { secret: copyIn('ns-b') } }),
        now,
      ),
    ).toEqual({ type: 'none' });
  });

  it('keeps lastSyncTime at the newest copy write, never moving it back', () => {
    const observed = observe({
      'ns-b': { secret: copyIn('ns-b', secSynch(), source, now - 60_000) },
      'ns-c': { secret: copyIn('ns-c', secSynch(), source, now - 30_000) },
    });
    expect(status(planSecSynch(secSynch(), observed, now)).lastSyncTime).toBe('2025-12-31T23:59:30Z');
    const recorded = { ...secSynch(), status: { lastSyncTime: '2026-01-01T00:00:00Z' } };
    expect(status(planSecSynch(recorded, observed, now)).lastSyncTime).toBe('2026-01-01T00:00:00Z');
  });

  it('reports a SecSynch whose namespace and name cannot fit in the copy label, and copies nothing', () => {
    const long = secSynch({}, { name: 'x'.repeat(60) });
    const plan = planSecSynch(long, observe({ 'ns-b': {}, 'ns-c': {} }), now);
    expect(conditions(plan)).toContainEqual(['Degraded', 'True', 'NameTooLong']);
  });
});
