/** LIST as a client waits for it: from the request to the answer's last byte. */
import { percentile, send, type Target } from './load.ts';

/** LIST timed from the request to the last byte of the answer (the client's whole wait), `runs` times. */
export async function timeList(target: Target, path: string, runs: number): Promise<Record<string, number>> {
  const times: number[] = [];
  let items = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    const res = await send(target, 'GET', path);
    times.push(performance.now() - t);
    items = JSON.parse(res.text).items.length;
  }
  times.sort((a, b) => a - b);
  return { items, runs, medianMs: Number(percentile(times, 50).toFixed(2)), maxMs: Number(times[times.length - 1]!.toFixed(2)) };
}
