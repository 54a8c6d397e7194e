import { describe, expect, it } from 'vitest';
import { decodeTraceRequest, otlpTypes } from './receive-codec.ts';
import { flattenTraces } from './receive-spans.ts';

const attribute = (key: string, value: object) => ({ key, value });

const jsonRequest = {
  resourceSpans: [
    {
      resource: { attributes: [attribute('service.name', { stringValue: 'op' }), attribute('k8s.pod.name', { stringValue: 'op-0' })] },
      scopeSpans: [
        {
          spans: [
            {
              traceId: '5B8EFFF798038103D269B633813FC60C',
              spanId: 'EEE19B7EC3C1B174',
              parentSpanId: '',
              name: 'Reconcile',
              kind: 1,
              startTimeUnixNano: '1764000000123456789',
              endTimeUnixNano: 1764000000223456000,
              attributes: [
                attribute('s', { stringValue: 'x' }),
                attribute('i', { intValue: '42' }),
                attribute('d', { doubleValue: 0.5 }),
                attribute('b', { boolValue: false }),
                attribute('a', { arrayValue: { values: [{ stringValue: 'p' }, { intValue: 7 }] } }),
                attribute('kv', { kvlistValue: { values: [attribute('inner', { boolValue: true })] } }),
                attribute('empty', {}),
              ],
              status: { code: 2 },
              events: [{ name: 'exception', attributes: [attribute('exception.message', { stringValue: 'boom' })] }],
            },
          ],
        },
      ],
    },
  ],
};

describe('flattenTraces', () => {
  it('reads OTLP/JSON: hex ids in any case, int64 nanos as strings or numbers, every AnyValue kind, the exception event as the error text', () => {
    const { spans, rejected } = flattenTraces(decodeTraceRequest(Buffer.from(JSON.stringify(jsonRequest)), 'json'));
    expect(rejected).toBe(0);
    expect(spans).toEqual([
      {
        traceId: '5b8efff798038103d269b633813fc60c',
        spanId: 'eee19b7ec3c1b174',
        name: 'Reconcile',
        kind: 1,
        startMs: 1764000000123.4568,
        endMs: 1764000000223.456,
        attributes: { s: 'x', i: 42, d: 0.5, b: false, a: ['p', 7], kv: { inner: true } },
        status: { code: 2, message: 'boom' },
        resource: { 'service.name': 'op', 'k8s.pod.name': 'op-0' },
      },
    ]);
  });

  it('reads the same request from protobuf, where ids are bytes and longs arrive as decimal strings', () => {
    const request = otlpTypes.request.fromObject({
      resourceSpans: [
        {
          resource: { attributes: [attribute('service.name', { stringValue: 'op' })] },
          scopeSpans: [
            {
              spans: [
                {
                  traceId: Buffer.from('5b8efff798038103d269b633813fc60c', 'hex'),
                  spanId: Buffer.from('eee19b7ec3c1b174', 'hex'),
                  parentSpanId: Buffer.from('0102030405060708', 'hex'),
                  name: 'HTTP GET',
                  kind: 3,
                  startTimeUnixNano: '1764000000000000000',
                  endTimeUnixNano: '1764000000001500000',
                  attributes: [attribute('http.response.status_code', { intValue: 409 })],
                },
              ],
            },
          ],
        },
      ],
    });
    const { spans } = flattenTraces(decodeTraceRequest(Buffer.from(otlpTypes.request.encode(request).finish()), 'protobuf'));
    expect(spans).toEqual([
      expect.objectContaining({
        traceId: '5b8efff798038103d269b633813fc60c',
        parentSpanId: '0102030405060708',
        kind: 3,
        startMs: 1764000000000,
        endMs: 1764000000001.5,
        attributes: { 'http.response.status_code': 409 },
        status: { code: 0 },
      }),
    ]);
  });

  it('rejects spans with all-zero ids, short ids or an end before the start, and says why', () => {
    const span = jsonRequest.resourceSpans[0]!.scopeSpans[0]!.spans[0]!;
    const request = {
      resourceSpans: [{ scopeSpans: [{ spans: [{ ...span, traceId: '0'.repeat(32) }, { ...span, spanId: 'abc' }, { ...span, endTimeUnixNano: '1' }, span] }] }],
    };
    const { spans, rejected, rejection } = flattenTraces(decodeTraceRequest(Buffer.from(JSON.stringify(request)), 'json'));
    expect(spans).toHaveLength(1);
    expect(rejected).toBe(3);
    expect(rejection).toContain('has no valid traceId');
  });
});
