/**
 * A controller-runtime operator traced with OpenTelemetry (examples/operators/go-otel-configmap:
 * a span around Reconcile, otelhttp on the REST config, OTLP/HTTP protobuf), run with the
 * kubeconfig of `dojo-console connect greeter` and exporting to the console's `--otlp-receiver`
 * with the receiver's token. Its service name is not its connect name, so the console must
 * recognise it by the API calls its spans recorded: its reconciles then come from its traces,
 * inside its one client card. Asserted through the console's API. Skipped, in one line, without Go.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ActivitySnapshot,
  ApiCallRecord,
  ConflictRecord,
  ReconcileStartRecord,
  RequestJournalRecord,
  RequestRecord,
  TelemetryPage,
  TraceReceiverSnapshot,
} from '@dojo/console-protocol';
import { kubectlFor, type Kubectl } from '@dojo/server/testing';
import { goBuild, requireToolchain } from '@dojo/toolchains';
import type { KubeObject } from '@dojo/kube-api';
import { eventually, startConsole, startOperator, type OperatorConsole, type OperatorProcess } from './go-operator-console.ts';
import { ownerTree } from './testing/console-view.ts';

const go = requireToolchain('go', 'operators: a controller-runtime operator traced with OpenTelemetry');
const moduleDir = fileURLToPath(new URL('../../examples/operators/go-otel-configmap', import.meta.url));
const name = 'greeter';
const service = 'go-otel-configmap';
const work = mkdtempSync(join(tmpdir(), 'dojo-go-otel-'));
const timings: Record<string, number> = {};

let dojo: OperatorConsole;
let admin: Kubectl;
let operator: OperatorProcess;
let firstRequestAt = 0;

beforeAll(async () => {
  if (!go) return;
  const started = Date.now();
  const binary = await goBuild(moduleDir, 'go-otel-configmap');
  timings['go build'] = Date.now() - started;
  dojo = await startConsole(join(work, 'console'), ['--otlp-receiver']);
  admin = kubectlFor(dojo.up.kubeconfigPath, join(work, 'kubectl-cache'));
  const kubeconfig = await dojo.connect(name);
  const token = readFileSync(join(work, 'console', 'otlp-receiver-token'), 'utf8').trim();
  operator = startOperator(binary, [], {
    env: {
      KUBECONFIG: kubeconfig,
      OTEL_EXPORTER_OTLP_ENDPOINT: dojo.up.traces!.endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
      OTEL_EXPORTER_OTLP_HEADERS: `Authorization=Bearer ${token}`,
      OTEL_SERVICE_NAME: service,
      // The SDK's batch delay (default 5 s), so the test waits less; the operator reads it, not us.
      OTEL_BSP_SCHEDULE_DELAY: '500',
    },
  });
}, 30 * 60_000);

afterAll(async () => {
  await operator?.stop();
  await dojo?.stop();
  rmSync(work, { recursive: true, force: true });
  if (go)
    console.info(
      `[operators: go-otel] ${Object.entries(timings)
        .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)}s`)
        .join(', ')}`,
    );
}, 60_000);

interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}

const configMap = (n: string) => dojo.api<ConfigMap>(`/api/kube/api/v1/namespaces/default/configmaps/${n}`).catch(() => undefined);
const cards = async () => (await dojo.api<ActivitySnapshot>('/api/activity')).clients;
const traced = async () =>
  ((await dojo.api<TelemetryPage>('/api/telemetry?types=reconcile-start')).records as ReconcileStartRecord[]).filter((r) => r.traced?.service === service);
const inferred = async () =>
  ((await dojo.api<TelemetryPage>(`/api/telemetry?controller=${name}&types=reconcile-start`)).records as ReconcileStartRecord[]).filter((r) => r.inferred);
const tracedCalls = async () => (await dojo.api<TelemetryPage>('/api/telemetry?controller=configmap-greeter&types=api-call')).records as ApiCallRecord[];
const conflicts = async () => (await dojo.api<TelemetryPage>('/api/telemetry?limit=50000&types=conflict')).records as ConflictRecord[];
const requests = async () =>
  (await dojo.api<{ records: RequestJournalRecord[] }>(`/api/requests?limit=10000&client=${name}`)).records.filter(
    (r): r is RequestRecord => r.type === 'request',
  );
const greeting = (who: string) => ['create', 'configmap', who.toLowerCase(), '-n', 'default', `--from-literal=who=${who}`];

describe.skipIf(!go)('a controller-runtime operator with OpenTelemetry, connected and exporting to --otlp-receiver', () => {
  it(
    'makes the greeting a labelled ConfigMap asks for, owned by it',
    async () => {
      const { afterMs } = await eventually(
        cards,
        (cs) => cs.some((c) => c.name === name && c.totals.requests > 0),
        () => `its first request:\n${operator.output()}`,
        5 * 60_000,
      );
      timings['first request after start'] = afterMs;
      firstRequestAt = Date.now();
      await admin(greeting('Alice'));
      await admin(['label', 'configmap', 'alice', '-n', 'default', 'greeter.example.com/name=Alice']);
      const source = (await configMap('alice'))!;
      const { value: made } = await eventually(
        () => configMap('alice-greeting'),
        (cm) => cm?.data?.greeting === 'Hello, Alice!',
        () => `alice-greeting:\n${operator.output()}`,
      );
      expect(made!.metadata.ownerReferences).toEqual([
        expect.objectContaining({ kind: 'ConfigMap', name: 'alice', uid: source.metadata.uid, controller: true }),
      ]);
      // The console's owner tree, built as the object page builds it: the greeting under alice.
      const tree = await ownerTree({ list: async (path) => (await dojo.api<{ items: KubeObject[] }>(`/api/kube${path}`)).items }, source);
      expect(tree).toEqual({ kind: 'ConfigMap', name: 'alice', children: [{ kind: 'ConfigMap', name: 'alice-greeting', children: [] }] });
      timings['its greeting in the owner tree after its first request'] = Date.now() - firstRequestAt;
    },
    6 * 60_000,
  );

  it('shows its reconciles from traces, with the API calls its otelhttp spans recorded', async () => {
    const { value: passes } = await eventually(
      traced,
      (rs) => rs.some((r) => r.key === 'default/alice'),
      () => `a traced reconcile of default/alice:\n${operator.output()}`,
    );
    timings['traced reconcile after its first request'] = Date.now() - firstRequestAt;
    const pass = passes.find((r) => r.key === 'default/alice')!;
    expect(pass).toMatchObject({ controller: 'configmap-greeter', traced: { service, spanName: 'Reconcile' } });
    const calls = ((await dojo.api<TelemetryPage>(`/api/telemetry?reconcile=${pass.reconcileId}&types=api-call`)).records as ApiCallRecord[]).map(
      (c) => `${c.verb} ${c.resource} ${c.code}`,
    );
    expect(calls).toContain('create configmaps 201');
  });

  it('is one card: its traces join the connected client whose requests they recorded', async () => {
    // Its first call, a create in "default", was made in the same second as kubectl's create of
    // alice there: two clients made that request, so nothing is guessed from it. The update a
    // new name brings is its alone.
    await admin(['label', 'configmap', 'alice', '-n', 'default', 'greeter.example.com/name=Bob', '--overwrite']);
    await eventually(
      () => configMap('alice-greeting'),
      (cm) => cm?.data?.greeting === 'Hello, Bob!',
      () => `the greeting updated:\n${operator.output()}`,
    );
    const { value: snapshot } = await eventually(
      () => dojo.api<TraceReceiverSnapshot>('/api/traces'),
      (t) => t.controllers.some((c) => c.controller === 'configmap-greeter' && c.client === name),
      () => `its traces matched to "${name}": ${JSON.stringify(dojo.up.traces?.receiver.snapshot().controllers)}`,
    );
    timings['traces matched to its client after its first request'] = Date.now() - firstRequestAt;
    expect(snapshot.controllers).toEqual([expect.objectContaining({ controller: 'configmap-greeter', service, client: name })]);
    expect((await cards()).filter((c) => c.name === name || c.name === service || c.name === 'configmap-greeter').map((c) => c.name)).toEqual([name]);
  }, 120_000);

  it('from then on journals its reconciles once: from traces, not inferred as well', async () => {
    const inferredBefore = (await inferred()).length;
    const callsBefore = (await tracedCalls()).length;
    await admin(['label', 'configmap', 'alice', '-n', 'default', 'greeter.example.com/name=Carol', '--overwrite']);
    await eventually(
      () => configMap('alice-greeting'),
      (cm) => cm?.data?.greeting === 'Hello, Carol!',
      () => `the greeting updated:\n${operator.output()}`,
    );
    const { value: calls } = await eventually(
      tracedCalls,
      (cs) => cs.length > callsBefore,
      () => `its traced update:\n${operator.output()}`,
    );
    expect(calls.slice(callsBefore).map((c) => `${c.verb} ${c.resource} ${c.code}`)).toEqual(['update configmaps 200']);
    expect((await traced()).find((r) => r.reconcileId === calls[callsBefore]!.reconcileId)).toMatchObject({
      key: 'default/alice',
      traced: { service, spanName: 'Reconcile' },
    });
    // Give the inference its quiet second to end a pass, had it started one.
    await new Promise((r) => setTimeout(r, 2000));
    expect((await inferred()).length).toBe(inferredBefore);
  }, 120_000);

  it('shows its ConfigMap watch as a streaming list', async () => {
    const watches = (await dojo.api<ActivitySnapshot>('/api/activity')).watches.find((w) => w.client === name)?.watches ?? [];
    expect(
      watches.find((w) => w.resource === 'configmaps' && !w.closedAt),
      JSON.stringify(watches),
    ).toMatchObject({ streamingList: true });
  });

  it(
    'shows a 409 it got racing a person editing its greeting with kubectl, in its traced reconcile, with the write that won',
    async () => {
      // controllerutil.CreateOrUpdate reads the greeting from its cache, puts the data back and
      // Updates it with that version's resourceVersion: a person's patch landing between the read
      // and the update wins, and the update gets a 409 Conflict. Each patch is an event about an
      // object it owns, so it starts such a pass; a few at once put the next inside its window.
      const fromKubectl = (c: ConflictRecord) => c.controller === 'configmap-greeter' && c.currentManager === 'kubectl-patch' && c.currentClient === 'kubectl';
      let round = 0;
      let seen: ConflictRecord[] = [];
      const { value: conflict, afterMs } = await eventually(
        async () => {
          round++;
          const edit = (i: number) => [
            'patch',
            'configmap',
            'alice-greeting',
            '-n',
            'default',
            '--type',
            'merge',
            '-p',
            JSON.stringify({ data: { greeting: `Hi from a person, ${round}-${i}` } }),
          ];
          await Promise.all([1, 2, 3].map((i) => admin(edit(i))));
          seen = await conflicts();
          return seen.find(fromKubectl);
        },
        (c) => c !== undefined,
        () =>
          `a traced 409 of its greeting update with kubectl as the winner after ${round} rounds of patches (conflicts: ${JSON.stringify(seen.slice(-5))}):\n${operator.output().slice(-4000)}`,
        5 * 60_000,
      );
      timings['409 with the winning writer after its first request'] = Date.now() - firstRequestAt;
      timings['409 with the winning writer after the race began'] = afterMs;
      console.info(`[operators: go-otel] the 409 came in round ${round} of three concurrent \`kubectl patch --type merge\``);
      // Its spans say which reconcile got it; the journal's record of the refused request, which version won.
      expect(conflict).toMatchObject({
        key: 'default/alice',
        resource: 'configmaps',
        reconcileId: expect.stringMatching(/^traced-/),
        staleRV: expect.any(String),
        currentRV: expect.any(String),
      });
      expect(conflict!.staleRV).not.toBe(conflict!.currentRV);
      expect((await traced()).some((r) => r.reconcileId === conflict!.reconcileId)).toBe(true);
      const refused = (await requests()).find((r) => r.code === 409 && r.rvSent === conflict!.staleRV && r.conflict?.currentRV === conflict!.currentRV);
      expect(refused).toMatchObject({
        verb: 'update',
        resource: 'configmaps',
        namespace: 'default',
        name: 'alice-greeting',
        conflict: { writer: { user: 'admin', fieldManager: 'kubectl-patch', source: 'journal' } },
      });
      expect((await cards()).find((c) => c.name === name)!.totals.conflicts).toBeGreaterThanOrEqual(1);
      expect(
        (await dojo.api<TraceReceiverSnapshot>('/api/traces')).controllers.find((c) => c.controller === 'configmap-greeter')!.conflicts,
      ).toBeGreaterThanOrEqual(1);
      // It retries with backoff and, reading the newer version, puts its greeting back.
      await eventually(
        () => configMap('alice-greeting'),
        (cm) => cm?.data?.greeting === 'Hello, Carol!',
        () => `the greeting restored:\n${operator.output()}`,
      );
    },
    7 * 60_000,
  );
});
