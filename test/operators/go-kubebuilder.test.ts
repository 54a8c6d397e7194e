/**
 * A kubebuilder project as the newest kubebuilder CLI (v4.16.0) makes it, unmodified: the
 * deploy-image tutorial's Memcached operator (controller-runtime v0.25), scaffolded in a
 * temporary directory, its CRD installed with `make install` and the operator run with
 * `make run`, both with the kubeconfig `dojo-console connect memcached-operator` printed. Then
 * the same operator with `--metrics-bind-address --metrics-secure`, scraped by the console with
 * the kubeconfig user's token. Everything is asserted through the console's own API.
 *
 * The kubebuilder CLI, controller-gen and kustomize are built once into the toolchain cache
 * (outside the repository; `LOCALBIN` points the Makefile there); Go's build and module caches do
 * the rest, so a second run is much faster than the first. Skipped, in one line, without Go.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivitySnapshot,
  ConflictRecord,
  ReconcileStartRecord,
  RequestJournalRecord,
  RequestRecord,
  ScrapeSnapshot,
  TelemetryPage,
} from '@dojo/console-protocol';
import { kubectlFor, type Kubectl } from '@dojo/server/testing';
import { goInstall, requireToolchain, runLogged, toolchainCacheDir } from '@dojo/toolchains';
import type { KubeObject } from '@dojo/kube-api';
import { eventually, freePort, startConsole, startOperator, stepTimer, type OperatorConsole, type OperatorProcess } from './go-operator-console.ts';
import { ownerTree } from './testing/console-view.ts';

const go = requireToolchain('go', 'operators: a kubebuilder v4.16.0 project');
const name = 'memcached-operator';
const work = mkdtempSync(join(tmpdir(), 'dojo-kubebuilder-'));
const project = join(work, name);
// The Makefile's `LOCALBIN ?= $(shell pwd)/bin` yields to the environment: its tools are kept between runs.
const localBin = toolchainCacheDir('kubebuilder-v4.16.0', 'bin');
const timings: Record<string, number> = {};

let dojo: OperatorConsole;
let kubeconfig: string;
let admin: Kubectl;
let metricsPort: number;
const operators: OperatorProcess[] = [];

const timed = stepTimer(timings);

const inProject = (command: string, args: string[], env: Record<string, string> = {}) =>
  runLogged(command, args, { cwd: project, env: { LOCALBIN: localBin, ...env }, nice: true });

beforeAll(async () => {
  if (!go) return;
  const kubebuilder = await timed('build the kubebuilder CLI', () => goInstall('sigs.k8s.io/kubebuilder/v4', 'v4.16.0'));
  mkdirSync(project);
  // The deploy-image tutorial's commands, verbatim (book.kubebuilder.io, plugins/available/deploy-image-plugin-v1-alpha).
  await timed('kubebuilder init', () => inProject(kubebuilder, ['init', '--domain', 'example.com', '--repo', 'example.com/memcached-operator']));
  await timed('kubebuilder create api', () =>
    inProject(kubebuilder, [
      'create',
      'api',
      '--group',
      'cache',
      '--version',
      'v1alpha1',
      '--kind',
      'Memcached',
      '--image',
      'memcached:1.6.26-alpine',
      '--image-container-command=memcached,--memory-limit=64,-o,modern,-v',
      '--image-container-port=11211',
      '--run-as-user=1001',
      '--plugins=deploy-image/v1-alpha',
      '--make=false',
    ]),
  );
  metricsPort = await freePort();
  dojo = await startConsole(join(work, 'console'), [
    ...['--scrape', `${name}=https://127.0.0.1:${metricsPort}/metrics`],
    ...['--scrape-token-from-kubeconfig', name],
    // controller-runtime signs its metrics certificate itself when given none.
    ...['--scrape-insecure-skip-verify', name],
    ...['--scrape-interval', '1s'],
  ]);
  admin = kubectlFor(dojo.up.kubeconfigPath, join(work, 'kubectl-cache'));
  kubeconfig = await dojo.connect(name);
  await timed('make install', () => inProject('make', ['install'], { KUBECONFIG: kubeconfig }));
}, 45 * 60_000);

afterAll(async () => {
  await Promise.all(operators.map((o) => o.stop()));
  await dojo?.stop();
  rmSync(work, { recursive: true, force: true });
  if (go)
    console.info(
      `[operators: kubebuilder] ${Object.entries(timings)
        .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)}s`)
        .join(', ')}`,
    );
}, 60_000);

function run(args: string[]): OperatorProcess {
  // `make run` reads the operand's image from the environment, as the tutorial says to export it.
  const operator = startOperator(args[0]!, args.slice(1), {
    cwd: project,
    env: { KUBECONFIG: kubeconfig, LOCALBIN: localBin, MEMCACHED_IMAGE: 'memcached:1.6.26-alpine' },
  });
  operators.push(operator);
  return operator;
}

interface Memcached extends KubeObject {
  status?: { conditions?: { type: string; status: string; reason: string; message: string }[] };
}
interface Deployment {
  metadata: { ownerReferences?: { kind: string; name: string; uid: string; controller?: boolean }[] };
  status?: { readyReplicas?: number };
}

const memcachedPath = (n: string) => `/api/kube/apis/cache.example.com/v1alpha1/namespaces/default/memcacheds/${n}`;
const deploymentPath = (n: string) => `/api/kube/apis/apps/v1/namespaces/default/deployments/${n}`;
const get = async <T>(path: string): Promise<T | undefined> => dojo.api<T>(path).catch(() => undefined);
const client = async () => (await dojo.api<ActivitySnapshot>('/api/activity')).clients.find((c) => c.name === name);
const reconciles = async () => (await dojo.api<TelemetryPage>(`/api/telemetry?controller=${name}&types=reconcile-start`)).records as ReconcileStartRecord[];
const conflicts = async () => (await dojo.api<TelemetryPage>(`/api/telemetry?limit=50000&controller=${name}&types=conflict`)).records as ConflictRecord[];
const requests = async () =>
  (await dojo.api<{ records: RequestJournalRecord[] }>(`/api/requests?limit=10000&client=${name}`)).records.filter(
    (r): r is RequestRecord => r.type === 'request',
  );

describe.skipIf(!go)('the kubebuilder v4.16.0 Memcached operator, run unmodified with `make run`', () => {
  let operator: OperatorProcess;
  let firstRequestAt: number;

  it('installs its CRD with `make install` as the connected client', async () => {
    expect(await admin(['get', 'crd', 'memcacheds.cache.example.com', '-o', 'name'])).toBe(
      'customresourcedefinition.apiextensions.k8s.io/memcacheds.cache.example.com\n',
    );
    // kubectl ran with the connected kubeconfig, so the console attributes it to that name.
    expect(await client()).toMatchObject({ kind: 'connected', user: expect.stringContaining(name) });
  });

  it(
    'starts, and its card shows its watches as streaming lists',
    async () => {
      const before = (await client())?.totals.requests ?? 0;
      operator = run(['make', 'run']);
      const card = await timed('make run: first request', () =>
        eventually(
          client,
          (c) => (c?.totals.requests ?? 0) > before,
          () => `its first request:\n${operator.output()}`,
          20 * 60_000,
        ),
      );
      firstRequestAt = Date.now();
      const { value: watches, afterMs } = await eventually(
        async () => (await dojo.api<ActivitySnapshot>('/api/activity')).watches.find((w) => w.client === name)?.watches ?? [],
        (ws) => ['memcacheds', 'deployments'].every((r) => ws.some((w) => w.resource === r && !w.closedAt)),
        () => `its watches on memcacheds and deployments:\n${operator.output()}`,
      );
      timings['watches appear after the first request'] = afterMs;
      expect(card.value?.userAgents.some((ua) => /^main\/|cmd\//.test(ua) || ua.includes('kubernetes/'))).toBe(true);
      for (const resource of ['memcacheds', 'deployments']) {
        expect(
          watches.find((w) => w.resource === resource && !w.closedAt),
          `${resource}: ${JSON.stringify(watches)}`,
        ).toMatchObject({ streamingList: true });
      }
    },
    25 * 60_000,
  );

  it('makes a Deployment owned by a new Memcached, whose Pods become Ready, and sets its conditions', async () => {
    await admin(['apply', '-f', join(project, 'config/samples/cache_v1alpha1_memcached.yaml'), '-n', 'default']);
    const cr = (await get<Memcached>(memcachedPath('memcached-sample')))!;
    const { value: deployment, afterMs } = await eventually(
      () => get<Deployment>(deploymentPath('memcached-sample')),
      (d) => d !== undefined,
      () => `its Deployment:\n${operator.output()}`,
    );
    timings['Deployment after the CR'] = afterMs;
    expect(deployment!.metadata.ownerReferences).toEqual([
      expect.objectContaining({ kind: 'Memcached', name: 'memcached-sample', uid: cr.metadata.uid, controller: true }),
    ]);
    await eventually(
      () => get<Deployment>(deploymentPath('memcached-sample')),
      (d) => d?.status?.readyReplicas === 1,
      () => `a Ready Pod:\n${operator.output()}`,
    );
    const { value: done } = await eventually(
      () => get<Memcached>(memcachedPath('memcached-sample')),
      (m) => m?.status?.conditions?.some((c) => c.type === 'Available' && c.status === 'True') === true,
      () => `condition Available=True:\n${operator.output()}`,
    );
    expect(done!.metadata.finalizers).toEqual(['cache.example.com/finalizer']);
    // The console's owner tree, built as the object page builds it: what it made, under the Memcached.
    const tree = await ownerTree({ list: async (path) => (await dojo.api<{ items: KubeObject[] }>(`/api/kube${path}`)).items }, done!);
    expect(tree).toMatchObject({
      kind: 'Memcached',
      name: 'memcached-sample',
      children: [{ kind: 'Deployment', name: 'memcached-sample', children: [{ kind: 'ReplicaSet', children: [{ kind: 'Pod' }] }] }],
    });
    timings['owner tree after the first request'] = Date.now() - firstRequestAt;
    expect(done!.status!.conditions).toEqual([
      expect.objectContaining({ type: 'Available', status: 'True', reason: 'Reconciling', message: expect.stringContaining('created successfully') }),
    ]);
  }, 120_000);

  it('shows its inferred reconciles, linked to the watch event that triggered them', async () => {
    const cr = (await get<Memcached>(memcachedPath('memcached-sample')))!;
    const { value: passes, afterMs } = await eventually(
      reconciles,
      (rs) => rs.some((r) => r.inferred?.rule === 'same-object-event') && rs.some((r) => r.inferred?.rule === 'owned-object-event'),
      () => `its inferred reconciles:\n${operator.output()}`,
    );
    timings['inferred reconcile after the first request'] = Date.now() - firstRequestAt;
    timings['inferred reconcile after it was polled for'] = afterMs;
    const first = passes.find((p) => p.triggers.some((t) => t.event === 'ADDED' && t.kind === 'Memcached'));
    expect(first, JSON.stringify(passes.slice(0, 5))).toBeDefined();
    expect(first!.inferred).toMatchObject({ rule: 'same-object-event', object: { kind: 'Memcached', namespace: 'default', name: 'memcached-sample' } });
    expect(first!.inferred!.confidence).toBeGreaterThanOrEqual(0.8);
    expect(first!.triggers[0]).toMatchObject({ reason: 'watch', event: 'ADDED', kind: 'Memcached', key: 'default/memcached-sample' });
    // Its Deployment's status changes reached it as events about an object the Memcached controls.
    const owned = passes.find((p) => p.inferred?.rule === 'owned-object-event');
    expect(owned?.triggers[0]).toMatchObject({ reason: 'owned', kind: 'Deployment', key: 'default/memcached-sample' });
    expect(owned?.inferred?.object).toMatchObject({ kind: 'Memcached', name: 'memcached-sample' });
    expect(cr.metadata.uid).toBeTruthy();
    expect((await client())!.inferredReconciles).toBeGreaterThan(0);
  });

  it(
    'shows a 409 it got racing a person labelling the Memcached with kubectl, with the write that won',
    async () => {
      // Every pass ends with r.Status().Update(...) of the Memcached it read from its cache, which
      // carries that version's resourceVersion: a person's write landing between the read and the
      // update wins, and the update gets a 409 Conflict. Each label is an event that starts such a
      // pass; a few labels at once put the next one inside the window of the pass the first began.
      const fromKubectl = (c: ConflictRecord) => c.key === 'default/memcached-sample' && c.currentManager === 'kubectl-label' && c.currentClient === 'kubectl';
      let round = 0;
      let seen: ConflictRecord[] = [];
      const { value: conflict, afterMs } = await eventually(
        async () => {
          round++;
          await Promise.all(
            [1, 2, 3].map((i) => admin(['label', '--overwrite', 'memcached', 'memcached-sample', '-n', 'default', `edited-by-a-person=${round}-${i}`])),
          );
          seen = await conflicts();
          return seen.find(fromKubectl);
        },
        (c) => c !== undefined,
        () =>
          `a 409 of its status update with kubectl as the winner after ${round} rounds of labels (its conflicts: ${JSON.stringify(seen)}):\n${operator.output().slice(-4000)}`,
        5 * 60_000,
      );
      timings['409 with the winning writer after the first request'] = Date.now() - firstRequestAt;
      timings['409 with the winning writer after the race began'] = afterMs;
      console.info(`[operators: kubebuilder] the 409 came in round ${round} of three concurrent \`kubectl label --overwrite\``);
      expect(conflict).toMatchObject({ resource: 'memcacheds/status', staleRV: expect.any(String), currentRV: expect.any(String) });
      expect(conflict!.staleRV).not.toBe(conflict!.currentRV);
      const { value: journal } = await eventually(
        requests,
        (rs) => rs.some((r) => r.code === 409 && r.rvSent === conflict!.staleRV && r.conflict?.currentRV === conflict!.currentRV),
        () => 'its 409 in the request log',
      );
      const refused = journal.find((r) => r.code === 409 && r.rvSent === conflict!.staleRV)!;
      expect(refused).toMatchObject({ verb: 'update', resource: 'memcacheds', subresource: 'status', conflict: { writer: { fieldManager: 'kubectl-label' } } });
      expect((await client())!.totals.conflicts).toBeGreaterThanOrEqual(1);
      // controller-runtime retries the pass with backoff and, reading the newer version, succeeds.
      expect(operator.output()).toContain('the object has been modified; please apply your changes to the latest version and try again');
    },
    6 * 60_000,
  );

  it('records its Event when the Memcached is deleted, then lets it go', async () => {
    await admin(['delete', 'memcached', 'memcached-sample', '-n', 'default', '--wait=false']);
    const { value: events } = await eventually(
      async () =>
        (
          await dojo.api<{ items: { reason: string; note?: string; type: string; regarding?: { kind: string; name: string } }[] }>(
            '/api/kube/apis/events.k8s.io/v1/namespaces/default/events',
          )
        ).items,
      (items) => items.some((e) => e.reason === 'Deleting'),
      () => `its Deleting Event:\n${operator.output()}`,
    );
    expect(events.find((e) => e.reason === 'Deleting')).toMatchObject({
      type: 'Warning',
      regarding: { kind: 'Memcached', name: 'memcached-sample' },
      note: expect.stringContaining('memcached-sample'),
    });
    await eventually(
      () => get<Memcached>(memcachedPath('memcached-sample')),
      (m) => m === undefined,
      () => `the finalizer removed:\n${operator.output()}`,
    );
    await operator.stop();
  }, 120_000);
});

describe.skipIf(!go)('the same operator with --metrics-secure, scraped by the console', () => {
  it(
    "serves controller-runtime's metrics to the console's kubeconfig token, and they show for the memcached controller",
    async () => {
      // `make run` takes no flags: this is its last step with the scaffold's own metrics flags.
      const operator = run([
        'go',
        'run',
        './cmd/main.go',
        `--metrics-bind-address=127.0.0.1:${metricsPort}`,
        '--metrics-secure',
        '--health-probe-bind-address=127.0.0.1:0',
      ]);
      await admin(['apply', '-f', join(project, 'config/samples/cache_v1alpha1_memcached.yaml'), '-n', 'default']);
      const started = Date.now();
      const { value: target } = await eventually(
        async () => (await dojo.api<ScrapeSnapshot>('/api/scrape')).targets.find((t) => t.name === name),
        (t) => t?.state === 'ok' && t.controllers.some((c) => c.name === 'memcached' && Object.keys(c.reconcilesPerSecond).length > 0),
        () => `a good scrape with the memcached controller (last: ${JSON.stringify(dojo.up.scraper.snapshot().targets[0]?.error)}):\n${operator.output()}`,
        20 * 60_000,
      );
      timings['metrics scraped after go run started'] = Date.now() - started;
      expect(target).toMatchObject({ authentication: 'kubeconfig', tlsVerification: 'skip-verify' });
      expect(target!.controllers.map((c) => c.name)).toContain('memcached');
      expect(target!.restClientRequests.some((r) => r.code === '200')).toBe(true);
      // The raw figure controller-runtime exposes, read with the same token the console used.
      const token = /token: (\S+)/.exec(await promisify(execFile)('cat', [dojo.up.kubeconfigPath]).then((r) => r.stdout))?.[1];
      const metrics = await fetchInsecure(`https://127.0.0.1:${metricsPort}/metrics`, token!);
      expect(metrics).toMatch(/controller_runtime_reconcile_total\{controller="memcached",result="success"\} [1-9]/);
    },
    25 * 60_000,
  );

  it('answers a token the TokenReview refuses with 500 "Authentication failed", as controller-runtime does on any cluster', async () => {
    // The TokenReview says authenticated=false with error "invalid bearer token" (kube-apiserver's
    // bearer-token authenticator's words); controller-runtime's filter turns an error into a 500.
    await dojo.post('/api/scrape/targets', {
      name: 'memcached-wrong-token',
      url: `https://127.0.0.1:${metricsPort}/metrics`,
      bearerToken: 'not-a-token',
      insecureSkipVerify: true,
    });
    const { value: target } = await eventually(
      async () => (await dojo.api<ScrapeSnapshot>('/api/scrape')).targets.find((t) => t.name === 'memcached-wrong-token'),
      (t) => t?.state === 'stale',
      () => 'the wrong-token target to go stale',
    );
    expect(target!.error).toMatch(/^HTTP 500/);
  });
});

/** GET over https without verifying controller-runtime's self-signed certificate. */
async function fetchInsecure(url: string, token: string): Promise<string> {
  const { request } = await import('node:https');
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { authorization: `Bearer ${token}` }, rejectUnauthorized: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${res.statusCode}: ${body}`))));
    });
    req.on('error', reject);
    req.end();
  });
}
