/**
 * The worst single requests of issue 22, as loops a soak runs side by side against a running
 * console: each loop sends its request again and again until the deadline and counts the
 * answers by status. A status of 0 is a request that got no answer (the connection ended).
 */
import { Agent, request } from 'node:http';
import WebSocket from 'ws';
import { rawUpgrade } from '../../src/testing/raw-http.ts';

export interface Console {
  base: string;
  port: number;
  token: string;
  /** The OTLP trace receiver, when it is on. */
  otlp?: { endpoint: string; token: string };
}

export type Attack = (target: Console) => Promise<number>;

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

export function send(target: Console, method: string, path: string, body?: string | Buffer, contentType = 'application/json'): Promise<number> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { authorization: `Bearer ${target.token}`, 'x-dojo-console': '1' };
    if (body !== undefined) headers['content-type'] = contentType;
    const req = request({ host: '127.0.0.1', port: target.port, method, path, headers, agent, timeout: 30_000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', () => resolve(0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const cms = '/api/kube/api/v1/namespaces/default/configmaps';
const secrets = '/api/kube/api/v1/namespaces/default/secrets';

function billionLaughs(): string {
  const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: laughs}', 'data:', '  a0: &a0 "lol"'];
  for (let i = 1; i < 30; i++)
    lines.push(
      `  l${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return lines.join('\n');
}
const laughs = billionLaughs();
const doubling = JSON.stringify(Array.from({ length: 22 }, (_, i) => ({ op: 'copy', from: '/data', path: `/data/k${i}` })));
const watchSpellings = [
  `${secrets}?watch=1`,
  `${secrets}?%77atch=1`,
  `${secrets}?watch=%31`,
  '/api/kube/api/v1/watch/namespaces/default/secrets',
  `${cms}?watch=true`,
];
let spelling = 0;
let serial = 0;
let controllerName = 0;

/** 200 reconcile spans in OTLP/JSON, each under a controller name never sent before (issue 35: a sample ring per name). */
function newControllerNames(): string {
  const now = BigInt(Date.now()) * 1_000_000n;
  const spans = Array.from({ length: 200 }, () => {
    const n = ++controllerName;
    const id = n.toString(16).padStart(16, '0');
    const attributes = Object.entries({ controller: `soak-${n}`, controllerKind: 'ConfigMap', namespace: 'default', name: `cm-${n}` }).map(([key, v]) => ({
      key,
      value: { stringValue: v },
    }));
    return {
      traceId: id.padStart(32, '0'),
      spanId: id,
      name: 'Reconcile',
      kind: 1,
      startTimeUnixNano: `${now - 20_000_000n}`,
      endTimeUnixNano: `${now}`,
      attributes,
    };
  });
  return JSON.stringify({ resourceSpans: [{ resource: { attributes: [{ key: 'service.name', value: { stringValue: 'soak' } }] }, scopeSpans: [{ spans }] }] });
}

function sendSpans(target: Console): Promise<number> {
  const otlp = target.otlp;
  if (!otlp) return Promise.resolve(0);
  return fetch(`${otlp.endpoint}/v1/traces`, {
    method: 'POST',
    headers: { authorization: `Bearer ${otlp.token}`, 'content-type': 'application/json' },
    body: newControllerNames(),
  })
    .then(async (res) => (await res.arrayBuffer(), res.status))
    .catch(() => 0);
}

/** Creates what the attacks aim at: a ConfigMap to patch and a Secret whose kind they try to change. */
export async function prepareTargets(target: Console): Promise<void> {
  await send(target, 'POST', cms, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'doubling' }, data: { a: 'x'.repeat(1024) } }));
  await send(target, 'POST', secrets, JSON.stringify({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'soak' }, stringData: { password: 'hunter2' } }));
}

export const attacks: Record<string, Attack> = {
  'upgrade with a malformed cookie': (t) =>
    rawUpgrade(
      t.port,
      [
        `GET /ws HTTP/1.1`,
        `Host: 127.0.0.1:${t.port}`,
        'Connection: Upgrade',
        'Upgrade: websocket',
        'Sec-WebSocket-Version: 13',
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        `Cookie: dojo_console_token=%E0%A4%A; dojo_console_token_${t.port}=%E0%A4%A`,
      ].join('\r\n'),
    ),
  'JSON patch of 22 doubling copies': (t) => send(t, 'PATCH', `${cms}/doubling${serial++ % 2 ? '?dryRun=All' : ''}`, doubling, 'application/json-patch+json'),
  'billion-laughs YAML': (t) => send(t, 'POST', cms, laughs, 'application/yaml'),
  'watch over the HTTP proxy': (t) => send(t, 'GET', watchSpellings[spelling++ % watchSpellings.length]!),
  'numeric metadata.name': (t) =>
    send(t, 'POST', '/api/kube/api/v1/namespaces', JSON.stringify({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 99 } })),
  'patch changing kind': (t) => send(t, 'PATCH', `${secrets}/soak`, JSON.stringify({ kind: 'NotSecret' }), 'application/merge-patch+json'),
  'body over the limit': (t) => send(t, 'POST', cms, 'x'.repeat(4 * 1024 * 1024)),
  /** 40 sockets from one client (the cap is 32), each asking for 64 watches, held for a second. */
  'socket flood': async (t) => {
    const url = `${t.base.replace('http', 'ws')}/ws`;
    const sockets = Array.from({ length: 40 }, () => new WebSocket(url, { headers: { authorization: `Bearer ${t.token}` } }));
    for (const ws of sockets) {
      ws.on('error', () => undefined);
      ws.on('open', () => {
        for (let i = 0; i < 64; i++)
          ws.send(
            JSON.stringify({
              op: 'subscribe',
              id: `w${i}`,
              kind: 'watch',
              resource: { group: '', version: 'v1', resource: 'configmaps' },
              namespace: 'default',
            }),
          );
      });
    }
    await new Promise((r) => setTimeout(r, 1000));
    const refused = sockets.filter((ws) => ws.readyState !== WebSocket.OPEN).length;
    for (const ws of sockets) ws.terminate();
    return refused > 0 ? 429 : 200;
  },
  /** Reconcile spans under ever new controller names: at most the limit is kept (name-limits.ts), the rest folded. */
  'OTLP spans under new controller names': (t) => sendSpans(t),
  /** Writes that every open watch then has to deliver. */
  'write load': (t) =>
    send(t, 'POST', cms, JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'load-' }, data: { v: 'y'.repeat(512) } })),
};

export function healthy(target: Console): Promise<boolean> {
  return send(target, 'GET', '/healthz').then((status) => status === 200);
}
