/**
 * `npm run bench -w packages/apiserver`: the embedded API server under load from this machine,
 * next to the reference measured in the same run (a bare Node HTTPS server with the same TLS).
 * Prints one JSON document on stdout; progress goes to stderr.
 *
 * Measures: Dojo creates/s, updates/s and status updates/s at 16 clients (p50/p99), LIST of
 * 2,000 and of 10,000 Dojos, watch delivery to 50 watchers after commit, server RSS with
 * 10,000 Dojos. Targets are issue 17's: creates ≥ 0.4× the reference, LIST of 10,000 < 100 ms,
 * watch delivery p99 < 10 ms after commit.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse } from 'yaml';
import { dojo } from './bench-dojo.ts';
import { rssMb, startChild, stopChild, withServerCpu } from './child-server.ts';
import { medianReferenceEcho } from './echo-reference.ts';
import { timeList } from './list-timing.ts';
import { newTarget, runLoad, send } from './load.ts';
import { watchLatency } from './watch-delivery.ts';

const clients = 16;
/**
 * Flags for working on one part (the full run takes none): `--only creates` stops after the
 * creates; `--creates N` and `--echo-requests N` shorten the runs; `--server-node-arg ARG`
 * (repeatable) starts the server with a Node flag, e.g. `--cpu-prof --cpu-prof-dir=DIR`, and
 * then waits for it to exit, so the profile is written.
 */
const { values: flags } = parseArgs({
  options: {
    only: { type: 'string' },
    creates: { type: 'string', default: '5000' },
    'echo-requests': { type: 'string', default: '20000' },
    'server-node-arg': { type: 'string', multiple: true, default: [] },
  },
});
if (flags.only !== undefined && flags.only !== 'creates') throw new Error(`--only: only "creates" is known, not "${flags.only}"`);
const createCount = Number(flags.creates);
const echoRequests = Number(flags['echo-requests']);
const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const log = (msg: string) => process.stderr.write(`[bench] ${msg}\n`);

async function main(): Promise<void> {
  const loadBefore = loadavg().map((l) => Number(l.toFixed(2)));
  const dir = mkdtempSync(join(tmpdir(), 'dojo-bench-'));
  try {
    log('reference: bare Node HTTPS echo (3 runs, median)');
    const reference = await medianReferenceEcho(dir, clients, echoRequests);
    log(JSON.stringify(reference));

    const { child, match } = await startChild(
      [here('../src/cli.ts'), '--data-dir', dir, '--port', '0'],
      /listening on https:\/\/127\.0\.0\.1:(\d+)/,
      flags['server-node-arg'],
    );
    const ca = readFileSync(join(dir, 'ca.crt'), 'utf8');
    const token = readFileSync(join(dir, 'admin-token'), 'utf8').trim();
    const target = newTarget(Number(match[1]), ca, token);
    const crd = parse(readFileSync(here('../../operator/crds/core.jutsu.com_dojos.yaml'), 'utf8'));
    await send(target, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd);
    for (let i = 0; i < 50; i++) {
      if ((await send(target, 'GET', '/apis/core.jutsu.com/v1/dojos')).status === 200) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const base = '/apis/core.jutsu.com/v1/namespaces/default/dojos';

    log('creates');
    await runLoad(clients, 500, async (i) => (await send(target, 'POST', base, dojo(`warm-${i}`))).status === 201);
    const creates = await withServerCpu(child.pid!, () =>
      runLoad(clients, createCount, async (i) => (await send(target, 'POST', base, dojo(`d-${i}`))).status === 201),
    );
    log(JSON.stringify(creates));
    const createsSummary = () => ({
      ...creates,
      ratioToReference: Number((creates.perSecond / (reference.perSecond as number)).toFixed(2)),
      serverCpuToReference: Number((creates.serverCpuMicrosPerRequest / (reference.serverCpuMicrosPerRequest as number)).toFixed(2)),
    });
    if (flags.only === 'creates') {
      await stopChild(child);
      target.agent.destroy();
      const load = { before: loadBefore, after: loadavg().map((l) => Number(l.toFixed(2))) };
      process.stdout.write(JSON.stringify({ benchmark: 'apiserver', only: 'creates', clients, reference, creates: createsSummary(), load }, null, 2) + '\n');
      return;
    }

    log('updates (PUT with resourceVersion)');
    const updates = await runLoad(clients, 3000, async (i) => {
      const name = `d-${i % createCount}`;
      const current = JSON.parse((await send(target, 'GET', `${base}/${name}`)).text);
      current.spec.title = `updated ${i}`;
      return (await send(target, 'PUT', `${base}/${name}`, current)).status === 200;
    });
    log(JSON.stringify(updates));

    log('status updates (merge patch on /status)');
    const statusUpdates = await runLoad(clients, 5000, async (i) => {
      const body = { status: { readyStatus: `${i % 3}/3`, observedGeneration: i } };
      return (await send(target, 'PATCH', `${base}/d-${i % createCount}/status`, body, 'application/merge-patch+json')).status === 200;
    });
    log(JSON.stringify(statusUpdates));

    log('LIST of 2,000 Dojos');
    await send(target, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'list-bench' } });
    await runLoad(
      clients,
      2000,
      async (i) =>
        (
          await send(target, 'POST', '/apis/core.jutsu.com/v1/namespaces/list-bench/dojos', {
            ...dojo(`l-${i}`),
            metadata: { name: `l-${i}`, namespace: 'list-bench' },
          })
        ).status === 201,
    );
    const list = await timeList(target, '/apis/core.jutsu.com/v1/namespaces/list-bench/dojos', 20);
    log(JSON.stringify(list));

    log('watch delivery, 50 watchers');
    const watch = await watchLatency(target, ca, 50, 200);
    log(JSON.stringify(watch));

    log('memory with 10,000 Dojos');
    const have = 500 + createCount + 2000 + 1;
    await runLoad(clients, 10000 - have, async (i) => (await send(target, 'POST', base, dojo(`m-${i}`))).status === 201);
    const count = JSON.parse((await send(target, 'GET', '/apis/core.jutsu.com/v1/dojos?limit=1')).text).metadata.remainingItemCount + 1;
    const memory = { dojosStored: count, serverRssMb: rssMb(child.pid!) };
    log(JSON.stringify(memory));

    log('LIST of 10,000 Dojos (every namespace)');
    const list10000 = await timeList(target, '/apis/core.jutsu.com/v1/dojos', 10);
    log(JSON.stringify(list10000));

    await stopChild(child);
    target.agent.destroy();
    const ratio = Number((creates.perSecond / (reference.perSecond as number)).toFixed(2));
    process.stdout.write(
      JSON.stringify(
        {
          benchmark: 'apiserver',
          machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
          clients,
          reference,
          creates: createsSummary(),
          updates,
          statusUpdates,
          list2000: list,
          list10000,
          watch,
          memory,
          load: { before: loadBefore, after: loadavg().map((l) => Number(l.toFixed(2))) },
          targets: {
            createsAtLeast04OfReference: ratio >= 0.4,
            list2000Under50ms: list.medianMs < 50,
            list10000Under100ms: list10000.medianMs < 100,
            watchP99Under10msAfterCommit: watch.afterCommitP99Ms < 10,
            memoryUnder300MbWith10kDojos: memory.serverRssMb < 300,
          },
        },
        null,
        2,
      ) + '\n',
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
