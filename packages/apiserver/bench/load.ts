/** A small closed-loop HTTPS load generator: N clients, keep-alive, latency percentiles. */
import { Agent, request } from 'node:https';

export interface LoadResult {
  requests: number;
  errors: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
}

export interface Target {
  port: number;
  ca: string;
  token?: string | undefined;
  agent: Agent;
}

export function newTarget(port: number, ca: string, token?: string, sockets = 64): Target {
  return { port, ca, token, agent: new Agent({ keepAlive: true, maxSockets: sockets, ca }) };
}

export function send(
  target: Target,
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers: Record<string, string> = {};
    if (target.token) headers.authorization = `Bearer ${target.token}`;
    if (payload !== undefined) headers['content-type'] = contentType;
    const req = request({ host: '127.0.0.1', port: target.port, method, path, agent: target.agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Runs `op(i)` from `clients` concurrent loops until `count` operations are done. */
export async function runLoad(clients: number, count: number, op: (i: number) => Promise<boolean>): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        const ok = await op(i);
        latencies.push(performance.now() - t);
        if (!ok) errors++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: count,
    errors,
    seconds: Number(seconds.toFixed(3)),
    perSecond: Math.round(count / seconds),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
  };
}
