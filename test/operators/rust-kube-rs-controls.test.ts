/**
 * The client controls on a kube-rs operator, unmodified (examples/operators/
 * rust-configmap-generator: a ConfigMapGenerator becomes a ConfigMap `NAME-generated` holding
 * its `spec.content`), run as its own process with a credential from `dojo-console connect`.
 * The embedded API server holds the watch events it would deliver to it, so its reaction to an
 * edit waits for resume, step lets exactly one event through, and a breakpoint on one
 * generator holds only that one; it faults its requests (a 409, a watch cut, a 410) and answers
 * its reads from a stale view. Controls go through `dojo-console client NAME …`'s HTTP API.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import type { FaultRuleSpec } from '@dojo/console-protocol';
import { cargoBuild, requireToolchain } from '@dojo/toolchains';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientControls, expectConflictRetryReported, type ClientControls } from './testing/client-controls.ts';
import { eventually, startOperatorConsole, startOperatorProcess, tail, type OperatorConsole, type OperatorProcess } from './testing/operator-console.ts';

const cargo = requireToolchain('cargo', 'operators: kube-rs');
const crateDir = fileURLToPath(new URL('../../examples/operators/rust-configmap-generator', import.meta.url));
const client = 'cm-generator-held';
const namespace = 'kube-rs-held';

let view: OperatorConsole;
let controls: ClientControls;
let operator: OperatorProcess | undefined;

const generators = `/apis/example.dojo.dev/v1/namespaces/${namespace}/configmapgenerators`;
const content = async (name: string) =>
  ((await view.admin('GET', `/api/v1/namespaces/${namespace}/configmaps/${name}-generated`)).body as { data?: { content?: string } }).data?.content;
const edit = (name: string, value: string) => view.admin('PATCH', `${generators}/${name}`, { spec: { content: value } }, 'application/merge-patch+json');
const why = () => `its output:\n${tail(operator?.output() ?? '', 40)}`;
const control = (command: Parameters<ClientControls['view']>[0]) => controls.view(command);
const held = () => controls.held();
const requests = async () => (await controls.journal()).flatMap((r) => (r.type === 'request' ? [r] : []));

beforeAll(async () => {
  if (!cargo) return;
  const operatorBin = await cargoBuild(crateDir, 'rust-configmap-generator');
  view = await startOperatorConsole();
  const crd = parse(execFileSync(operatorBin, ['--print-crd'], { encoding: 'utf8' }));
  expect((await view.admin('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd)).code).toBe(201);
  await eventually(
    async () => (await view.admin('GET', generators)).code === 200,
    () => 'the ConfigMapGenerator CRD to be served',
  );
  await view.admin('POST', '/api/v1/namespaces', { metadata: { name: namespace } });
  operator = startOperatorProcess(operatorBin, ['--namespace', namespace], { env: { KUBECONFIG: view.connect(client), RUST_LOG: 'info' } });
  await eventually(
    () => operator!.output().includes('starting controller') || (operator!.exited() && Promise.reject(new Error(tail(operator!.output())))),
    () => `the operator to start; ${why()}`,
  );
  controls = clientControls(view, client);
  for (const name of ['one', 'two']) {
    await view.admin('POST', generators, {
      apiVersion: 'example.dojo.dev/v1',
      kind: 'ConfigMapGenerator',
      metadata: { name, namespace },
      spec: { content: 'v1' },
    });
  }
  for (const name of ['one', 'two'])
    await eventually(
      async () => (await content(name)) === 'v1',
      () => `ConfigMap ${name}-generated; ${why()}`,
    );
}, 45 * 60_000);

afterAll(async () => {
  await operator?.stop();
  await view?.close();
});

describe.skipIf(!cargo)('a kube-rs operator, paused, stepped and stopped at a breakpoint', () => {
  it(
    'holds its reaction to an edit while paused; step releases exactly one event; resume the rest',
    async () => {
      await control({ op: 'pause' });
      await edit('one', 'v2');
      await edit('two', 'v2');
      await eventually(
        async () => (await held()).filter((h) => h.startsWith('MODIFIED ConfigMapGenerator')).length === 2,
        () => `both edits held; ${why()}`,
      );
      expect(await content('one')).toBe('v1');
      expect(await content('two')).toBe('v1');

      const stepped = await controls.stepUntil('MODIFIED ConfigMapGenerator one');
      expect(stepped).not.toContain('MODIFIED ConfigMapGenerator two');
      await eventually(
        async () => (await content('one')) === 'v2',
        () => `one-generated after the step; ${why()}`,
      );
      expect(await content('two')).toBe('v1');

      await control({ op: 'resume' });
      await eventually(
        async () => (await content('two')) === 'v2',
        () => `two-generated after resume; ${why()}`,
      );
    },
    5 * 60_000,
  );

  it(
    'a breakpoint on one generator holds only it; continue releases it',
    async () => {
      await control({ op: 'break', breakpoint: { kind: 'ConfigMapGenerator', namespace, name: 'two' } });
      await edit('two', 'v3');
      await edit('one', 'v3');
      await eventually(
        async () => (await content('one')) === 'v3',
        () => `one-generated past the breakpoint; ${why()}`,
      );
      expect(await held()).toEqual(['MODIFIED ConfigMapGenerator two']);
      expect(await content('two')).toBe('v2');
      await control({ op: 'continue' });
      await eventually(
        async () => (await content('two')) === 'v3',
        () => `two-generated after continue; ${why()}`,
      );
    },
    5 * 60_000,
  );
});

describe.skipIf(!cargo)('a kube-rs operator, faulted and shown a stale view', () => {
  afterEach(async () => {
    await control({ op: 'stale', stale: null });
    await controls.clearFaults();
  });

  it(
    'retries a ConfigMap replace answered 409 Conflict (its error_policy requeues in 200 ms), and the content lands',
    async () => {
      const rule = await controls.fault({ verbs: ['update'], resource: 'configmaps', name: 'one-generated', status: 409, count: 1 });
      await edit('one', 'v4');
      await eventually(
        async () => (await content('one')) === 'v4',
        () => `one-generated after the 409; ${why()}`,
      );
      // The console reads the journal as the server writes it: wait for the retry's record too.
      const replaces = await eventually(
        async () => {
          const found = (await requests()).filter((r) => r.verb === 'update' && r.resource === 'configmaps' && r.name === 'one-generated');
          const faulted = found.findIndex((r) => r.fault?.rule === rule.id);
          return faulted >= 0 && found.length > faulted + 1 && found.slice(faulted);
        },
        () => `the journal's records of the replaces; ${why()}`,
      );
      expect(replaces.map((r) => r.code)).toEqual([409, 200]);
      expect(operator!.output()).toContain('conflict, retrying');
      // Its report card says how: retried at once (its error_policy's 200 ms requeue).
      const line = await expectConflictRetryReported(controls);
      expect(line.verdict).toBe('good');
    },
    2 * 60_000,
  );

  it(
    'a watch cut makes its watcher watch again from where it was; a 410 on that resumed watch makes it relist',
    async () => {
      const opensBefore = (await controls.journal()).filter((r) => r.type === 'watch-open').length;
      const watchOf = (effect: Partial<FaultRuleSpec>): FaultRuleSpec => ({
        verbs: ['watch'],
        resource: 'configmapgenerators.example.dojo.dev',
        count: 1,
        ...effect,
      });
      const cut = await controls.fault(watchOf({ watchCut: true }));
      const gone = await controls.fault(watchOf({ gone: true }));
      // Its open watch was decided when it opened: end it (as a timeout would) so the next one meets the rules.
      await view.running.apiserver!.closeWatches('the test ends every watch');
      const relist = await eventually(
        async () => {
          const records = await controls.journal();
          const refused = records.find((r) => r.type === 'watch-open' && r.fault?.rule === gone.id);
          return refused && records.find((r) => r.type === 'request' && r.verb === 'list' && r.resource === 'configmapgenerators' && r.seq > refused.seq);
        },
        () => `a relist of the generators after the 410; ${why()}`,
      );
      const opens = (await controls.journal())
        .filter((r) => r.type === 'watch-open')
        .slice(opensBefore)
        .filter((r) => r.type === 'watch-open' && r.resource === 'configmapgenerators');
      const cutAt = opens.findIndex((o) => o.type === 'watch-open' && o.fault?.rule === cut.id);
      expect(opens[cutAt]).toMatchObject({ fault: { watch: 'cut' }, resourceVersion: expect.stringMatching(/^\d+$/) });
      // kube-rs' watcher resumes after a dropped stream from its last resourceVersion, and relists only on 410.
      expect(opens[cutAt + 1]).toMatchObject({ fault: { rule: gone.id, watch: 'gone' }, resourceVersion: expect.stringMatching(/^\d+$/) });
      expect(relist.seq).toBeGreaterThan(opens[cutAt + 1]!.seq);
      await edit('one', 'v5');
      await eventually(
        async () => (await content('one')) === 'v5',
        () => `one-generated after its relist; ${why()}`,
      );
    },
    2 * 60_000,
  );

  it(
    'on a stale view its ConfigMap writes carry the old resourceVersion and are refused, so no stale write is made; lifted, it converges',
    async () => {
      const current = (await view.admin('GET', `/api/v1/namespaces/${namespace}/configmaps/two-generated`)).body as { metadata: { resourceVersion: string } };
      // Its reads go back before the ConfigMap's last version (the generated ConfigMap as it was, or not yet there).
      const now = Number(((await view.admin('GET', generators)).body as { metadata: { resourceVersion: string } }).metadata.resourceVersion);
      await control({ op: 'stale', stale: { behind: now - Number(current.metadata.resourceVersion) + 20 } });
      const before = (await requests()).length;
      await edit('two', 'v6');
      // Its GET answers the old ConfigMap; the replace built from it names that resourceVersion (or,
      // read as not there yet, its create clashes): kube's optimistic concurrency refuses it, again on each retry.
      const refused = await eventually(
        async () => {
          const writes = (await requests())
            .slice(before)
            .filter((r) => r.resource === 'configmaps' && r.name === 'two-generated' && (r.verb === 'update' || r.verb === 'create'));
          return writes.filter((r) => r.code === 409).length >= 2 && writes;
        },
        () => `its refused writes of two-generated; ${why()}`,
      );
      expect(refused.every((r) => r.code === 409)).toBe(true);
      const reads = (await requests()).slice(before).filter((r) => r.verb === 'get' && r.resource === 'configmaps' && r.name === 'two-generated');
      expect(reads[0]).toMatchObject({ view: { readReason: 'stale' } });
      expect(await content('two')).toBe('v3');
      const staleness = await controls.staleness();
      expect(staleness.staleWrites.filter((w) => w.object.name === 'two-generated')).toEqual([]);

      await control({ op: 'stale', stale: null });
      await eventually(
        async () => (await content('two')) === 'v6',
        () => `two-generated once the view is current; ${why()}`,
      );
    },
    2 * 60_000,
  );
});
