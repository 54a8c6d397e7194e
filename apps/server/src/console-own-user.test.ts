/**
 * `dojo-console up --kubeconfig` on a cluster whose admin user is not `admin` (kind's
 * `kubernetes-admin`, a ServiceAccount in-cluster): the console learns its own user with a
 * SelfSubjectReview and shares it like `admin`, so kubectl given the same kubeconfig and the
 * console's own controllers are told apart by User-Agent instead of collapsing into one
 * connected client named after the user. The cluster is an embedded API server whose journal,
 * turned into audit events, reaches the console's audit webhook (as kube-apiserver's would);
 * the console's kubeconfig is a connected client's, whose user is `kind-admin`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivitySnapshot } from '@dojo/console-protocol';
import { eventually, startObservedServer, type ObservedServer } from './testing/observed-server.ts';
import { AuditRelay, operatorPolicy } from '@dojo/telemetry-sources/testing';
import { kubectlFor, type Kubectl } from './testing/kubectl.ts';
import { testUpOptions } from './testing/up-options.ts';
import { runUp, type RunningConsole } from './up.ts';

const consoleUser = 'kind-admin';
let cluster: ObservedServer;
let up: RunningConsole;
let relay: AuditRelay;
let dir: string;
let kubectl: Kubectl;

beforeAll(async () => {
  // The cluster's own admin requests (installing the test CRD) are not kubectl's: kubectl here is only the console user's.
  cluster = await startObservedServer('cluster-setup/1.0');
  dir = mkdtempSync(join(tmpdir(), 'dojo-own-user-'));
  const kubeconfig = cluster.connect(consoleUser).kubeconfigPath;
  up = await runUp(testUpOptions({ dataDir: join(dir, 'console'), kubeconfig, installCrds: true, operators: ['secsynch'], auditWebhook: true }));
  const token = readFileSync(join(dir, 'console', 'audit-webhook-token'), 'utf8').trim();
  relay = new AuditRelay(
    operatorPolicy(['tutorial.study.dev']),
    (sinceSeq) => cluster.service.requests.query({ sinceSeq, limit: 100_000 }).records,
    `${up.console.url}audit/v1/events`,
    token,
  );
  relay.start();
  kubectl = kubectlFor(kubeconfig, join(dir, 'kubectl-cache'));
}, 90_000);

afterAll(async () => {
  await relay?.stop().catch(() => {});
  await up?.stop();
  await cluster?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const activity = async () =>
  (await (await fetch(`${up.console.url}api/activity`, { headers: { authorization: `Bearer ${up.token}` } })).json()) as ActivitySnapshot;
const secsynch = {
  apiVersion: 'tutorial.study.dev/v1alpha1',
  kind: 'SecSynch',
  metadata: { name: 'shared', namespace: 'default' },
  spec: { sourceNamespace: 'default', secretName: 'shared', destinationNamespaces: ['copies-a'] },
};

describe('a console whose own user on the cluster is not admin', () => {
  it('tells kubectl and its own controllers apart, though they share its user', async () => {
    await kubectl(['apply', '-f', '-'], JSON.stringify(secsynch));
    const snapshot = await eventually(
      async () => {
        const s = await activity();
        return s.clients.some((x) => x.name === 'kubectl' && x.totals.writes > 0) && s.clients.some((x) => x.name === 'secsynch' && x.totals.writes > 0)
          ? s
          : undefined;
      },
      'kubectl and the secsynch controller, each writing',
      30_000,
    );
    expect(snapshot.clients.find((x) => x.name === 'kubectl')).toMatchObject({ kind: 'kubectl', user: consoleUser });
    expect(snapshot.clients.find((x) => x.name === 'secsynch')).toMatchObject({ kind: 'embedded', user: consoleUser, inferredReconciles: 0 });
    expect(snapshot.clients.map((x) => x.name)).not.toContain(consoleUser);
  }, 60_000);

  it('still names a client connected with a user of its own after that user', async () => {
    const other = kubectlFor(cluster.connect('my-operator').kubeconfigPath, join(dir, 'kubectl-cache-op'));
    await other(['get', 'secsynches', '-n', 'default', '-o', 'name']);
    const snapshot = await eventually(async () => {
      const s = await activity();
      return s.clients.some((x) => x.name === 'my-operator') ? s : undefined;
    }, 'the connected client');
    expect(snapshot.clients.find((x) => x.name === 'my-operator')).toMatchObject({ kind: 'connected', user: 'my-operator' });
  }, 60_000);
});
