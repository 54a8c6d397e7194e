/**
 * The receiver's answers over real HTTP, as the OTLP/HTTP specification words them: the token,
 * both encodings and gzip, partial success, and every kind of bad input answered with a
 * google.rpc.Status — and spans split over batches still joined into one reconcile.
 */
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TelemetryInput } from '@dojo/activity';
import { otlpTypes, TraceReceiver } from '@dojo/telemetry-sources';
import { otlpReceiverRoutes } from './otlp-receiver-routes.ts';

const token = 'receiver-token';
const records: TelemetryInput[] = [];
let url: string;
let close: () => void;

beforeAll(async () => {
  const app = express();
  app.use('/v1', otlpReceiverRoutes(token, new TraceReceiver({ clock: { now: () => Date.now() }, append: (r) => void records.push(r) }), 64 * 1024));
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
  close = () => server.close();
});

afterAll(() => close());

const post = (body: Buffer | string, headers: Record<string, string>) =>
  fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body });
const json = { 'content-type': 'application/json' };
const protobuf = { 'content-type': 'application/x-protobuf' };
const nanos = (ms: number) => `${BigInt(ms) * 1_000_000n}`;
const hex = (byte: number, bytes: number) => byte.toString(16).padStart(2, '0').repeat(bytes);

function otlpJson(spans: object[]): string {
  return JSON.stringify({ resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'op' } }] }, scopeSpans: [{ spans }] }] });
}

/** A minute ago: the receiver takes times back to what its history keeps and up to an hour ahead. */
const recently = Date.now() - 60_000;
function span(id: number, name: string, attributes: Record<string, object>, extra: object = {}): object {
  return {
    traceId: hex(0xab, 16),
    spanId: hex(id, 8),
    name,
    startTimeUnixNano: nanos(recently + id),
    endTimeUnixNano: nanos(recently + 10 + id),
    attributes: Object.entries(attributes).map(([key, value]) => ({ key, value })),
    ...extra,
  };
}

const child = (id: number, parent: number, path: string, code: number) =>
  span(
    id,
    'HTTP GET',
    {
      'http.request.method': { stringValue: 'GET' },
      'url.full': { stringValue: `https://k8s${path}` },
      'http.response.status_code': { intValue: String(code) },
    },
    { parentSpanId: hex(parent, 8), kind: 3 },
  );

describe('POST /v1/traces', () => {
  it('refuses a wrong token with 401 and a google.rpc.Status in the request encoding', async () => {
    const bad = await fetch(url, { method: 'POST', headers: { authorization: 'Bearer nope', ...protobuf }, body: Buffer.alloc(0) });
    expect(bad.status).toBe(401);
    expect(bad.headers.get('content-type')).toContain('application/x-protobuf');
    expect(otlpTypes.status.toObject(otlpTypes.status.decode(Buffer.from(await bad.arrayBuffer())))).toEqual({
      code: 16,
      message: expect.stringContaining('otlp-receiver-token'),
    });
    const none = await fetch(url, { method: 'POST', headers: json, body: '{}' });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 16, message: expect.stringContaining('otlp-receiver-token') });
  });

  it('answers 400 for bodies that do not decode, 415 for other content types and 413 above the limit', async () => {
    const garbage = await post(Buffer.from([0xff, 0xff, 0xff, 0x07, 0x01]), protobuf);
    expect(garbage.status).toBe(400);
    expect(otlpTypes.status.toObject(otlpTypes.status.decode(Buffer.from(await garbage.arrayBuffer())))).toMatchObject({
      code: 3,
      message: expect.stringContaining('ExportTraceServiceRequest'),
    });
    const notJson = await post('{"resourceSpans": [', json);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ code: 3, message: expect.stringContaining('not OTLP/JSON') });
    expect((await post('[1,2]', json)).status).toBe(400);
    const text = await post('hello', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect(await text.json()).toEqual({ code: 3, message: expect.stringContaining('application/x-protobuf or application/json') });
    const big = await post(Buffer.alloc(65 * 1024, 0x20), json);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ code: 8, message: expect.stringContaining('larger than') });
    const bomb = await post(gzipSync(Buffer.alloc(200 * 1024, 0x20)), { ...json, 'content-encoding': 'gzip' });
    expect(bomb.status).toBe(413);
  });

  it('takes gzip, answers an empty ExportTraceServiceResponse when all spans were used, and partialSuccess otherwise', async () => {
    const empty = await post(Buffer.alloc(0), protobuf);
    expect(empty.status).toBe(200);
    expect(otlpTypes.response.toObject(otlpTypes.response.decode(Buffer.from(await empty.arrayBuffer())))).toEqual({});
    const ok = await post(gzipSync(otlpJson([span(1, 'unrelated', {})])), { ...json, 'content-encoding': 'gzip' });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({});
    const partial = await post(
      otlpJson([span(2, 'fine', {}), { ...span(3, 'bad', {}), traceId: 'not-hex' }, { ...span(4, 'no end', {}), endTimeUnixNano: undefined }]),
      json,
    );
    expect(await partial.json()).toEqual({
      partialSuccess: { rejectedSpans: '2', errorMessage: expect.stringContaining('2 spans rejected: span "bad" has no valid traceId') },
    });
    const request = otlpTypes.request.fromObject({
      resourceSpans: [{ scopeSpans: [{ spans: [{ traceId: Buffer.alloc(16, 1), spanId: Buffer.alloc(8, 2), name: 'no times' }] }] }],
    });
    const binary = await post(Buffer.from(otlpTypes.request.encode(request).finish()), protobuf);
    expect(binary.status).toBe(200);
    expect(otlpTypes.response.toObject(otlpTypes.response.decode(Buffer.from(await binary.arrayBuffer())), { longs: String })).toEqual({
      partialSuccess: { rejectedSpans: '1', errorMessage: expect.stringContaining('needs startTimeUnixNano') },
    });
  });

  it('joins client spans to their reconcile whichever batch brings them', async () => {
    records.length = 0;
    const reconcile = span(0x10, 'reconciling object', {
      'object.ref': { stringValue: 'ConfigMap.v1./settings.team-a' },
      'object.reason': { stringValue: 'related object updated: Secret.v1./creds.team-a' },
    });
    const inner = span(0x11, 'apply', {}, { parentSpanId: hex(0x10, 8) });
    expect((await post(otlpJson([child(0x12, 0x11, '/api/v1/namespaces/team-a/configmaps/settings', 200), inner]), json)).status).toBe(200);
    expect(records).toEqual([]);
    expect((await post(otlpJson([reconcile]), json)).status).toBe(200);
    // Enum names instead of numbers, as some proto3 JSON writers send them.
    const late = { ...child(0x13, 0x10, '/api/v1/namespaces/team-a/configmaps?watch=true', 200), kind: 'SPAN_KIND_CLIENT' };
    expect((await post(otlpJson([late]), json)).status).toBe(200);
    expect(records.map((r) => `${r.type} ${r.type === 'api-call' ? `${r.verb} ${r.resource}` : ''}`.trim())).toEqual([
      'reconcile-start',
      'api-call get configmaps',
      'reconcile-end',
      'api-call watch configmaps',
    ]);
    expect(records[0]).toMatchObject({
      controller: 'op/configmap',
      object: { group: '', kind: 'ConfigMap', namespace: 'team-a', name: 'settings' },
      triggers: [{ reason: 'owned', kind: 'Secret', key: 'team-a/creds', object: { group: '', kind: 'Secret', namespace: 'team-a', name: 'creds' } }],
    });
  });

  it('answers 400 naming the field for every request that is not the shape OTLP/JSON says, and for one nested too deep', async () => {
    const wrap = (spanFields: object, scope: object = {}, resource: object = {}) =>
      JSON.stringify({ resourceSpans: [{ resource, scopeSpans: [{ spans: [{ ...(span(0x20, 'x', {}) as object), ...spanFields }], ...scope }] }] });
    const malformed: [string, string][] = [
      [wrap({ attributes: 5 }), 'resourceSpans[0].scopeSpans[0].spans[0].attributes must be a list'],
      [wrap({ attributes: [null] }), 'attributes[0] must not be null'],
      [wrap({ events: 'x' }), 'spans[0].events must be a list'],
      [wrap({ status: 'bad' }), 'spans[0].status must be an object'],
      [wrap({ attributes: [{ key: 'k', value: { stringValue: {} } }] }), 'attributes[0].value.stringValue must be a string'],
      [wrap({}, {}, { attributes: 'x' }), 'resourceSpans[0].resource.attributes must be a list'],
      [JSON.stringify({ resourceSpans: [{ scopeSpans: 7 }] }), 'resourceSpans[0].scopeSpans must be a list'],
      [JSON.stringify({ resourceSpans: [{ scopeSpans: [{ spans: [null] }] }] }), 'spans[0] must not be null'],
      [JSON.stringify({ resourceSpans: 'x' }), 'resourceSpans must be a list'],
      [`${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'ExportTraceServiceRequest'],
      [`{"resourceSpans":${'['.repeat(10_000)}${']'.repeat(10_000)}}`, 'nests deeper than 128 levels'],
    ];
    for (const [body, message] of malformed) {
      const answer = await post(body, json);
      expect(answer.status, message).toBe(400);
      expect(await answer.json()).toEqual({ code: 3, message: expect.stringContaining(message) });
    }
  });

  it('answers 400 for a protobuf request whose attribute values nest deeper than the JSON limit', async () => {
    let value: object = { stringValue: 'leaf' };
    // Within protobufjs' own limit of 100 nested messages (3 per level), beyond the console's 128 JSON levels (4 per level).
    for (let i = 0; i < 30; i++) value = { kvlistValue: { values: [{ key: 'k', value }] } };
    const request = otlpTypes.request.fromObject({
      resourceSpans: [
        { scopeSpans: [{ spans: [{ traceId: Buffer.alloc(16, 1), spanId: Buffer.alloc(8, 4), name: 'deep', attributes: [{ key: 'k', value }] }] }] },
      ],
    });
    const answer = await post(Buffer.from(otlpTypes.request.encode(request).finish()), protobuf);
    expect(answer.status).toBe(400);
    expect(otlpTypes.status.toObject(otlpTypes.status.decode(Buffer.from(await answer.arrayBuffer())))).toMatchObject({
      code: 3,
      message: expect.stringContaining('nests deeper than 128 levels'),
    });
  });

  it('answers 400 for an int64 time of more than 20 digits, without parsing it', async () => {
    const answer = await post(otlpJson([span(0x21, 'long', {}, { startTimeUnixNano: '1'.repeat(21) })]), json);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ code: 3, message: expect.stringContaining('startTimeUnixNano must be an int64: at most 20 characters') });
  });

  it('rejects spans dated more than an hour ahead or older than the history keeps, with partialSuccess in either encoding', async () => {
    records.length = 0;
    const year2262 = '9200000000000000000';
    const future = { ...(span(0x22, 'future', {}) as object), startTimeUnixNano: year2262, endTimeUnixNano: year2262 };
    const old = {
      ...(span(0x23, 'old', {}) as object),
      startTimeUnixNano: nanos(Date.now() - 25 * 3_600_000),
      endTimeUnixNano: nanos(Date.now() - 25 * 3_600_000 + 5),
    };
    const answer = await post(otlpJson([span(0x24, 'now', {}), future, old]), json);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      partialSuccess: { rejectedSpans: '2', errorMessage: expect.stringContaining("time is more than 60 minutes ahead of the console's clock") },
    });
    const request = otlpTypes.request.fromObject({
      resourceSpans: [
        {
          scopeSpans: [
            { spans: [{ traceId: Buffer.alloc(16, 1), spanId: Buffer.alloc(8, 3), name: 'future', startTimeUnixNano: year2262, endTimeUnixNano: year2262 }] },
          ],
        },
      ],
    });
    const binary = await post(Buffer.from(otlpTypes.request.encode(request).finish()), protobuf);
    expect(binary.status).toBe(200);
    expect(otlpTypes.response.toObject(otlpTypes.response.decode(Buffer.from(await binary.arrayBuffer())), { longs: String })).toEqual({
      partialSuccess: { rejectedSpans: '1', errorMessage: expect.stringContaining('ahead of the console') },
    });
    expect(records.filter((r) => r.time > Date.now() + 3_600_000)).toEqual([]);
  });
});
