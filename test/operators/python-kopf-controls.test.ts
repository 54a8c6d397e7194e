/**
 * The controls of a connected client (docs/client-controls.md) against kopf, unmodified: its own
 * examples/05-handlers (a handler per cause, and `field_fn` printing "FIELD CHANGED: OLD -> NEW"
 * for each change of spec.field), run as its own process with a kubeconfig from `dojo-console
 * connect`. The embedded API server holds the watch events it would deliver to it, faults its
 * requests and answers its reads from an older view; kopf's output and the journal show what
 * it did about each.
 */
import type { FaultRuleSpec, WatchOpenRecord } from '@dojo/console-protocol';
import { requireToolchain } from '@dojo/toolchains';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientControls, expectConflictRetryReported, type ClientControls } from './testing/client-controls.ts';
import { installKopfCrd, kopfexamples, kopfVersion, prepareKopf, runKopf, type KopfExample } from './testing/kopf.ts';
import { eventually, startOperatorConsole, tail, type OperatorConsole, type OperatorProcess } from './testing/operator-console.ts';

const python = requireToolchain('python3', 'operators: kopf');
const minutes = 60_000;
const client = 'kopf-controlled';
const namespace = 'kopf-controlled';

let view: OperatorConsole;
let controls: ClientControls;
let operator: OperatorProcess;
const running: OperatorProcess[] = [];
const why = () => `kopf's output:\n${tail(operator.output())}`;

const example = (name: string) => `${kopfexamples(namespace)}/${name}`;
const setField = (name: string, value: string) => view.admin('PATCH', example(name), { spec: { field: value } }, 'application/merge-patch+json');
/** What kopf last handled, as it records it on the object (its diff-base annotation). */
const lastHandled = async (name: string) =>
  ((await view.admin('GET', example(name))).body as KopfExample).metadata.annotations?.['kopf.zalando.org/last-handled-configuration'] ?? '';
/** kopf reacted to `name`'s spec.field becoming `value`: it logs the diff of the cycle it runs for it. */
const reacted = (name: string, value: string) =>
  operator
    .output()
    .split('\n')
    .some((line) => line.includes(`[${namespace}/${name}] Updating diff:`) && line.includes(`'${value}'),)`));
/** kopf finished handling it: every handler ran and the diff-base annotation names it. */
const handled = async (name: string, value: string) => (await lastHandled(name)).includes(`"${value}"`);
const watchOpens = async (resource: string) =>
  (await controls.journal()).filter((r): r is WatchOpenRecord => r.type === 'watch-open' && r.resource === resource);
const lists = async (resource: string) => (await controls.journal()).filter((r) => r.type === 'request' && r.verb === 'list' && r.resource === resource);

describe.skipIf(!python)(`kopf ${kopfVersion}'s examples/05-handlers, held, faulted and shown a stale view`, { timeout: 5 * minutes }, () => {
  beforeAll(async () => {
    const kopf = await prepareKopf();
    view = await startOperatorConsole();
    await installKopfCrd(view, kopf);
    operator = await runKopf(view, kopf, running, client, namespace, 'examples/05-handlers/example.py');
    controls = clientControls(view, client);
    for (const name of ['one', 'two']) {
      await view.admin('POST', kopfexamples(namespace), {
        apiVersion: 'kopf.dev/v1',
        kind: 'KopfExample',
        metadata: { name, namespace },
        spec: { field: `${name}-v1` },
      });
    }
    for (const name of ['one', 'two'])
      await eventually(
        async () => (await lastHandled(name)).includes(`${name}-v1`),
        () => `kopf to handle the creation of ${name}; ${why()}`,
      );
  }, 30 * minutes);

  // Whatever a test left in force (a failed one included) is lifted, so the next starts clean.
  afterEach(async () => {
    if (!controls) return;
    await controls.view({ op: 'stale', stale: null });
    await controls.view({ op: 'continue' });
    await controls.view({ op: 'resume' });
    await controls.clearFaults();
  });

  afterAll(async () => {
    await Promise.all(running.map((o) => o.stop()));
    await view?.close();
  });

  it('holds its reaction to an edit while paused; step releases exactly one event; resume the rest', async () => {
    await controls.view({ op: 'pause' });
    await setField('one', 'one-v2');
    await setField('two', 'two-v2');
    await eventually(
      async () => (await controls.held()).filter((h) => h.startsWith('MODIFIED KopfExample')).length === 2,
      () => `both edits held; ${why()}`,
    );
    expect(reacted('one', 'one-v2') || reacted('two', 'two-v2')).toBe(false);

    const stepped = await controls.stepUntil('MODIFIED KopfExample one');
    expect(stepped).not.toContain('MODIFIED KopfExample two');
    await eventually(
      () => reacted('one', 'one-v2'),
      () => `kopf's cycle for one after the step; ${why()}`,
    );
    expect(reacted('two', 'two-v2')).toBe(false);
    // kopf runs one handler a cycle and records its progress with a patch, continuing on that
    // patch's event: its write went through, and the event it causes is held like any other.
    await eventually(
      async () => (await controls.held()).includes('MODIFIED KopfExample one'),
      () => `its own patch's event held; ${why()}`,
    );
    expect(await handled('one', 'one-v2')).toBe(false);

    const resumed = await controls.view({ op: 'resume' });
    expect(resumed.released).toBeGreaterThanOrEqual(2);
    for (const name of ['one', 'two'])
      await eventually(
        () => handled(name, `${name}-v2`),
        () => `${name} handled after resume; ${why()}`,
      );
  });

  it('a breakpoint on one object holds only it; continue releases it', async () => {
    const broke = await controls.view({ op: 'break', breakpoint: { kind: 'KopfExample', namespace, name: 'two' } });
    expect(broke.breakpoints).toEqual([{ kind: 'KopfExample', namespace, name: 'two' }]);
    await setField('two', 'two-v3');
    await setField('one', 'one-v3');
    await eventually(
      () => handled('one', 'one-v3'),
      () => `one handled past the breakpoint; ${why()}`,
    );
    expect(await controls.held()).toEqual(['MODIFIED KopfExample two']);
    expect(reacted('two', 'two-v3')).toBe(false);
    await controls.view({ op: 'continue' });
    await eventually(
      () => handled('two', 'two-v3'),
      () => `two handled after continue; ${why()}`,
    );
  });

  it('throttles an object whose patch got 409 Conflict, and retries on the next event about it', async () => {
    const rule = await controls.fault({ verbs: ['patch'], resource: 'kopfexamples.kopf.dev', name: 'one', status: 409, count: 1 });
    await setField('one', 'one-v4');
    await eventually(
      () => operator.output().includes(`[${namespace}/one] Throttling is over. Switching back to normal operations.`),
      () => `kopf's throttling of one to end; ${why()}`,
    );
    expect(operator.output()).toMatch(
      /\[kopf-controlled\/one\] Throttling for 1 seconds due to an unexpected error: APIConflictError\('Operation cannot be fulfilled on kopfexamples.kopf.dev "one": the object has been modified/,
    );
    expect((await controls.faults()).rules.find((r) => r.id === rule.id)).toMatchObject({ injected: 1, exhausted: true });
    // The faulted patch wrote nothing, so no event follows it: kopf waits for one, its handler's outcome unrecorded.
    expect(await handled('one', 'one-v4')).toBe(false);
    const touch = (await view.admin('PATCH', example('one'), { metadata: { labels: { nudged: 'yes' } } }, 'application/merge-patch+json')).body as KopfExample;
    await eventually(
      () => handled('one', 'one-v4'),
      () => `one handled after the next event; ${why()}`,
    );
    const patches = (await view.requests(client)).filter((r) => r.verb === 'patch' && r.resource === 'kopfexamples' && r.name === 'one' && !r.subresource);
    const faulted = patches.findIndex((r) => r.fault?.rule === rule.id);
    expect(patches[faulted]).toMatchObject({ code: 409 });
    const retried = patches.slice(faulted + 1);
    expect(retried.length).toBeGreaterThan(0);
    expect(retried.every((r) => r.code === 200 && Number(r.rvReturned ?? 0) > Number(touch.metadata.resourceVersion))).toBe(true);
    // Its report card says how: retried, once an event came.
    await expectConflictRetryReported(controls);
  });

  it('a watch cut makes it watch again from where it was; a 410 on that resumed watch makes it relist', async () => {
    const opensBefore = (await watchOpens('kopfexamples')).length;
    const listsBefore = (await lists('kopfexamples')).length;
    const watchOf = (fault: Partial<FaultRuleSpec>): FaultRuleSpec => ({ verbs: ['watch'], resource: 'kopfexamples.kopf.dev', count: 1, ...fault });
    const cut = await controls.fault(watchOf({ watchCut: true }));
    const gone = await controls.fault(watchOf({ gone: true }));
    // Its open watch was decided when it opened: end it (as a timeout would) so the next one meets the rules.
    await view.running.apiserver!.closeWatches('the test ends every watch');
    await eventually(
      async () => (await lists('kopfexamples')).length > listsBefore,
      () => `a relist of kopfexamples; ${why()}`,
    );
    const opens = (await watchOpens('kopfexamples')).slice(opensBefore);
    const cutAt = opens.findIndex((o) => o.fault?.rule === cut.id);
    expect(opens[cutAt]).toMatchObject({ fault: { watch: 'cut' }, resourceVersion: expect.stringMatching(/^\d+$/) });
    // kopf resumes after a dropped stream (from its last resourceVersion) and relists only on 410.
    expect(opens[cutAt + 1]).toMatchObject({ fault: { rule: gone.id, watch: 'gone' }, resourceVersion: expect.stringMatching(/^\d+$/) });
    const relist = (await lists('kopfexamples')).at(-1)!;
    expect(relist.seq).toBeGreaterThan(opens[cutAt + 1]!.seq);
    await setField('one', 'one-v5');
    await eventually(
      () => handled('one', 'one-v5'),
      () => `an edit handled after its relist; ${why()}`,
    );
  });

  it('writes on a stale view after a relist, and the console flags the write with what it had not seen', async () => {
    // Its watch of `one` lags (a breakpoint stands in for a slow watch cache): an edit of
    // spec.field, then unrelated writes, then a person's label on `one`.
    await controls.view({ op: 'break', breakpoint: { kind: 'KopfExample', namespace, name: 'one' } });
    const unseenSpec = Number(((await setField('one', 'one-stale')).body as KopfExample).metadata.resourceVersion);
    for (let i = 0; i < 60; i++) await view.admin('POST', `/api/v1/namespaces/${namespace}/configmaps`, { metadata: { name: `filler-${i}` } });
    const labelled = (await view.admin('PATCH', example('one'), { metadata: { labels: { touched: 'by-a-person' } } }, 'application/merge-patch+json'))
      .body as KopfExample;
    // Its reads go 30 revisions after the spec edit, before the label: a cache that has the edit and not the label.
    const now = Number(labelled.metadata.resourceVersion);
    const stale = await controls.view({ op: 'stale', stale: { behind: now - (unseenSpec + 30) } });
    expect(stale.stale).toEqual({ behind: now - unseenSpec - 30 });
    const gone = await controls.fault({ verbs: ['watch'], resource: 'kopfexamples.kopf.dev', gone: true, count: 1 });
    await view.running.apiserver!.closeWatches('the test ends every watch');
    // The relist shows it the edit without the label; the handler runs and kopf patches `one` on that view.
    await eventually(
      () => reacted('one', 'one-stale'),
      () => `kopf's cycle on the stale list; ${why()}`,
    );
    expect((await controls.faults()).rules.find((r) => r.id === gone.id)).toMatchObject({ injected: 1 });
    const staleList = (await lists('kopfexamples')).at(-1)!;
    expect(staleList).toMatchObject({ view: { readReason: 'stale' } });

    const flagged = await eventually(
      async () => (await controls.staleness()).staleWrites.find((w) => w.object.name === 'one' && w.seenThrough === 'list'),
      () => `a stale write of one; ${why()}`,
    );
    expect(flagged).toMatchObject({
      client,
      verb: 'patch',
      resource: 'kopfexamples',
      seenResourceVersion: String(unseenSpec),
      currentResourceVersion: labelled.metadata.resourceVersion,
    });
    expect(flagged.unseen.map((u) => u.resourceVersion)).toEqual([labelled.metadata.resourceVersion]);
    // The label map, or the one label when the map was already there (an earlier test's label).
    expect(flagged.unseen[0]!.changedPaths).toEqual([expect.stringMatching(/^metadata\.labels(\.touched)?$/)]);
    expect(flagged.evidence.seenSeq).toBe(staleList.seq);
  });
});
