/**
 * Hostile authentication and authorization: TokenRequests with absurd lifetimes and audiences,
 * bearer tokens that are forged, garbage, expired, for another audience or signed with
 * `alg: none` (401, never accepted), SubjectAccessReviews with huge or ill-typed attributes,
 * and RBAC objects with thousands of rules or aggregation rules that select each other, which
 * must settle instead of rewriting each other forever.
 */
import { createHmac, createPrivateKey, createPublicKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeObject, encodeObject } from './http/protobuf/envelope.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
let saUid: string;
beforeAll(async () => {
  server = await startTestServer();
  saUid = (await server.call('POST', '/api/v1/namespaces/default/serviceaccounts', { metadata: { name: 'robot' } })).body.metadata.uid;
  await server.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/roles', {
    metadata: { name: 'reader' },
    rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['list'] }],
  });
  await server.call('POST', '/apis/rbac.authorization.k8s.io/v1/namespaces/default/rolebindings', {
    metadata: { name: 'robot-reader' },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'reader' },
    subjects: [{ kind: 'ServiceAccount', name: 'robot', namespace: 'default' }],
  });
});
afterAll(async () => {
  await server?.stop();
});

const tokenPath = '/api/v1/namespaces/default/serviceaccounts/robot/token';
const asBearer = (token: string) => server.call('GET', '/api/v1/namespaces/default/configmaps', undefined, { authorization: `Bearer ${token}` });
const b64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

/** A token signed with the server's own key, with claims of our choosing: what only the server could make. */
function signWithServerKey(header: Record<string, unknown>, claims: Record<string, unknown>): string {
  const key = createPrivateKey(readFileSync(join(server.dataDir, 'service-account-key.pem'), 'utf8'));
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }))}`;
}

function claims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    aud: ['https://kubernetes.default.svc.cluster.local'],
    exp: now + 3600,
    iat: now,
    iss: 'https://kubernetes.default.svc.cluster.local',
    jti: 'b1b5c0a2-0000-4000-8000-000000000000',
    'kubernetes.io': { namespace: 'default', serviceaccount: { name: 'robot', uid: saUid } },
    nbf: now,
    sub: 'system:serviceaccount:default:robot',
    ...overrides,
  };
}

describe('TokenRequest with absurd values', () => {
  const invalid = async (spec: Record<string, unknown>) => (await server.call('POST', tokenPath, { spec })).body;

  it("refuses lifetimes under 10 minutes and over 2^32 seconds with 422 and kube's causes", async () => {
    for (const [seconds, message] of [
      [-1, 'Invalid value: -1: may not specify a duration less than 10 minutes'],
      [599, 'Invalid value: 599: may not specify a duration less than 10 minutes'],
      [2 ** 32 + 1, 'Invalid value: 4294967297: may not specify a duration larger than 2^32 seconds'],
      [Number.MAX_SAFE_INTEGER, 'Invalid value: 9007199254740991: may not specify a duration larger than 2^32 seconds'],
    ] as const) {
      const body = await invalid({ expirationSeconds: seconds });
      expect(body, String(seconds)).toMatchObject({
        kind: 'Status',
        code: 422,
        reason: 'Invalid',
        details: { group: 'authentication.k8s.io', kind: 'TokenRequest' },
      });
      expect(body.details.causes).toEqual([{ reason: 'FieldValueInvalid', field: 'spec.expirationSeconds', message }]);
    }
  });

  it('refuses lifetimes that are not int64 with 400', async () => {
    for (const [seconds, why] of [
      [1e20, 'json: cannot unmarshal number 100000000000000000000 into Go struct field TokenRequestSpec.spec.expirationSeconds of type int64'],
      [1.5, 'json: cannot unmarshal number 1.5 into Go struct field TokenRequestSpec.spec.expirationSeconds of type int64'],
      ['3600', 'json: cannot unmarshal string into Go struct field TokenRequestSpec.spec.expirationSeconds of type int64'],
    ] as const) {
      const body = await invalid({ expirationSeconds: seconds });
      expect(body).toMatchObject({ code: 400, reason: 'BadRequest', message: `TokenRequest in version "v1" cannot be handled as a TokenRequest: ${why}` });
    }
  });

  it('issues the longest lifetime kube allows, with an expiry it can print', async () => {
    const res = await server.call('POST', tokenPath, { spec: { expirationSeconds: 2 ** 32 } });
    expect(res.status).toBe(201);
    expect(Date.parse(res.body.status.expirationTimestamp)).toBeGreaterThan(Date.now() + 2 ** 31 * 1000);
    expect((await asBearer(res.body.status.token)).status).toBe(200);
  });

  it('issues tokens for odd audiences that then authenticate only for those audiences', async () => {
    const res = await server.call('POST', tokenPath, { spec: { audiences: ['', 'x'.repeat(2000), 'vault'] } });
    expect(res.status).toBe(201);
    const token = res.body.status.token as string;
    expect((await asBearer(token)).status).toBe(401);
    const review = await server.call('POST', '/apis/authentication.k8s.io/v1/tokenreviews', { spec: { token, audiences: ['vault'] } });
    expect(review.body.status).toMatchObject({ authenticated: true, audiences: ['vault'] });
  });

  it('refuses audiences that are not a list of strings, and a bound object of an unbindable kind', async () => {
    expect((await invalid({ audiences: 'vault' })).code).toBe(400);
    expect((await invalid({ audiences: [1] })).code).toBe(400);
    const bound = await invalid({ boundObjectRef: { kind: 'ConfigMap', apiVersion: 'v1', name: 'x' } });
    expect(bound).toMatchObject({ code: 400, message: 'cannot bind token to object of type /v1, Kind=ConfigMap' });
  });
});

describe('bearer tokens that must not authenticate', () => {
  it("accepts a token signed with the server key and kube's claims: the baseline the others break", async () => {
    expect((await asBearer(signWithServerKey({ alg: 'ES256' }, claims()))).status).toBe(200);
  });

  it.each([
    ['expired beyond the minute of skew', () => signWithServerKey({ alg: 'ES256' }, claims({ exp: Math.floor(Date.now() / 1000) - 120 }))],
    ['not valid before next hour', () => signWithServerKey({ alg: 'ES256' }, claims({ nbf: Math.floor(Date.now() / 1000) + 3600 }))],
    ['for another audience', () => signWithServerKey({ alg: 'ES256' }, claims({ aud: ['vault'] }))],
    ['with the audience as a bare string', () => signWithServerKey({ alg: 'ES256' }, claims({ aud: 'vault' }))],
    ['from another issuer', () => signWithServerKey({ alg: 'ES256' }, claims({ iss: 'https://evil.example.com' }))],
    [
      'naming a deleted and recreated ServiceAccount (another uid)',
      () => signWithServerKey({ alg: 'ES256' }, claims({ 'kubernetes.io': { namespace: 'default', serviceaccount: { name: 'robot', uid: 'other' } } })),
    ],
    [
      'with claims of the wrong types',
      () =>
        signWithServerKey(
          { alg: 'ES256' },
          claims({ exp: 'never', nbf: null, 'kubernetes.io': { namespace: 5, serviceaccount: { name: 'robot', uid: saUid } } }),
        ),
    ],
    ['with alg none and no signature', () => `${b64url(JSON.stringify({ alg: 'none' }))}.${b64url(JSON.stringify(claims()))}.`],
    ['with alg none and a signature', () => `${b64url(JSON.stringify({ alg: 'none' }))}.${b64url(JSON.stringify(claims()))}.${b64url('x')}`],
    [
      'signed HS256 with the public key as the secret',
      () => {
        const publicPem = createPublicKey(createPrivateKey(readFileSync(join(server.dataDir, 'service-account-key.pem'), 'utf8'))).export({
          type: 'spki',
          format: 'pem',
        });
        const input = `${b64url(JSON.stringify({ alg: 'HS256' }))}.${b64url(JSON.stringify(claims()))}`;
        return `${input}.${createHmac('sha256', publicPem).update(input).digest('base64url')}`;
      },
    ],
    [
      'with the claims changed after signing',
      () => {
        const [head, , sig] = signWithServerKey({ alg: 'ES256' }, claims()).split('.');
        return `${head}.${b64url(JSON.stringify(claims({ sub: 'system:admin' })))}.${sig}`;
      },
    ],
    ['with a truncated signature', () => signWithServerKey({ alg: 'ES256' }, claims()).slice(0, -10)],
    ['with four parts', () => `${signWithServerKey({ alg: 'ES256' }, claims())}.extra`],
    ['that is only dots', () => '.'.repeat(5000)],
    ['of 12 KiB of garbage', () => 'A'.repeat(12 * 1024)],
    ['of 200 KiB of garbage (Go reads headers up to 1 MiB, Node only 16 KiB by default)', () => 'A'.repeat(200 * 1024)],
  ])('refuses a token %s with 401 and a Status', async (_, token) => {
    const res = await asBearer(token());
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'Unauthorized', code: 401 });
  });

  it('refuses any token made of JWT-looking parts with 401, never 5xx', async () => {
    const part = fc.oneof(
      fc.base64String({ maxLength: 40 }).map((s) => s.replace(/=/g, '')),
      fc.json({ maxDepth: 2 }).map((j) => b64url(j)),
      fc.constant(''),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(part, { minLength: 1, maxLength: 4 }), async (parts) => {
        const res = await asBearer(parts.join('.') || 'x');
        expect(res.status).toBe(401);
      }),
      { numRuns: 100 },
    );
  });
});

describe('SubjectAccessReview with huge and garbage attributes', () => {
  const sar = (spec: unknown) => server.call('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', { spec });

  it('answers huge attributes, thousands of groups and extras, with a decision', async () => {
    const res = await sar({
      user: 'u'.repeat(100_000),
      groups: Array.from({ length: 20_000 }, (_, i) => `g${i}`),
      extra: Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, ['v']])),
      resourceAttributes: { verb: 'get'.repeat(1000), resource: 'r'.repeat(100_000), namespace: 'n'.repeat(1000), name: 'x'.repeat(100_000) },
    });
    expect(res.status, res.body.message).toBe(201);
    expect(res.body.status).toMatchObject({ allowed: false });
  });

  it('reads and echoes extra as Go does, a list of strings per key, in JSON and protobuf', async () => {
    const spec = { user: 'jane', extra: { scopes: ['a', 'b'] }, resourceAttributes: { verb: 'get', resource: 'pods' } };
    const json = await sar(spec);
    expect(json.status, json.body.message).toBe(201);
    expect(json.body.spec.extra).toEqual({ scopes: ['a', 'b'] });
    const body = encodeObject({ apiVersion: 'authorization.k8s.io/v1', kind: 'SubjectAccessReview', metadata: {}, spec } as never);
    const pb = 'application/vnd.kubernetes.protobuf';
    const proto = await server.call('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', body, { 'content-type': pb, accept: pb });
    expect(proto.status).toBe(201);
    expect(decodeObject(proto.raw, { apiVersion: '', kind: '' }).spec).toMatchObject({ extra: { scopes: ['a', 'b'] } });
    const token = await server.call('POST', tokenPath, { spec: { attestations: { 'example.com/node': ['n1'] } } });
    expect(token.status, token.body.message).toBe(201);
  });

  it('refuses attributes of the wrong type with 400 and a spec without attributes with 422', async () => {
    expect((await sar({ user: 'u', resourceAttributes: 'get pods' })).status).toBe(400);
    expect((await sar({ user: 'u', groups: 'admins', resourceAttributes: {} })).status).toBe(400);
    expect((await sar({ user: 'u', extra: { k: 'v' }, resourceAttributes: {} })).status).toBe(400);
    const none = await sar({ user: 'u' });
    expect(none.status).toBe(422);
    expect(none.body.details.causes).toEqual([
      {
        reason: 'FieldValueInvalid',
        field: 'spec',
        message: 'Invalid value: null: exactly one of nonResourceAttributes or resourceAttributes must be specified',
      },
    ]);
  });

  it('answers any spec with 201, 400 or 422, never 5xx', async () => {
    const attrs = fc.record(
      {
        verb: fc.string(),
        resource: fc.string(),
        group: fc.string(),
        namespace: fc.string(),
        name: fc.string(),
        subresource: fc.string(),
        version: fc.string(),
      },
      { requiredKeys: [] },
    );
    const spec = fc.record(
      {
        user: fc.oneof(fc.string(), fc.integer()),
        groups: fc.oneof(fc.array(fc.string()), fc.string()),
        resourceAttributes: fc.oneof(
          attrs,
          fc.anything({ maxDepth: 2 }),
          fc.record(
            {
              fieldSelector: fc.anything({ maxDepth: 2 }),
              labelSelector: fc.record({ rawSelector: fc.string(), requirements: fc.anything({ maxDepth: 2 }) }, { requiredKeys: [] }),
            },
            { requiredKeys: [] },
          ),
        ),
        nonResourceAttributes: fc.oneof(fc.record({ path: fc.string(), verb: fc.string() }, { requiredKeys: [] }), fc.anything({ maxDepth: 1 })),
        extra: fc.anything({ maxDepth: 2 }),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(spec, async (s) => {
        const res = await sar(s);
        expect(res.status, `${JSON.stringify(s)}: ${res.body?.message}`).toBeLessThan(500);
        expect([201, 400, 422]).toContain(res.status);
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('RBAC with pathological rules', () => {
  const clusterRoles = '/apis/rbac.authorization.k8s.io/v1/clusterroles';

  it('stores and evaluates a role of 20,000 rules, and aggregates it without blocking the server', async () => {
    const rules = Array.from({ length: 20_000 }, (_, i) => ({ apiGroups: [`g${i}.example.com`], resources: [`r${i}`], verbs: ['get'] }));
    expect((await server.call('POST', clusterRoles, { metadata: { name: 'many-rules', labels: { 'pile/part': 'true' } }, rules })).status).toBe(201);
    const started = Date.now();
    const aggregate = await server.call('POST', clusterRoles, {
      metadata: { name: 'pile' },
      aggregationRule: { clusterRoleSelectors: [{ matchLabels: { 'pile/part': 'true' } }] },
    });
    expect(aggregate.status).toBe(201);
    await expect.poll(async () => (await server.call('GET', `${clusterRoles}/pile`)).body.rules?.length ?? 0, { timeout: 10_000 }).toBe(20_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    const review = await server.call('POST', '/apis/authorization.k8s.io/v1/subjectaccessreviews', {
      spec: { user: 'nobody', resourceAttributes: { verb: 'get', group: 'g19999.example.com', resource: 'r19999' } },
    });
    expect(review.body.status.allowed).toBe(false);
  }, 60_000);

  it('settles roles that aggregate each other (and themselves) instead of rewriting each other forever', async () => {
    // a takes b's rules and c's; b takes a's and d's: kube's algorithm, run naively, swaps the
    // order of the shared rules on every pass.
    const role = (name: string, labels: Record<string, string>, selectors: Record<string, string>[] | undefined, rules: unknown[] = []) =>
      server.call('POST', clusterRoles, {
        metadata: { name, labels },
        ...(selectors ? { aggregationRule: { clusterRoleSelectors: selectors.map((matchLabels) => ({ matchLabels })) } } : { rules }),
      });
    expect((await role('loop-c', { 'loop/a': 'true' }, undefined, [{ apiGroups: [''], resources: ['pods'], verbs: ['get'] }])).status).toBe(201);
    expect((await role('loop-d', { 'loop/b': 'true' }, undefined, [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }])).status).toBe(201);
    expect((await role('loop-a', { 'loop/b': 'true', 'loop/a': 'true' }, [{ 'loop/a': 'true' }])).status).toBe(201);
    expect((await role('loop-b', { 'loop/a': 'true', 'loop/b': 'true' }, [{ 'loop/b': 'true' }])).status).toBe(201);
    await expect.poll(async () => (await server.call('GET', `${clusterRoles}/loop-a`)).body.rules?.length ?? 0, { timeout: 10_000 }).toBe(2);
    await expect.poll(async () => (await server.call('GET', `${clusterRoles}/loop-b`)).body.rules?.length ?? 0, { timeout: 10_000 }).toBe(2);
    // Settled: the store's revision stops moving.
    const before = server.revisioned.revision;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(server.revisioned.revision).toBe(before);
  }, 30_000);

  it('settles a chain of fifty aggregated roles, each selecting the next', async () => {
    for (let i = 0; i < 50; i++) {
      const body =
        i === 49
          ? { metadata: { name: `chain-${i}`, labels: { [`chain/${i}`]: 'true' } }, rules: [{ nonResourceURLs: ['/chain'], verbs: ['get'] }] }
          : {
              metadata: { name: `chain-${i}`, labels: { [`chain/${i}`]: 'true' } },
              aggregationRule: { clusterRoleSelectors: [{ matchLabels: { [`chain/${i + 1}`]: 'true' } }] },
            };
      expect((await server.call('POST', clusterRoles, body)).status).toBe(201);
    }
    await expect.poll(async () => (await server.call('GET', `${clusterRoles}/chain-0`)).body.rules?.length ?? 0, { timeout: 15_000 }).toBe(1);
  }, 30_000);

  it('refuses aggregation selectors kube cannot parse with 422, and keeps aggregating the rest', async () => {
    const res = await server.call('POST', clusterRoles, {
      metadata: { name: 'bad-selector' },
      aggregationRule: { clusterRoleSelectors: [{ matchExpressions: [{ key: 'a', operator: 'Bogus' }] }, { matchLabels: { 'bad key!': 'x' } }] },
    });
    expect(res.status).toBe(422);
    expect(res.body.details.causes.map((c: { field: string; message: string }) => `${c.field}: ${c.message}`)).toEqual([
      'aggregationRule.clusterRoleSelectors[0].matchExpressions[0].operator: Invalid value: "Bogus": not a valid selector operator',
      'aggregationRule.clusterRoleSelectors[0]: Invalid value: "null": invalid label selector.',
      "aggregationRule.clusterRoleSelectors[1].matchLabels: Invalid value: \"bad key!\": name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')",
      'aggregationRule.clusterRoleSelectors[1]: Invalid value: "null": invalid label selector.',
    ]);
    const empty = await server.call('POST', clusterRoles, { metadata: { name: 'no-selectors' }, aggregationRule: {} });
    expect(empty.body.details.causes).toEqual([
      {
        reason: 'FieldValueRequired',
        field: 'aggregationRule.clusterRoleSelectors',
        message: 'Required value: at least one clusterRoleSelector required if aggregationRule is non-nil',
      },
    ]);
    expect((await server.call('GET', '/healthz')).status).toBe(200);
  });
});
