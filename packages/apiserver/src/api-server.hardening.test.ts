/**
 * Single requests that used to poison or exhaust the server (issue 22): growing patches and YAML
 * aliases, values of the wrong type in built-in kinds, patches that change an object's kind,
 * and the query parameters kube reads strictly. Each answers a 4xx Status and leaves the store
 * as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const cms = '/api/v1/namespaces/default/configmaps';
const secrets = '/api/v1/namespaces/default/secrets';
const jsonPatch = { 'content-type': 'application/json-patch+json' };
const yaml = { 'content-type': 'application/yaml' };
const apply = { 'content-type': 'application/apply-patch+yaml' };

/** 30 levels of nine aliases each: 9^30 nodes if expanded. */
function billionLaughs(name: string): string {
  const lines = ['apiVersion: v1', 'kind: ConfigMap', `metadata: {name: ${name}}`, 'data:', '  a0: &a0 "lol"'];
  for (let i = 1; i < 30; i++)
    lines.push(
      `  l${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return lines.join('\n');
}

describe('bounded patches and bodies', () => {
  it('stops a JSON patch of doubling copies at the copy limit, dry run or not, and stores nothing', async () => {
    expect((await server.call('POST', cms, { metadata: { name: 'doubling' }, data: { a: 'x'.repeat(1024) } })).status).toBe(201);
    // Each copy puts the whole of /data under a new key of itself: 22 doublings, 4 GiB.
    const ops = Array.from({ length: 22 }, (_, i) => ({ op: 'copy', from: '/data', path: `/data/k${i}` }));
    for (const query of ['?dryRun=All', '']) {
      const started = Date.now();
      const res = await server.call('PATCH', `${cms}/doubling${query}`, ops, jsonPatch);
      expect(res.status, res.body.message).toBe(422);
      expect(res.body).toMatchObject({ kind: 'Status', reason: 'Invalid' });
      expect(Date.now() - started).toBeLessThan(5000);
    }
    expect((await server.call('GET', `${cms}/doubling`)).body.data).toEqual({ a: 'x'.repeat(1024) });
  });

  it('refuses a billion-laughs YAML document with 400, as a body and as an apply patch', async () => {
    const created = await server.call('POST', cms, billionLaughs('laughs'), yaml);
    expect(created.status).toBe(400);
    expect(created.body.message).toMatch(/^error converting YAML to JSON: .*alias/);
    const applied = await server.call('PATCH', `${cms}/laughs?fieldManager=t`, billionLaughs('laughs'), apply);
    expect(applied.status).toBe(400);
  });

  it('refuses YAML whose aliases of one large node expand past the body limit', async () => {
    // 40 aliases stay under the YAML library's own alias count; their expansion (4 MB) does not.
    const body = [
      'apiVersion: v1',
      'kind: ConfigMap',
      'metadata: {name: wide}',
      `annotations: &big {x: "${'y'.repeat(100 * 1024)}"}`,
      `more: [${Array(40).fill('*big').join(', ')}]`,
    ].join('\n');
    const res = await server.call('POST', cms, body, yaml);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/excessive aliasing/);
  });

  it('refuses to store an object a patch grew past 4 MiB, with 413', async () => {
    const deployments = '/apis/apps/v1/namespaces/default/deployments';
    const args = ['a'.repeat(1250 * 1024), 'b'.repeat(1250 * 1024)];
    const template = { metadata: { labels: { app: 'huge' } }, spec: { containers: [{ name: 'app', image: 'x', args }] } };
    expect(
      (await server.call('POST', deployments, { metadata: { name: 'huge' }, spec: { selector: { matchLabels: { app: 'huge' } }, template } })).status,
    ).toBe(201);
    // One copy of 2.5 MB is within the copy limit; the object it makes (5 MB) is not storable.
    const grown = await server.call(
      'PATCH',
      `${deployments}/huge`,
      [
        { op: 'add', path: '/spec/template/spec/initContainers', value: [] },
        { op: 'copy', from: '/spec/template/spec/containers/0', path: '/spec/template/spec/initContainers/0' },
        { op: 'replace', path: '/spec/template/spec/initContainers/0/name', value: 'init' },
      ],
      jsonPatch,
    );
    expect(grown.status).toBe(413);
    expect(grown.body).toMatchObject({ kind: 'Status', reason: 'RequestEntityTooLarge' });
    expect((await server.call('GET', `${deployments}/huge`)).body.spec.template.spec.initContainers).toBeUndefined();
  });

  it('answers a ConfigMap over 1 MiB of data with 422', async () => {
    const res = await server.call('POST', cms, { metadata: { name: 'big-data' }, data: { a: 'x'.repeat(600 * 1024), b: 'x'.repeat(600 * 1024) } });
    expect(res.status).toBe(422);
    expect(res.body.details.causes[0]).toMatchObject({ reason: 'FieldValueTooLong', field: 'data' });
  });
});

describe('types of built-in kinds', () => {
  it('refuses a numeric metadata.name with 400, and namespaces stay listable', async () => {
    const res = await server.call('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 99 } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      'Namespace in version "v1" cannot be handled as a Namespace: json: cannot unmarshal number into Go struct field ObjectMeta.metadata.name of type string',
    );
    expect((await server.call('GET', '/api/v1/namespaces')).status).toBe(200);
  });

  it('refuses data of the wrong type in ConfigMaps and Secrets, and owner references that are not a list', async () => {
    const refusals = [
      await server.call('POST', cms, { metadata: { name: 'obj' }, data: { a: { b: 1 } } }),
      await server.call('POST', cms, { metadata: { name: 'num' }, data: { a: 1 } }),
      await server.call('POST', cms, { metadata: { name: 'str' }, data: 'abc' }),
      await server.call('POST', secrets, { metadata: { name: 'str' }, data: 'abc' }),
      await server.call('POST', secrets, { metadata: { name: 'b64' }, data: { a: 'not base64!' } }),
      await server.call('POST', cms, { metadata: { name: 'owners', ownerReferences: 'x' } }),
      await server.call('POST', '/apis/apps/v1/namespaces/default/deployments', { metadata: { name: 'r' }, spec: { replicas: '3' } }),
    ];
    expect(refusals.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);
    expect(refusals.map((r) => r.body.message.replace(/^.*cannot be handled as a \w+: /, ''))).toEqual([
      'json: cannot unmarshal object into Go struct field ConfigMap.data of type string',
      'json: cannot unmarshal number into Go struct field ConfigMap.data of type string',
      'json: cannot unmarshal string into Go struct field ConfigMap.data of type map[string]string',
      'json: cannot unmarshal string into Go struct field Secret.data of type map[string][]uint8',
      'illegal base64 data at input byte 3',
      'json: cannot unmarshal string into Go struct field ObjectMeta.metadata.ownerReferences of type []v1.OwnerReference',
      'json: cannot unmarshal string into Go struct field DeploymentSpec.spec.replicas of type int32',
    ]);
  });

  it('checks the types of every write path: PUT, merge patch and the status subresource', async () => {
    expect((await server.call('POST', cms, { metadata: { name: 'typed' }, data: { a: 'b' } })).status).toBe(201);
    // A patch's result Go cannot decode is kube's Invalid `patch` (422); a PUT of it is a 400.
    expect((await server.call('PATCH', `${cms}/typed`, { metadata: { name: 7 } }, { 'content-type': 'application/merge-patch+json' })).status).toBe(422);
    expect((await server.call('PATCH', `${cms}/typed`, { data: { a: [1] } }, { 'content-type': 'application/merge-patch+json' })).status).toBe(422);
    expect((await server.call('PUT', `${cms}/typed`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'typed', labels: [] } })).status).toBe(400);
    expect(
      (await server.call('POST', '/api/v1/namespaces/default/pods', { metadata: { name: 'typed' }, spec: { containers: [{ name: 'a', image: 'b' }] } })).status,
    ).toBe(201);
    expect(
      (await server.call('PATCH', '/api/v1/namespaces/default/pods/typed/status', { status: { phase: 5 } }, { 'content-type': 'application/merge-patch+json' }))
        .status,
    ).toBe(422);
    expect((await server.call('GET', `${cms}/typed`)).body.data).toEqual({ a: 'b' });
  });

  it('drops unknown fields of built-in kinds, warning by default and refusing with fieldValidation=Strict on every path', async () => {
    const warned = await server.call('POST', cms, { metadata: { name: 'unknown' }, data: { a: 'b' }, bogus: 1 });
    expect(warned.status).toBe(201);
    expect(warned.headers.warning).toBe('299 - "unknown field \\"bogus\\""');
    expect(warned.body.bogus).toBeUndefined();
    const strict = [
      await server.call('POST', `${cms}?fieldValidation=Strict`, { metadata: { name: 'strict' }, bogus: 1 }),
      await server.call('PUT', `${cms}/unknown?fieldValidation=Strict`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'unknown' }, spec: {} }),
      await server.call('PATCH', `${cms}/unknown?fieldValidation=Strict`, { metadata: { bogus: true } }, { 'content-type': 'application/merge-patch+json' }),
    ];
    expect(strict.map((r) => r.status)).toEqual([400, 400, 400]);
    for (const r of strict) expect(r.body.message).toMatch(/strict decoding error: unknown field "(bogus|spec|metadata\.bogus)"/);
    // An apply configuration is converted to SMD's typed value first, which refuses the field whatever fieldValidation says.
    const applied = await server.call(
      'PATCH',
      `${cms}/unknown?fieldValidation=Strict&fieldManager=t`,
      'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: unknown}\nbogus: 1\n',
      apply,
    );
    expect(applied.status).toBe(400);
    expect(applied.body.message).toBe('failed to create typed patch object (/unknown; /v1, Kind=ConfigMap): .bogus: field not declared in schema');
  });
});

describe('kind and apiVersion', () => {
  it('refuses a patch that changes kind or apiVersion, and the Secret stays a Secret', async () => {
    expect((await server.call('POST', secrets, { metadata: { name: 'kept' }, stringData: { password: 'hunter2' } })).status).toBe(201);
    for (const [type, body] of [
      ['application/merge-patch+json', { kind: 'NotSecret' }],
      ['application/merge-patch+json', { apiVersion: 'v2' }],
      ['application/strategic-merge-patch+json', { kind: 'ConfigMap' }],
      ['application/json-patch+json', [{ op: 'replace', path: '/kind', value: 'NotSecret' }]],
    ] as const) {
      const res = await server.call('PATCH', `${secrets}/kept`, body, { 'content-type': type });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.details.causes[0].field).toMatch(/^(kind|apiVersion)$/);
    }
    expect((await server.call('GET', `${secrets}/kept`)).body).toMatchObject({ apiVersion: 'v1', kind: 'Secret' });
  });
});

describe('query parameters read strictly', () => {
  it('refuses a watch timeout that is not an integer, ends one that is negative, and serves a huge one', async () => {
    expect((await server.call('GET', `${cms}?watch=1&timeoutSeconds=abc`)).status).toBe(400);
    expect((await server.call('GET', `${cms}?watch=1&timeoutSeconds=1e12`)).status).toBe(400);
    const started = Date.now();
    const negative = await server.call('GET', `${cms}?watch=1&timeoutSeconds=-1`);
    expect(negative.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    const { request } = await import('node:https');
    const stillOpen = await new Promise<boolean>((resolve) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: `${cms}?watch=1&timeoutSeconds=1000000000000`,
          ca: server.credentials.caCertPem,
          headers: { authorization: `Bearer ${server.credentials.token}` },
        },
        (res) => {
          const timer = setTimeout(() => {
            req.destroy();
            resolve(true);
          }, 1500);
          res.on('end', () => {
            clearTimeout(timer);
            resolve(false);
          });
          res.resume();
        },
      );
      req.end();
    });
    expect(stillOpen).toBe(true);
  });

  it('refuses force=bogus on apply with 422', async () => {
    const res = await server.call('PATCH', `${cms}/forced?fieldManager=t&force=bogus`, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: forced}\n', apply);
    expect(res.status).toBe(422);
    expect(res.body.details.causes[0]).toMatchObject({ field: 'force', reason: 'FieldValueInvalid' });
    expect(
      (await server.call('PATCH', `${cms}/forced?fieldManager=t&force=TRUE`, 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: forced}\n', apply)).status,
    ).toBe(201);
  });
});
