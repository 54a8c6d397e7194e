/** The reference every API server figure is read against: creates-sized POSTs to the bare Node HTTPS echo (echo-server.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dojo } from './bench-dojo.ts';
import { startChild, withServerCpu } from './child-server.ts';
import { newTarget, runLoad, send } from './load.ts';

const echoServer = fileURLToPath(new URL('./echo-server.ts', import.meta.url));

/** One run: a warm-up of 2,000 requests, then `requests` from `clients` keep-alive clients. `dir` holds (or gets) the TLS credentials. */
export async function referenceEcho(
  dir: string,
  clients: number,
  requests: number,
): Promise<Record<string, unknown> & { perSecond: number; serverCpuMicrosPerRequest: number }> {
  const { child, match } = await startChild([echoServer, dir], /listening on (\d+)/);
  const ca = readFileSync(join(dir, 'ca.crt'), 'utf8');
  const target = newTarget(Number(match[1]), ca);
  await runLoad(clients, 2000, async (i) => (await send(target, 'POST', '/', dojo(`w${i}`))).status === 201);
  const result = await withServerCpu(child.pid!, () =>
    runLoad(clients, requests, async (i) => (await send(target, 'POST', '/', dojo(`e${i}`))).status === 201),
  );
  child.kill();
  target.agent.destroy();
  return { name: 'bare Node HTTPS echo (reference)', ...result };
}

/** Three runs, the median's figures with every run's rate and CPU beside them. */
export async function medianReferenceEcho(
  dir: string,
  clients: number,
  requests: number,
): Promise<Record<string, unknown> & { perSecond: number; serverCpuMicrosPerRequest: number }> {
  const runs = [await referenceEcho(dir, clients, requests), await referenceEcho(dir, clients, requests), await referenceEcho(dir, clients, requests)].sort(
    (a, b) => a.perSecond - b.perSecond,
  );
  return { ...runs[1]!, runs: runs.map((r) => r.perSecond), cpuMicrosPerRequestRuns: runs.map((r) => r.serverCpuMicrosPerRequest) };
}
