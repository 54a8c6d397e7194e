/**
 * One external operator reconciling N objects against one target: the operator runs with its
 * informers synced (a first object reconciled proves it), N objects are created at once from 16
 * clients, and the clock stops when the last of them is reconciled as the benchmark's own
 * watches see it (the child made and owned, the status written). Identical for every target.
 * Those watches resume whenever a server ends one (resumed-watch.ts): kube-apiserver closes a
 * watcher it finds slow, and a watch that stopped there once made a converged run look stuck.
 */
import { apiClientFromKubeconfig, type ApiClient } from './api-client.ts';
import { forEachBounded } from './bounded-concurrency.ts';
import type { ExternalOperator, WatchedObject } from './external-operators.ts';
import { ReconciledSet } from './reconciled-set.ts';
import { resumedWatch, type WatchHistory } from './resumed-watch.ts';
import { targetCpuSeconds, targetRssMb, type KubeTarget } from './kube-targets.ts';
import { epochNow, round } from './percentiles.ts';

export interface ConvergenceRun {
  target: string;
  operator: string;
  objects: number;
  converged: boolean;
  /** From the first create until the last object was reconciled. */
  seconds: number | null;
  /** From the first create until the last create was answered. */
  createSeconds: number;
  reconciledAtEnd: number;
  /** When 10%, 50%, 90% of the objects were reconciled (s after the first create). */
  milestones: Record<string, number>;
  /** CPU of the target's processes over the run (etcd included for kube-apiserver). */
  targetCpuSeconds: number;
  targetRssMbAtEnd: number;
  /**
   * The measured phase on the machine's monotonic clock (µs), which V8's profiles share:
   * `cpu-profile-summary.ts --between` keeps only its samples.
   */
  monotonicWindowUs: [number, number];
  /** The benchmark's two watches: events, restarts, LISTs, and why each stream ended. */
  watches: WatchHistory[];
  /** Only when it did not converge: how far it got (the first object included) and the watches' last words. */
  notConverged?: { counts: ReturnType<ReconciledSet['counts']>; why: string };
  operatorLogTail?: string;
}

const creators = 16;
const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

async function expectOk(client: ApiClient, method: string, path: string, body: unknown, allowed: number[] = []): Promise<void> {
  const res = await client.send(method, path, body);
  if (res.status >= 300 && !allowed.includes(res.status)) throw new Error(`${method} ${path}: HTTP ${res.status} ${res.body.slice(0, 500)}`);
}

export async function measureOperatorConvergence(
  target: KubeTarget,
  operator: ExternalOperator,
  binary: string,
  objects: number,
  timeoutMs: number,
): Promise<ConvergenceRun> {
  const client = apiClientFromKubeconfig(target.kubeconfigPath);
  const namespace = `bench-${operator.name}`;
  await expectOk(client, 'POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } });
  await expectOk(client, 'POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', operator.crd(binary), [409]);
  if (!(await untilServed(client, operator.primaries(namespace)))) throw new Error(`${operator.name}'s CRD was not served on ${target.name}`);

  const reconciled = new ReconciledSet(operator);
  const watches = [
    await resumedWatch<WatchedObject>(client, operator.primaries(namespace), reconciled.onPrimary),
    await resumedWatch<WatchedObject>(client, operator.children(namespace), reconciled.onChild),
  ];
  const process = operator.start(binary, target.operatorKubeconfig(operator.name), namespace);
  try {
    // Its informers are synced once it reconciled a first object.
    await expectOk(client, 'POST', operator.primaries(namespace), operator.primary(namespace, 'first'));
    if (!(await until(() => reconciled.reconciledAt.has('first'), 120_000)))
      throw new Error(`${operator.name} reconciled nothing on ${target.name}:\n${process.output().slice(-3000)}`);

    const cpuBefore = targetCpuSeconds(target);
    const started = epochNow();
    const windowStartUs = monotonicUs();
    await forEachBounded(objects, creators, (i) => expectOk(client, 'POST', operator.primaries(namespace), operator.primary(namespace, `o-${i}`)));
    const createSeconds = (epochNow() - started) / 1000;
    const converged = await until(() => reconciled.reconciledAt.size >= objects + 1, timeoutMs);
    const monotonicWindowUs: [number, number] = [windowStartUs, monotonicUs()];
    const times = [...reconciled.reconciledAt]
      .filter(([name]) => name !== 'first')
      .map(([, at]) => (at - started) / 1000)
      .sort((a, b) => a - b);
    const at = (share: number) => times[Math.ceil(share * objects) - 1];
    const milestones = Object.fromEntries(
      [0.1, 0.5, 0.9].flatMap((share) => (at(share) === undefined ? [] : [[`${share * 100}%`, round(at(share)!, 2)]])),
    ) as Record<string, number>;
    return {
      target: target.name,
      operator: operator.name,
      objects,
      converged,
      seconds: converged ? round(times[times.length - 1]!, 2) : null,
      createSeconds: round(createSeconds, 2),
      reconciledAtEnd: times.length,
      milestones,
      targetCpuSeconds: round(targetCpuSeconds(target) - cpuBefore, 2),
      targetRssMbAtEnd: targetRssMb(target),
      monotonicWindowUs,
      watches: watches.map((w) => w.history),
      ...(converged
        ? {}
        : {
            notConverged: { counts: reconciled.counts(), why: whyNotConverged(reconciled.counts(), objects + 1, watches) },
            operatorLogTail: process.output().slice(-3000),
          }),
    };
  } finally {
    await process.stop();
    for (const w of watches) w.close();
    client.close();
  }
}

/** One line for the notes: which half is missing, and whether the watches stayed up. */
function whyNotConverged(counts: ReturnType<ReconciledSet['counts']>, expected: number, watches: { history: WatchHistory }[]): string {
  const seen = `status written for ${counts.statusWritten}/${expected}, child made for ${counts.childMade}/${expected}`;
  const streams = watches
    .map(
      ({ history: h }) =>
        `${h.collection.split('/').pop()}: ${h.events} events, ${h.restarts} restarts, ${h.lists} lists${h.log.length ? `, last: ${h.log.at(-1)}` : ''}`,
    )
    .join('; ');
  return `${seen} as the benchmark's watches saw them (${streams})`;
}

async function untilServed(client: ApiClient, path: string): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if ((await client.send('GET', `${path}?limit=1`)).status === 200) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return false;
}
