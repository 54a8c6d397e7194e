/**
 * The request journal carries what admission did to each write (`RequestRecord.admission`):
 * real webhooks over HTTPS and real policies created through the API, the write sent by the
 * real HTTPS server, its journal record read back as the console reads it.
 */
import type { RequestJournalRecord, RequestRecord } from '@dojo/console-protocol';
import { describe, expect, it } from 'vitest';
import { configMap, configuration, hook, until, useWebhookHarness } from '../testing/webhook-harness.ts';
import { allow, deny, patch } from '../testing/webhook-server.ts';
import { policyAndBinding } from '../admission/policies/policy-test-fixtures.ts';

const h = useWebhookHarness();

/** The journal's record of the write of ConfigMap `name`, once the answer has left and it is written. */
async function writeOf(name: string, verb: RequestRecord['verb'] = 'create'): Promise<RequestRecord> {
  const find = (): RequestRecord | undefined =>
    h.server
      .journal!.records(1)
      .filter((r: RequestJournalRecord): r is RequestRecord => r.type === 'request' && r.resource === 'configmaps' && r.verb === verb && r.name === name)
      .at(-1);
  await until(() => find() !== undefined, `the journal record of ${verb} ${name}`);
  return find()!;
}

async function create(path: string, body: unknown): Promise<void> {
  const res = await h.server.call('POST', path, body);
  if (res.status !== 201) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
}

async function createPolicy(...args: Parameters<typeof policyAndBinding>): Promise<void> {
  for (const { path, body } of policyAndBinding(...args)) await create(path, body);
}

describe("a write's journal record", () => {
  it('carries the denial of a refused create, with the field its Status causes name', async () => {
    const target = await h.webhook((received) =>
      deny(received, {
        code: 422,
        reason: 'Invalid',
        message: 'data.a must be even',
        details: { causes: [{ type: 'FieldValueInvalid', field: 'data.a', message: 'must be even' }] },
      }),
    );
    await h.configure('validating', [configuration('Validating', 'even', [hook('even.example.com', target)])]);
    const refused = await h.createIn('plain', configMap('odd', { a: '1' }));
    expect(refused.status).toBe(422);

    const record = await writeOf('odd');
    expect(record).toMatchObject({ code: 422, reason: 'Invalid', namespace: 'plain', name: 'odd' });
    expect(record.uid).toBeUndefined();
    expect(record.admission).toEqual([
      {
        kind: 'ValidatingWebhookConfiguration',
        name: 'even.example.com',
        configuration: 'even',
        phase: 'validating',
        verdict: 'denied',
        message: 'admission webhook "even.example.com" denied the request: data.a must be even',
        code: 422,
        field: 'data.a',
        latencyMs: expect.any(Number),
        failurePolicy: 'Fail',
        reviewUid: target.received[0]!.review.request.uid,
      },
    ]);
  });

  it("carries a mutating webhook's patch, then the validating webhook that saw its result", async () => {
    const labeller = await h.webhook((received) => patch(received, [{ op: 'add', path: '/metadata/labels', value: { team: 'a' } }]));
    const checker = await h.webhook((received) => allow(received, { warnings: ['looked at it'] }));
    await h.configure('mutating', [configuration('Mutating', 'labels', [hook('label.example.com', labeller)])]);
    await h.configure('validating', [configuration('Validating', 'check', [hook('check.example.com', checker)])]);
    expect((await h.createIn('plain', configMap('labelled'))).status).toBe(201);

    const record = await writeOf('labelled');
    expect(record.uid).toEqual(expect.any(String));
    expect(record.admission).toMatchObject([
      {
        kind: 'MutatingWebhookConfiguration',
        name: 'label.example.com',
        verdict: 'mutated',
        round: 0,
        patch: [{ op: 'add', path: '/metadata/labels', value: { team: 'a' } }],
      },
      { kind: 'ValidatingWebhookConfiguration', name: 'check.example.com', verdict: 'allowed', warnings: ['looked at it'] },
    ]);
  });

  it('carries a failure failurePolicy Ignore let through, on a write that succeeded', async () => {
    const gone = await h.webhook(() => ({ raw: '', destroy: true }));
    await h.configure('validating', [configuration('Validating', 'flaky', [hook('flaky.example.com', gone, { failurePolicy: 'Ignore' })])]);
    expect((await h.createIn('plain', configMap('through'))).status).toBe(201);

    const record = await writeOf('through');
    expect(record.code).toBe(201);
    expect(record.admission).toMatchObject([{ name: 'flaky.example.com', verdict: 'error', failurePolicy: 'Ignore', ignored: true }]);
    expect(record.admission![0]!.message).toMatch(/failed calling webhook "flaky.example.com": /);
  });

  it("carries a deletecollection's calls for each item, and names none of them as the request's object", async () => {
    for (const name of ['gone-1', 'gone-2']) expect((await h.createIn('plain', configMap(name, { a: '1' }, { sweep: 'yes' }))).status).toBe(201);
    const target = await h.webhook((received) => allow(received));
    await h.configure('validating', [configuration('Validating', 'deletes', [hook('deletes.example.com', target)])]);
    expect((await h.server.call('DELETE', '/api/v1/namespaces/plain/configmaps?labelSelector=sweep%3Dyes')).status).toBe(200);

    const find = () =>
      h.server.journal!.records(1).find((r): r is RequestRecord => r.type === 'request' && r.verb === 'deletecollection' && r.resource === 'configmaps');
    await until(() => find() !== undefined, 'the journal record of the deletecollection');
    const record = find()!;
    expect(record.name).toBeUndefined();
    expect(record.admission?.map((a) => [a.name, a.verdict])).toEqual([
      ['deletes.example.com', 'allowed'],
      ['deletes.example.com', 'allowed'],
    ]);
  });

  it('counts the admission records past the 100 it keeps, so a large deletecollection says it lost some', async () => {
    expect((await h.server.call('POST', '/api/v1/namespaces', { metadata: { name: 'many' } })).status).toBe(201);
    await Promise.all(Array.from({ length: 103 }, (_, i) => h.createIn('many', configMap(`item-${i}`, {}, { sweep: 'many' }))));
    const target = await h.webhook((received) => allow(received));
    await h.configure('validating', [configuration('Validating', 'sweeps', [hook('sweeps.example.com', target)])]);
    expect((await h.server.call('DELETE', '/api/v1/namespaces/many/configmaps?labelSelector=sweep%3Dmany')).status).toBe(200);

    const find = () =>
      h.server.journal!.records(1).find((r): r is RequestRecord => r.type === 'request' && r.verb === 'deletecollection' && r.namespace === 'many');
    await until(() => find() !== undefined, 'the journal record of the large deletecollection');
    expect(find()!.admission).toHaveLength(100);
    expect(find()!.admissionDropped).toBe(3);
  });

  it("never carries a Secret's values in a patch applied to it", async () => {
    const target = await h.webhook((received) =>
      patch(received, [
        { op: 'add', path: '/data/token', value: Buffer.from('s3cr3t').toString('base64') },
        { op: 'add', path: '/metadata/labels', value: { patched: 'yes' } },
      ]),
    );
    const secrets = [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['secrets'] }];
    await h.configure('mutating', [configuration('Mutating', 'tokens', [hook('token.example.com', target, { rules: secrets })])]);
    const created = await h.server.call('POST', '/api/v1/namespaces/plain/secrets', { metadata: { name: 'creds' }, data: { a: 'YQ==' } });
    expect(created.status).toBe(201);
    const find = () => h.server.journal!.records(1).find((r): r is RequestRecord => r.type === 'request' && r.resource === 'secrets' && r.name === 'creds');
    await until(() => find() !== undefined, 'the journal record of the Secret create');
    expect(find()!.admission?.[0]?.patch).toEqual([
      { op: 'add', path: '/data/token', value: '<redacted>' },
      { op: 'add', path: '/metadata/labels', value: { patched: 'yes' } },
    ]);
  });

  it('has no admission field when nothing was asked', async () => {
    expect((await h.createIn('plain', configMap('unwatched'))).status).toBe(201);
    expect((await writeOf('unwatched')).admission).toBeUndefined();
  });
});

describe("a write's journal record, with policies created through the API", () => {
  it("carries a validating policy's warning and a mutating policy's change as a JSON Patch", async () => {
    const rules = { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] };
    const hooked = { matchResources: { namespaceSelector: { matchLabels: { webhooks: 'on' } } } };
    await createPolicy(
      'Mutating',
      {
        name: 'team-label.example.com',
        spec: {
          failurePolicy: 'Fail',
          reinvocationPolicy: 'Never',
          matchConstraints: rules,
          mutations: [
            { patchType: 'ApplyConfiguration', applyConfiguration: { expression: 'Object{metadata: Object.metadata{labels: {"team": "platform"}}}' } },
          ],
        },
      },
      { name: 'team-label-binding', spec: hooked },
    );
    await createPolicy(
      'Validating',
      {
        name: 'small-data.example.com',
        spec: { failurePolicy: 'Fail', matchConstraints: rules, validations: [{ expression: 'size(object.data) <= 1', message: 'keep it small' }] },
      },
      { name: 'small-data-warn', spec: { validationActions: ['Warn'], ...hooked } },
    );
    await createPolicy(
      'Validating',
      {
        name: 'no-secrets-here.example.com',
        spec: {
          failurePolicy: 'Fail',
          matchConstraints: rules,
          validations: [{ expression: '!has(object.data.password)', message: 'no passwords in ConfigMaps', reason: 'Forbidden' }],
        },
      },
      { name: 'no-secrets-deny', spec: { validationActions: ['Deny'], ...hooked } },
    );

    const created = await h.createIn('hooked', configMap('big', { a: '1', b: '2' }));
    expect(created.status).toBe(201);
    const record = await writeOf('big');
    expect(record.admission).toMatchObject([
      {
        kind: 'MutatingAdmissionPolicy',
        name: 'team-label.example.com',
        configuration: 'team-label-binding',
        phase: 'mutating',
        verdict: 'mutated',
        failurePolicy: 'Fail',
        patch: [{ op: 'add', path: '/metadata/labels', value: { team: 'platform' } }],
      },
      // Policies run in the order the store lists them: by name.
      { kind: 'ValidatingAdmissionPolicy', name: 'no-secrets-here.example.com', verdict: 'allowed' },
      {
        kind: 'ValidatingAdmissionPolicy',
        name: 'small-data.example.com',
        configuration: 'small-data-warn',
        phase: 'validating',
        verdict: 'warned',
        message: 'keep it small',
        validationActions: ['Warn'],
        warnings: ["Validation failed for ValidatingAdmissionPolicy 'small-data.example.com' with binding 'small-data-warn': keep it small"],
      },
    ]);

    const refused = await h.createIn('hooked', configMap('leaky', { password: 'x' }));
    expect(refused.status).toBe(403);
    const denied = await writeOf('leaky');
    expect(denied).toMatchObject({ code: 403, reason: 'Forbidden', name: 'leaky', namespace: 'hooked' });
    expect(denied.admission?.find((a) => a.verdict === 'denied')).toMatchObject({
      kind: 'ValidatingAdmissionPolicy',
      name: 'no-secrets-here.example.com',
      configuration: 'no-secrets-deny',
      verdict: 'denied',
      code: 403,
      message: (refused.body as { message: string }).message,
    });
  });

  it("never carries a Secret's values in a policy's messageExpression message or audit annotation values", async () => {
    const secrets = { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['secrets'] }] };
    await createPolicy(
      'Validating',
      {
        name: 'no-tokens.example.com',
        spec: {
          failurePolicy: 'Fail',
          matchConstraints: secrets,
          validations: [{ expression: '!has(object.data.token)', message: 'no tokens', messageExpression: "'no tokens, saw ' + string(object.data.token)" }],
          auditAnnotations: [{ key: 'token', valueExpression: 'string(object.data.token)' }],
        },
      },
      { name: 'no-tokens-warn', spec: { validationActions: ['Warn'] } },
    );
    const token = Buffer.from('s3cr3t').toString('base64');
    const created = await h.server.call('POST', '/api/v1/namespaces/plain/secrets', { metadata: { name: 'tokened' }, data: { token } });
    expect(created.status).toBe(201);
    // The client is answered as kube answers it: the expression's message.
    expect(String(created.headers.warning)).toContain('no tokens, saw ');

    const find = () => h.server.journal!.records(1).find((r): r is RequestRecord => r.type === 'request' && r.resource === 'secrets' && r.name === 'tokened');
    await until(() => find() !== undefined, 'the journal record of the Secret create');
    const record = find()!.admission?.find((a) => a.name === 'no-tokens.example.com');
    expect(record).toMatchObject({
      verdict: 'warned',
      message: 'no tokens',
      warnings: ["Validation failed for ValidatingAdmissionPolicy 'no-tokens.example.com' with binding 'no-tokens-warn': no tokens"],
      auditAnnotations: { 'no-tokens.example.com/token': '<redacted>' },
    });
    expect(JSON.stringify(find())).not.toMatch(new RegExp(`s3cr3t|${token}`));
  });
});
