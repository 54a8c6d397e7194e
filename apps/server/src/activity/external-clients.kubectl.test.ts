/**
 * kubectl against the embedded API server with the admin kubeconfig, as a person uses it
 * beside an operator: its apply, edit and scale are attributed to kubectl by its User-Agent,
 * with the field manager of each write and the fields it changed; kubectl gets no inferred
 * reconciles (it is not a controller).
 */
import { kubectlRunner, type KubectlRunner } from '@dojo/apiserver/testing';
import type { RequestRecord } from '@dojo/console-protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startObservedServer, type ObservedServer } from '../testing/observed-server.ts';

let server: ObservedServer;
let kubectl: KubectlRunner;

const guestbook = (message: string) =>
  JSON.stringify({ apiVersion: 'webapp.example.com/v1', kind: 'Guestbook', metadata: { name: 'hello', namespace: 'default' }, spec: { message, size: 1 } });

beforeAll(async () => {
  server = await startObservedServer();
  kubectl = kubectlRunner(server.apiserver.kubeconfigPath);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

const kubectlWrites = () =>
  server.service.requests
    .query({ client: 'kubectl', limit: 10_000 })
    .records.filter(
      (r): r is RequestRecord =>
        r.type === 'request' && ['create', 'update', 'patch'].includes(r.verb) && r.code < 300 && r.resource !== 'customresourcedefinitions',
    );

describe('kubectl, attributed by its User-Agent', () => {
  it('applies, edits and scales, each write with its field manager and the fields it changed', async () => {
    expect((await kubectl.run(['apply', '-f', '-'], guestbook('first'))).stdout.trim()).toBe('guestbook.webapp.example.com/hello created');
    expect((await kubectl.run(['apply', '-f', '-'], guestbook('second'))).stdout.trim()).toBe('guestbook.webapp.example.com/hello configured');
    const edited = await kubectl.run(['edit', 'guestbook', 'hello'], undefined, { KUBE_EDITOR: 'sed -i -e s/message:\\ second/message:\\ edited/' });
    expect(edited.stdout.trim()).toBe('guestbook.webapp.example.com/hello edited');
    expect((await kubectl.run(['create', 'deployment', 'web', '--image=nginx'])).stdout.trim()).toBe('deployment.apps/web created');
    expect((await kubectl.run(['scale', 'deployment', 'web', '--replicas=3'])).stdout.trim()).toBe('deployment.apps/web scaled');

    const writes = await eventually(() => (kubectlWrites().length >= 5 ? kubectlWrites() : undefined), 'five kubectl writes');
    expect(writes.map((w) => [w.verb, w.resource, w.subresource, w.fieldManager, w.changedPaths])).toEqual([
      ['create', 'guestbooks', undefined, 'kubectl-client-side-apply', undefined],
      [
        'patch',
        'guestbooks',
        undefined,
        'kubectl-client-side-apply',
        ['metadata.annotations["kubectl.kubernetes.io/last-applied-configuration"]', 'metadata.generation', 'spec.message'],
      ],
      ['patch', 'guestbooks', undefined, 'kubectl-edit', ['metadata.generation', 'spec.message']],
      ['create', 'deployments', undefined, 'kubectl-create', undefined],
      // kubectl scale sends no field manager: the server names it after the User-Agent.
      ['patch', 'deployments', 'scale', 'kubectl', ['metadata.generation', 'spec.replicas']],
    ]);
    expect(writes.every((w) => w.user === 'admin' && /^kubectl(\.1\.\d+)?\//.test(w.userAgent ?? ''))).toBe(true);

    const card = server.snapshot().clients.find((c) => c.name === 'kubectl');
    expect(card).toMatchObject({ kind: 'kubectl', user: 'admin', inferredReconciles: 0 });
    expect([...card!.fieldManagers].sort()).toEqual(['kubectl', 'kubectl-client-side-apply', 'kubectl-create', 'kubectl-edit']);
    expect(card!.totals.writes).toBe(6);
    expect(server.telemetry('reconcile-start', 'kubectl')).toEqual([]);
  });

  it('shows a kubectl get --watch as a watch of its own, from the resourceVersion of its list', async () => {
    const watching = kubectl.spawn(['get', 'guestbooks', '--watch', '--output-watch-events']);
    try {
      const watch = await eventually(
        () =>
          server
            .snapshot()
            .watches.find((w) => w.client === 'kubectl')
            ?.watches.find((w) => w.resource === 'guestbooks' && w.closedAt === undefined),
        'the kubectl watch',
      );
      expect(watch.startResourceVersion).toMatch(/^\d+$/);
      await kubectl.run(['patch', 'guestbook', 'hello', '--type=merge', '-p', '{"spec":{"size":2}}']);
      await eventually(
        () =>
          server
            .snapshot()
            .watches.find((w) => w.client === 'kubectl')
            ?.watches.find((w) => w.watchId === watch.watchId)?.events.modified === 1,
        'the MODIFIED event delivered',
      );
    } finally {
      watching.kill();
    }
  });
});
