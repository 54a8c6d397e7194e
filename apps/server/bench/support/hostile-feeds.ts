/**
 * The soak's attacks of issue 35 items 4 and 12 on the OTLP receiver: requests of the wrong
 * shape, span times of four million digits, and spans dated in the year 2262. Each must be
 * answered at once (400, or OTLP's partial success) and cost neither memory nor the event loop.
 */
import type { Attack, Console } from './hostile-requests.ts';

const span = (start: string, end: string) => ({
  traceId: '0'.repeat(31) + '1',
  spanId: '0'.repeat(15) + '1',
  name: 'Reconcile',
  kind: 1,
  startTimeUnixNano: start,
  endTimeUnixNano: end,
  attributes: [{ key: 'controller', value: { stringValue: 'soak-feeds' } }],
});
const request = (spans: unknown[]): string => JSON.stringify({ resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ spans }] }] });

const wrongShape = JSON.stringify({ resourceSpans: [{ resource: { attributes: 5 }, scopeSpans: [{ spans: [null] }] }] });
const hugeDigits = '9'.repeat(4_000_000);
const hugeTimes = request([span(hugeDigits, hugeDigits)]);
const year2262 = request([span('9200000000000000000', '9200000000000001000')]);

function post(target: Console, body: string): Promise<number> {
  const otlp = target.otlp;
  if (!otlp) return Promise.resolve(0);
  return fetch(`${otlp.endpoint}/v1/traces`, { method: 'POST', headers: { authorization: `Bearer ${otlp.token}`, 'content-type': 'application/json' }, body })
    .then(async (res) => (await res.arrayBuffer(), res.status))
    .catch(() => 0);
}

export const feedAttacks: Record<string, Attack> = {
  'OTLP/JSON of the wrong shape': (t) => post(t, wrongShape),
  'OTLP span times of 4 million digits': (t) => post(t, hugeTimes),
  'OTLP spans from the year 2262': (t) => post(t, year2262),
};
