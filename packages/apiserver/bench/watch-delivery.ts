/**
 * Watch delivery to N watchers of one object (field-selector watches, as controllers' informers
 * of one name open them) while one writer patches it: from the write's start, and after commit.
 */
import { Agent, request } from 'node:https';
import { dojo, dojos } from './bench-dojo.ts';
import { percentile, send, type Target } from './load.ts';

export async function watchLatency(target: Target, ca: string, watchers: number, writes: number, path = dojos()): Promise<Record<string, number>> {
  await send(target, 'POST', path, dojo('watched', /namespaces\/([^/]+)\//.exec(path)?.[1]));
  const sentAt = new Map<string, number>();
  const arrivals = new Map<string, number[]>();
  const latencies: number[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: watchers + 1, ca });
  const rv = JSON.parse((await send(target, 'GET', path + '?limit=1')).text).metadata.resourceVersion as string;
  const streams = await Promise.all(
    Array.from(
      { length: watchers },
      () =>
        new Promise<ReturnType<typeof request>>((resolve) => {
          const req = request(
            {
              host: '127.0.0.1',
              port: target.port,
              path: `${path}?watch=true&resourceVersion=${rv}&fieldSelector=metadata.name%3Dwatched`,
              agent,
              headers: { authorization: `Bearer ${target.token}` },
            },
            (res) => {
              let buffer = '';
              res.on('data', (d: Buffer) => {
                const now = performance.now();
                buffer += d.toString();
                let nl: number;
                while ((nl = buffer.indexOf('\n')) >= 0) {
                  const line = buffer.slice(0, nl);
                  buffer = buffer.slice(nl + 1);
                  const title = /"title":"([^"]+)"/.exec(line)?.[1];
                  const sent = title ? sentAt.get(title) : undefined;
                  if (sent !== undefined) {
                    latencies.push(now - sent);
                    const list = arrivals.get(title!) ?? [];
                    list.push(now);
                    arrivals.set(title!, list);
                  }
                }
              });
              resolve(req);
            },
          );
          req.end();
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 300));
  const ackedAt = new Map<string, number>();
  for (let i = 0; i < writes; i++) {
    const title = `t${i}`;
    sentAt.set(title, performance.now());
    await send(target, 'PATCH', `${path}/watched`, { spec: { title } }, 'application/merge-patch+json');
    ackedAt.set(title, performance.now());
  }
  await new Promise((r) => setTimeout(r, 500));
  for (const s of streams) s.destroy();
  agent.destroy();
  latencies.sort((a, b) => a - b);
  // Delivery after commit. The server publishes a write to its watchers as soon as the write is
  // durable, then answers the writer; the earliest sign of the commit a client can see is the
  // first of those (the writer's answer or any watcher's event). Each watcher's delay is counted
  // from there, so it is the fan-out's own delay, a little under the true one (by one loopback
  // hop). `afterAck` is the same from the writer's answer alone (0 when the event came first).
  const afterCommit: number[] = [];
  const afterAck: number[] = [];
  for (const [title, times] of arrivals) {
    const ack = ackedAt.get(title)!;
    const committed = Math.min(ack, ...times);
    for (const t of times) {
      afterCommit.push(t - committed);
      afterAck.push(Math.max(0, t - ack));
    }
  }
  afterCommit.sort((a, b) => a - b);
  afterAck.sort((a, b) => a - b);
  const ms = (sorted: number[], p: number) => Number(percentile(sorted, p).toFixed(2));
  return {
    watchers,
    writes,
    delivered: latencies.length,
    expected: watchers * writes,
    writeToDeliveryP50Ms: ms(latencies, 50),
    writeToDeliveryP99Ms: ms(latencies, 99),
    afterCommitP50Ms: ms(afterCommit, 50),
    afterCommitP99Ms: ms(afterCommit, 99),
    afterCommitMaxMs: ms(afterCommit, 100),
    afterAckP99Ms: ms(afterAck, 99),
  };
}
