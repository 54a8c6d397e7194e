import type { KubeObject } from '@dojo/kube-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AdmissionRecord } from '../admission-record.ts';
import { dojo, dojoCrd } from '../../crd/fixtures/dojo-crd.ts';
import { createCertificateAuthority } from '../../pki.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { allow, deny, patch, startWebhookServer, type TestWebhookServer, type WebhookHandler } from '../../testing/webhook-server.ts';

/** The configurations the server reads, set by each test (the store-backed source is the lead's wiring). */
const configured = { validating: [] as KubeObject[], mutating: [] as KubeObject[] };
const records: AdmissionRecord[] = [];
/** `dojo-console webhook map NS/SVC URL`, as the server is given it. */
const serviceUrls = new Map<string, string>();
let server: TestServer;
const webhookServers: TestWebhookServer[] = [];

beforeAll(async () => {
  server = await startTestServer({
    webhooks: {
      configurations: { validating: () => configured.validating, mutating: () => configured.mutating },
      serviceUrls,
      onRecord: (record) => records.push(record),
    },
  });
  await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'hooked', labels: { webhooks: 'on' } } });
  await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'plain' } });
});

afterEach(async () => {
  configured.validating = [];
  configured.mutating = [];
  records.length = 0;
  await Promise.all(webhookServers.splice(0).map((w) => w.close()));
});

afterAll(async () => {
  await server.stop();
});

async function webhook(handler: WebhookHandler): Promise<TestWebhookServer> {
  const started = await startWebhookServer(handler);
  webhookServers.push(started);
  return started;
}

const configMapRules = [{ operations: ['CREATE', 'UPDATE', 'DELETE'], apiGroups: [''], apiVersions: ['v1'], resources: ['configmaps'] }];

function hook(name: string, target: TestWebhookServer, more: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name,
    clientConfig: { url: `${target.url}/${name}`, caBundle: target.caBundle },
    rules: configMapRules,
    sideEffects: 'None',
    admissionReviewVersions: ['v1'],
    timeoutSeconds: 5,
    ...more,
  };
}

function configuration(kind: 'Validating' | 'Mutating', name: string, webhooks: Record<string, unknown>[]): KubeObject {
  return { apiVersion: 'admissionregistration.k8s.io/v1', kind: `${kind}WebhookConfiguration`, metadata: { name }, webhooks } as KubeObject;
}

function configMap(name: string, data: Record<string, string> = { a: '1' }, labels?: Record<string, string>): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, ...(labels ? { labels } : {}) }, data };
}

const createIn = (namespace: string, body: KubeObject, query = ''): ReturnType<TestServer['call']> =>
  server.call('POST', `/api/v1/namespaces/${namespace}/configmaps${query}`, body);

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('validating webhooks', () => {
  it('refuse a create with the webhook name, its message and the code it chose', async () => {
    const target = await webhook((r) => deny(r, { code: 403, message: 'data.a must be even', reason: 'Forbidden' }));
    configured.validating = [configuration('Validating', 'policy', [hook('even.example.com', target)])];
    const res = await createIn('plain', configMap('odd'));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Forbidden',
      code: 403,
      message: 'admission webhook "even.example.com" denied the request: data.a must be even',
    });
    expect((await server.call('GET', '/api/v1/namespaces/plain/configmaps/odd')).status).toBe(404);
    expect(records).toMatchObject([
      {
        name: 'even.example.com',
        configuration: 'policy',
        phase: 'validating',
        verdict: 'denied',
        operation: 'CREATE',
        resource: 'v1/configmaps',
        namespace: 'plain',
        objectName: 'odd',
        code: 403,
        message: 'admission webhook "even.example.com" denied the request: data.a must be even',
        failurePolicy: 'Fail',
        dryRun: false,
        reviewUid: target.received[0]!.review.request.uid,
      },
    ]);
    expect(records[0]!.latencyMs).toBeGreaterThan(0);
  });

  it('hand their warnings to the client on a refusal too', async () => {
    const target = await webhook((r) => deny(r, { message: 'no' }, { warnings: ['see the docs'] }));
    configured.validating = [configuration('Validating', 'policy', [hook('warn-deny.example.com', target)])];
    const res = await createIn('plain', configMap('warned-refusal'));
    expect(res.status).toBe(400);
    expect(String(res.headers.warning)).toContain('299 - "see the docs"');
  });

  it('refuse with 400 "without explanation" when the webhook gives no status', async () => {
    const target = await webhook((r) => ({ response: { uid: r.review.request.uid, allowed: false } }));
    configured.validating = [configuration('Validating', 'policy', [hook('terse.example.com', target)])];
    const res = await createIn('plain', configMap('terse'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('admission webhook "terse.example.com" denied the request without explanation');
  });

  it('are sent an AdmissionReview v1 as kube builds it, and their warnings reach the client', async () => {
    const target = await webhook((r) => allow(r, { warnings: ['data.a is deprecated'] }));
    configured.validating = [configuration('Validating', 'policy', [hook('warn.example.com', target)])];
    const res = await createIn('plain', configMap('warned'), '?fieldManager=tester');
    expect(res.status).toBe(201);
    expect(String(res.headers.warning)).toContain('299 - "data.a is deprecated"');
    const { path, review } = target.received[0]!;
    expect(path).toBe('/warn.example.com?timeout=5s');
    expect(review.apiVersion).toBe('admission.k8s.io/v1');
    expect(review.request).toMatchObject({
      kind: { group: '', version: 'v1', kind: 'ConfigMap' },
      resource: { group: '', version: 'v1', resource: 'configmaps' },
      requestKind: { group: '', version: 'v1', kind: 'ConfigMap' },
      requestResource: { group: '', version: 'v1', resource: 'configmaps' },
      name: 'warned',
      namespace: 'plain',
      operation: 'CREATE',
      dryRun: false,
      oldObject: null,
      options: { kind: 'CreateOptions', apiVersion: 'meta.k8s.io/v1', fieldManager: 'tester' },
    });
    expect(review.request.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(review.request.userInfo.username).toBeTruthy();
    // Validating webhooks see the object as it will be stored.
    expect(review.request.object.metadata.uid).toBeTruthy();
    expect(review.request.object.data).toEqual({ a: '1' });
  });

  it('are all called, at once, and the first refusal wins', async () => {
    let inFlight = 0;
    let most = 0;
    const slowAllow: WebhookHandler = async (r) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await until(() => inFlight >= 2 || most >= 2, 'both webhooks to be called');
      inFlight--;
      return allow(r);
    };
    const a = await webhook(slowAllow);
    const b = await webhook(slowAllow);
    configured.validating = [configuration('Validating', 'one', [hook('a.example.com', a)]), configuration('Validating', 'two', [hook('b.example.com', b)])];
    expect((await createIn('plain', configMap('parallel'))).status).toBe(201);
    expect(most).toBe(2);
  });

  it('are asked about a DELETE with the stored object as oldObject', async () => {
    await createIn('plain', configMap('kept'));
    const target = await webhook((r) => (r.review.request.operation === 'DELETE' ? deny(r, { message: 'kept forever' }) : allow(r)));
    configured.validating = [configuration('Validating', 'policy', [hook('keep.example.com', target)])];
    const res = await server.call('DELETE', '/api/v1/namespaces/plain/configmaps/kept');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('admission webhook "keep.example.com" denied the request: kept forever');
    const { request } = target.received[0]!.review;
    expect(request).toMatchObject({ operation: 'DELETE', name: 'kept', object: null, options: { kind: 'DeleteOptions' } });
    expect(request.oldObject.metadata.name).toBe('kept');
    expect((await server.call('GET', '/api/v1/namespaces/plain/configmaps/kept')).status).toBe(200);
  });
});

describe('mutating webhooks', () => {
  it('patch the object with a JSONPatch before it is validated and stored', async () => {
    const target = await webhook((r) => patch(r, [{ op: 'add', path: '/metadata/labels', value: { defaulted: 'yes' } }]));
    configured.mutating = [configuration('Mutating', 'defaults', [hook('label.example.com', target)])];
    const res = await createIn('plain', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'gen-' }, data: { a: '1' } });
    expect(res.status).toBe(201);
    expect(res.body.metadata.labels).toEqual({ defaulted: 'yes' });
    // Mutating admission runs before the strategy: no name yet for generateName, no uid.
    const seen = target.received[0]!.review.request;
    expect(seen.name).toBeUndefined();
    expect(seen.object.metadata.uid).toBeUndefined();
    expect(records).toMatchObject([{ name: 'label.example.com', phase: 'mutating', verdict: 'allowed', patch: [{ op: 'add', path: '/metadata/labels' }] }]);
    // What the webhook added belongs to no manager: kube tracks fields before mutating admission.
    const [entry] = res.body.metadata.managedFields;
    expect(entry.fieldsV1['f:data']).toMatchObject({ 'f:a': {} });
    expect(entry.fieldsV1['f:metadata']?.['f:labels']).toBeUndefined();
  });

  it('see what the built-in mutating plugins did (a PVC\'s protection finalizer)', async () => {
    const target = await webhook((r) => allow(r));
    const rules = [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['persistentvolumeclaims'] }];
    configured.mutating = [configuration('Mutating', 'pvc', [hook('pvc.example.com', target, { rules })])];
    const res = await server.call('POST', '/api/v1/namespaces/plain/persistentvolumeclaims', {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'claim' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    expect(res.status).toBe(201);
    expect(target.received[0]!.review.request.object.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
    expect(res.body.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
  });

  it('run before validating webhooks, which see the patched object', async () => {
    const mutator = await webhook((r) => patch(r, [{ op: 'replace', path: '/data/a', value: '2' }]));
    const validator = await webhook((r) => (r.review.request.object.data.a === '2' ? allow(r) : deny(r, { message: 'not patched' })));
    configured.mutating = [configuration('Mutating', 'm', [hook('m.example.com', mutator)])];
    configured.validating = [configuration('Validating', 'v', [hook('v.example.com', validator)])];
    const res = await createIn('plain', configMap('ordered'));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ a: '2' });
  });

  it('refuse a patch that does not apply with an InternalError, whatever the failurePolicy', async () => {
    const target = await webhook((r) => patch(r, [{ op: 'replace', path: '/spec/missing', value: 1 }]));
    configured.mutating = [configuration('Mutating', 'm', [hook('broken.example.com', target, { failurePolicy: 'Ignore' })])];
    const res = await createIn('plain', configMap('unpatchable'));
    expect(res.status).toBe(500);
    expect(res.body.reason).toBe('InternalError');
    expect(res.body.message).toMatch(/^Internal error occurred: replace operation does not apply: doc is missing/);
  });

  it('refuse a patch that breaks the object (a value of the wrong type) with the decoder\'s InternalError', async () => {
    const target = await webhook((r) => patch(r, [{ op: 'replace', path: '/data/a', value: 5 }]));
    configured.mutating = [configuration('Mutating', 'm', [hook('typo.example.com', target)])];
    const res = await createIn('plain', configMap('mistyped'));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe('Internal error occurred: json: cannot unmarshal number into Go struct field ConfigMap.data of type string');
  });

  it('refuse any patch of a DELETE', async () => {
    await createIn('plain', configMap('deleted-with-patch'));
    const target = await webhook((r) => patch(r, [{ op: 'add', path: '/metadata/labels', value: {} }]));
    configured.mutating = [configuration('Mutating', 'm', [hook('del.example.com', target)])];
    const res = await server.call('DELETE', '/api/v1/namespaces/plain/configmaps/deleted-with-patch');
    expect(res.status).toBe(500);
    expect(res.body.message).toBe('Internal error occurred: admission webhook "del.example.com" attempted to modify the object, which is not supported for this operation');
  });

  it('call an IfNeeded webhook once more when a later webhook changed the object, and never a third time', async () => {
    let firstCalls = 0;
    const first = await webhook((r) => {
      firstCalls++;
      return patch(r, [{ op: 'add', path: `/data/first${firstCalls}`, value: 'x' }]);
    });
    const second = await webhook((r) => patch(r, [{ op: 'add', path: `/data/second${second.received.length}`, value: 'y' }]));
    configured.mutating = [
      configuration('Mutating', 'a', [hook('first.example.com', first, { reinvocationPolicy: 'IfNeeded' })]),
      configuration('Mutating', 'b', [hook('second.example.com', second)]),
    ];
    const res = await createIn('plain', configMap('reinvoked'));
    expect(res.status).toBe(201);
    expect(firstCalls).toBe(2);
    expect(second.received).toHaveLength(1);
    expect(res.body.data).toEqual({ a: '1', first1: 'x', second1: 'y', first2: 'x' });
    expect(records.map((r) => [r.name, r.round])).toEqual([
      ['first.example.com', 0],
      ['second.example.com', 0],
      ['first.example.com', 1],
    ]);
  });
  it('two IfNeeded webhooks that undo each other are called twice each, never in a loop', async () => {
    const setTo = (value: string): WebhookHandler => (r) => patch(r, [{ op: 'add', path: '/data/owner', value }]);
    const ping = await webhook(setTo('ping'));
    const pong = await webhook(setTo('pong'));
    configured.mutating = [
      configuration('Mutating', 'a', [hook('ping.example.com', ping, { reinvocationPolicy: 'IfNeeded' })]),
      configuration('Mutating', 'b', [hook('pong.example.com', pong, { reinvocationPolicy: 'IfNeeded' })]),
    ];
    const res = await createIn('plain', configMap('ping-pong'));
    expect(res.status).toBe(201);
    expect([ping.received.length, pong.received.length]).toEqual([2, 2]);
    expect(res.body.data.owner).toBe('pong');
  });
});

describe('failed calls', () => {
  it('fail the request under failurePolicy Fail when the webhook does not answer in time, without stalling other clients', async () => {
    const target = await webhook(() => 'hang');
    configured.validating = [configuration('Validating', 'slow', [hook('slow.example.com', target, { timeoutSeconds: 1 })])];
    const pending = createIn('plain', configMap('stalled'));
    await until(() => target.received.length === 1, 'the webhook to be called');
    // The server answers others while the webhook hangs.
    expect((await server.call('GET', '/api/v1/namespaces/plain/configmaps')).status).toBe(200);
    const res = await pending;
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      `Internal error occurred: failed calling webhook "slow.example.com": failed to call webhook: Post "${target.url}/slow.example.com?timeout=1s": context deadline exceeded`,
    );
    expect(records).toMatchObject([{ name: 'slow.example.com', verdict: 'error', failurePolicy: 'Fail' }]);
  });

  it('give up on a webhook that starts an answer and never finishes it', async () => {
    const target = await webhook(() => ({ raw: '', stall: true }));
    configured.validating = [configuration('Validating', 'slow', [hook('stalled-body.example.com', target, { timeoutSeconds: 1 })])];
    const res = await createIn('plain', configMap('half-answered'));
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('failed calling webhook "stalled-body.example.com": failed to call webhook: Post ');
    expect(res.body.message).toContain(': context deadline exceeded');
  });

  it('let the request through under failurePolicy Ignore, and record the failure', async () => {
    const target = await webhook(() => 'hang');
    configured.mutating = [configuration('Mutating', 'slow', [hook('slow.example.com', target, { timeoutSeconds: 1, failurePolicy: 'Ignore' })])];
    const res = await createIn('plain', configMap('ignored'));
    expect(res.status).toBe(201);
    expect(records).toMatchObject([{ name: 'slow.example.com', verdict: 'error', failurePolicy: 'Ignore' }]);
    expect(records[0]!.message).toContain('context deadline exceeded');
  });

  it('fail on a garbage answer', async () => {
    const target = await webhook(() => ({ raw: 'not json at all' }));
    configured.validating = [configuration('Validating', 'g', [hook('garbage.example.com', target)])];
    const res = await createIn('plain', configMap('garbage'));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      `Internal error occurred: failed calling webhook "garbage.example.com": failed to call webhook: couldn't get version/kind; json parse error: invalid character 'n' looking for beginning of value`,
    );
  });

  it('fail on an error answer with client-go\'s words for it', async () => {
    const target = await webhook(() => ({ raw: 'boom\n', status: 500, contentType: 'text/plain' }));
    configured.validating = [configuration('Validating', 'e', [hook('broken.example.com', target)])];
    const res = await createIn('plain', configMap('server-error'));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      'Internal error occurred: failed calling webhook "broken.example.com": failed to call webhook: an error on the server ("boom") has prevented the request from succeeding',
    );
  });

  it('fail when the webhook closes the connection without answering', async () => {
    const target = await webhook(() => ({ raw: '', destroy: true }));
    configured.validating = [configuration('Validating', 'c', [hook('closed.example.com', target)])];
    const res = await createIn('plain', configMap('closed'));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(`Internal error occurred: failed calling webhook "closed.example.com": failed to call webhook: Post "${target.url}/closed.example.com?timeout=5s": EOF`);
  });

  it('fail on an answer for another request (wrong uid)', async () => {
    const target = await webhook(() => ({ response: { uid: 'not-the-uid', allowed: true } }));
    configured.validating = [configuration('Validating', 'u', [hook('uid.example.com', target)])];
    const res = await createIn('plain', configMap('wrong-uid'));
    expect(res.status).toBe(500);
    const uid = target.received[0]!.review.request.uid as string;
    expect(res.body.message).toBe(
      `Internal error occurred: failed calling webhook "uid.example.com": received invalid webhook response: expected response.uid="${uid}", got "not-the-uid"`,
    );
  });

  it('fail when the webhook answers another kind of review', async () => {
    const target = await webhook((r) => ({ ...(allow(r) as { response: Record<string, unknown> }), apiVersion: 'admission.k8s.io/v1beta1' }));
    configured.validating = [configuration('Validating', 'k', [hook('kind.example.com', target)])];
    const res = await createIn('plain', configMap('wrong-version'));
    expect(res.body.message).toContain(
      'received invalid webhook response: expected webhook response of admission.k8s.io/v1, Kind=AdmissionReview, got admission.k8s.io/v1beta1, Kind=AdmissionReview',
    );
  });

  it('fail when the certificate is not signed by caBundle', async () => {
    const target = await webhook((r) => allow(r));
    const otherCa = Buffer.from(createCertificateAuthority('someone-else').certPem).toString('base64');
    configured.validating = [configuration('Validating', 'tls', [hook('tls.example.com', target, { clientConfig: { url: `${target.url}/tls`, caBundle: otherCa } })])];
    const res = await createIn('plain', configMap('untrusted'));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      `Internal error occurred: failed calling webhook "tls.example.com": failed to call webhook: Post "${target.url}/tls?timeout=5s": tls: failed to verify certificate: x509: certificate signed by unknown authority`,
    );
    expect(target.received).toHaveLength(0);
  });
});

describe('which webhooks are called', () => {
  it('namespaceSelector matches the namespace labels, objectSelector the object labels', async () => {
    const target = await webhook((r) => allow(r));
    configured.validating = [
      configuration('Validating', 'sel', [
        hook('ns.example.com', target, { namespaceSelector: { matchLabels: { webhooks: 'on' } } }),
        hook('obj.example.com', target, { objectSelector: { matchExpressions: [{ key: 'checked', operator: 'Exists' }] } }),
      ]),
    ];
    await createIn('plain', configMap('neither'));
    expect(target.received).toHaveLength(0);
    await createIn('hooked', configMap('in-labelled-namespace'));
    expect(target.received.map((r) => r.path)).toEqual(['/ns.example.com?timeout=5s']);
    await createIn('plain', configMap('labelled', { a: '1' }, { checked: 'yes' }));
    expect(target.received.map((r) => r.path)).toEqual(['/ns.example.com?timeout=5s', '/obj.example.com?timeout=5s']);
  });

  it('a namespaceSelector on a namespace that does not exist answers NotFound', async () => {
    const target = await webhook((r) => allow(r));
    configured.mutating = [configuration('Mutating', 'sel', [hook('ns-missing.example.com', target, { namespaceSelector: { matchLabels: { webhooks: 'on' } } })])];
    const res = await createIn('missing', configMap('nowhere'));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('namespaces "missing" not found');
    expect(target.received).toHaveLength(0);
  });

  it('rules match operations, and subresources only when named', async () => {
    const target = await webhook((r) => allow(r));
    configured.validating = [
      configuration('Validating', 'rules', [hook('deletes.example.com', target, { rules: [{ operations: ['DELETE'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }] })]),
    ];
    await createIn('plain', configMap('not-a-delete'));
    expect(target.received).toHaveLength(0);
    expect((await server.call('DELETE', '/api/v1/namespaces/plain/configmaps/not-a-delete')).status).toBe(200);
    expect(target.received).toHaveLength(1);
  });

  it('matchConditions exclude a request when one is false', async () => {
    const target = await webhook((r) => deny(r, { message: 'called' }));
    configured.validating = [
      configuration('Validating', 'cel', [
        hook('cel.example.com', target, {
          matchConditions: [
            { name: 'not-exempt', expression: "object.metadata.name != 'exempt'" },
            { name: 'a-create', expression: "request.operation == 'CREATE' && request.namespace == 'plain' && oldObject == null" },
          ],
        }),
      ]),
    ];
    expect((await createIn('plain', configMap('exempt'))).status).toBe(201);
    expect((await createIn('plain', configMap('checked'))).status).toBe(400);
    expect(target.received).toHaveLength(1);
  });

  it('a matchCondition that errors refuses the request under Fail with 403', async () => {
    const target = await webhook((r) => allow(r));
    configured.validating = [
      configuration('Validating', 'cel', [hook('broken-cel.example.com', target, { matchConditions: [{ name: 'bad', expression: 'object.spec.replicas > 1' }] })]),
    ];
    const res = await createIn('plain', configMap('cel-error'));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^configmaps "cel-error" is forbidden: expression 'object.spec.replicas > 1' resulted in error: /);
    expect(target.received).toHaveLength(0);
  });
});

describe('clientConfig', () => {
  it('reaches a service reference at the address it is mapped to, with its path', async () => {
    const target = await webhook((r) => allow(r));
    serviceUrls.set('webhook-system/validator', target.url);
    configured.validating = [
      configuration('Validating', 'svc', [
        hook('svc.example.com', target, { clientConfig: { service: { namespace: 'webhook-system', name: 'validator', path: '/validate' }, caBundle: target.caBundle } }),
      ]),
    ];
    expect((await createIn('plain', configMap('via-service'))).status).toBe(201);
    expect(target.received.map((r) => r.path)).toEqual(['/validate?timeout=5s']);
  });

  it('fails a call to a service nobody mapped, naming the command that maps it', async () => {
    const target = await webhook((r) => allow(r));
    configured.validating = [
      configuration('Validating', 'svc', [hook('unmapped.example.com', target, { clientConfig: { service: { namespace: 'ns', name: 'nobody' }, caBundle: target.caBundle } })]),
    ];
    const res = await createIn('plain', configMap('unmapped'));
    expect(res.status).toBe(500);
    expect(res.body.message).toContain('dojo-console webhook map ns/nobody');
  });
});

describe('matchPolicy Equivalent', () => {
  const hpa = {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'web' },
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web' },
      minReplicas: 1,
      maxReplicas: 3,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 50 } } }],
    },
  };

  it('sends a request for autoscaling/v2 to a webhook for autoscaling/v1 as v1, and applies its patch in v1', async () => {
    const target = await webhook((r) => patch(r, [{ op: 'replace', path: '/spec/maxReplicas', value: 5 }]));
    const rules = [{ operations: ['CREATE'], apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] }];
    configured.mutating = [configuration('Mutating', 'hpa', [hook('hpa.example.com', target, { rules })])];
    const res = await server.call('POST', '/apis/autoscaling/v2/namespaces/plain/horizontalpodautoscalers', hpa);
    expect(res.status).toBe(201);
    expect(res.body.spec.maxReplicas).toBe(5);
    expect(res.body.spec.metrics[0].resource.target.averageUtilization).toBe(50);
    const { request } = target.received[0]!.review;
    expect(request).toMatchObject({
      kind: { group: 'autoscaling', version: 'v1', kind: 'HorizontalPodAutoscaler' },
      resource: { group: 'autoscaling', version: 'v1', resource: 'horizontalpodautoscalers' },
      requestKind: { group: 'autoscaling', version: 'v2', kind: 'HorizontalPodAutoscaler' },
      requestResource: { group: 'autoscaling', version: 'v2', resource: 'horizontalpodautoscalers' },
    });
    expect(request.object.apiVersion).toBe('autoscaling/v1');
    expect(request.object.spec.targetCPUUtilizationPercentage).toBe(50);
  });
});

describe('custom resources', () => {
  const dojos = '/apis/core.jutsu.com/v1/namespaces/plain/dojos';

  beforeAll(async () => {
    expect((await server.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', dojoCrd())).status).toBe(201);
    const deadline = Date.now() + 30_000;
    while ((await server.call('GET', dojos)).status !== 200) {
      if (Date.now() > deadline) throw new Error('dojos were never served');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('are sent defaulted, patched, and validated as patched', async () => {
    const mutator = await webhook((r) => patch(r, [{ op: 'replace', path: '/spec/replicas', value: 3 }]));
    const validator = await webhook((r) => (r.review.request.object.spec.replicas === 3 ? allow(r) : deny(r, { message: 'replicas must be 3' })));
    const rules = [{ operations: ['CREATE'], apiGroups: ['core.jutsu.com'], apiVersions: ['*'], resources: ['dojos'] }];
    configured.mutating = [configuration('Mutating', 'dojo-defaults', [hook('dojo-defaults.example.com', mutator, { rules })])];
    configured.validating = [configuration('Validating', 'dojo-rules', [hook('dojo-rules.example.com', validator, { rules })])];
    const res = await server.call('POST', dojos, { ...dojo(), metadata: { name: 'patched' } });
    expect(res.status).toBe(201);
    expect(res.body.spec.replicas).toBe(3);
    // Defaults from the CRD's schema are there before the webhook sees the object.
    expect(mutator.received[0]!.review.request.object.spec).toMatchObject({ database: 'Postgres', replicas: 1 });
    expect(mutator.received[0]!.review.request.kind).toEqual({ group: 'core.jutsu.com', version: 'v1', kind: 'Dojo' });
  });
});

describe('dry run', () => {
  it('is refused when a matching webhook may have side effects', async () => {
    const target = await webhook((r) => allow(r));
    configured.validating = [configuration('Validating', 'fx', [hook('effects.example.com', target, { sideEffects: 'Some' })])];
    const res = await createIn('plain', configMap('dry'), '?dryRun=All');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ reason: 'BadRequest', message: 'admission webhook "effects.example.com" does not support dry run' });
    expect(target.received).toHaveLength(0);
  });

  it('calls a webhook without side effects, telling it the request is a dry run', async () => {
    const target = await webhook((r) => allow(r));
    configured.validating = [configuration('Validating', 'fx', [hook('pure.example.com', target, { sideEffects: 'NoneOnDryRun' })])];
    const res = await createIn('plain', configMap('dry-ok'), '?dryRun=All');
    expect(res.status).toBe(201);
    expect(target.received[0]!.review.request).toMatchObject({ dryRun: true, options: { dryRun: ['All'] } });
  });
});

describe('updates', () => {
  it('are retried from the new state when the object changed while the webhook was asked', async () => {
    await createIn('plain', configMap('raced', { base: '0' }));
    let released = false;
    const target = await webhook(async (r) => {
      const slow = r.review.request.object?.metadata?.annotations?.slow === 'yes';
      if (slow && target.received.filter((x) => x.review.request.object?.metadata?.annotations?.slow === 'yes').length === 1) {
        await until(() => released, 'the concurrent write');
      }
      return allow(r);
    });
    configured.validating = [configuration('Validating', 'upd', [hook('upd.example.com', target, { rules: [{ ...configMapRules[0], operations: ['UPDATE'] }] })])];
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    const slowPatch = server.call('PATCH', '/api/v1/namespaces/plain/configmaps/raced', { metadata: { annotations: { slow: 'yes' } }, data: { a: '1' } }, mergePatch);
    await until(() => target.received.length === 1, 'the slow patch to reach the webhook');
    const concurrent = await server.call('PATCH', '/api/v1/namespaces/plain/configmaps/raced', { data: { b: '2' } }, mergePatch);
    expect(concurrent.status).toBe(200);
    released = true;
    const res = await slowPatch;
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ base: '0', a: '1', b: '2' });
    // Asked twice for the slow patch: once against the old state, once against the new.
    expect(target.received.filter((x) => x.review.request.object.metadata.annotations?.slow === 'yes')).toHaveLength(2);
    expect(target.received.at(-1)!.review.request.oldObject.data).toEqual({ base: '0', b: '2' });
  });

  it('leave what a webhook changed unowned by the writer, and a no-op still a no-op', async () => {
    const created = await createIn('plain', configMap('owned', { a: '1' }));
    const target = await webhook((r) => patch(r, [{ op: 'add', path: '/metadata/annotations', value: { stamped: 'yes' } }]));
    configured.mutating = [configuration('Mutating', 'upd', [hook('stamp.example.com', target, { rules: [{ ...configMapRules[0], operations: ['UPDATE'] }] })])];
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    const res = await server.call('PATCH', '/api/v1/namespaces/plain/configmaps/owned?fieldManager=editor', { data: { b: '2' } }, mergePatch);
    expect(res.status).toBe(200);
    expect(res.body.metadata.annotations).toEqual({ stamped: 'yes' });
    const editor = res.body.metadata.managedFields.find((m: { manager: string }) => m.manager === 'editor');
    expect(editor.fieldsV1).toEqual({ 'f:data': { 'f:b': {} } });
    // The webhook stamps what is already stamped: nothing changes, nothing is written.
    const again = await server.call('PATCH', '/api/v1/namespaces/plain/configmaps/owned?fieldManager=editor', { data: { b: '2' } }, mergePatch);
    expect(again.body.metadata.resourceVersion).toBe(res.body.metadata.resourceVersion);
    expect(created.status).toBe(201);
  });

  it('a PUT with a resourceVersion gets 409 when the object changed while the webhook was asked', async () => {
    const created = await createIn('plain', configMap('put-raced'));
    let released = false;
    const target = await webhook(async (r) => {
      if (r.review.request.object.data.a === 'put') await until(() => released, 'the concurrent write');
      return allow(r);
    });
    configured.validating = [configuration('Validating', 'upd', [hook('upd.example.com', target, { rules: [{ ...configMapRules[0], operations: ['UPDATE'] }] })])];
    const put = server.call('PUT', '/api/v1/namespaces/plain/configmaps/put-raced', { ...created.body, data: { a: 'put' } });
    await until(() => target.received.length === 1, 'the PUT to reach the webhook');
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    expect((await server.call('PATCH', '/api/v1/namespaces/plain/configmaps/put-raced', { data: { b: '2' } }, mergePatch)).status).toBe(200);
    released = true;
    const res = await put;
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Operation cannot be fulfilled on configmaps "put-raced": the object has been modified; please apply your changes to the latest version and try again');
  });

  it('of /scale are sent the autoscaling/v1 Scale, and a patch of the Scale scales the object', async () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'scaled' },
      spec: { replicas: 1, selector: { matchLabels: { app: 'scaled' } }, template: { metadata: { labels: { app: 'scaled' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } } },
    };
    expect((await server.call('POST', '/apis/apps/v1/namespaces/plain/deployments', deployment)).status).toBe(201);
    const target = await webhook((r) => patch(r, [{ op: 'replace', path: '/spec/replicas', value: 3 }]));
    const rules = [{ operations: ['UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments/scale'] }];
    configured.mutating = [configuration('Mutating', 'cap', [hook('cap.example.com', target, { rules })])];
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    const res = await server.call('PATCH', '/apis/apps/v1/namespaces/plain/deployments/scaled/scale', { spec: { replicas: 5 } }, mergePatch);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'Scale', spec: { replicas: 3 } });
    const { request } = target.received[0]!.review;
    expect(request).toMatchObject({
      kind: { group: 'autoscaling', version: 'v1', kind: 'Scale' },
      resource: { group: 'apps', version: 'v1', resource: 'deployments' },
      subResource: 'scale',
      object: { kind: 'Scale', apiVersion: 'autoscaling/v1', spec: { replicas: 5 } },
      oldObject: { kind: 'Scale', spec: { replicas: 1 } },
    });
    expect((await server.call('GET', '/apis/apps/v1/namespaces/plain/deployments/scaled')).body.spec.replicas).toBe(3);
  });

  it('of a subresource are matched by "resource/subresource" rules', async () => {
    const created = await server.call('POST', '/api/v1/namespaces/plain/pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'sub' },
      spec: { containers: [{ name: 'c', image: 'busybox' }] },
    });
    expect(created.status).toBe(201);
    const target = await webhook((r) => deny(r, { message: 'status is read-only here' }));
    configured.validating = [
      configuration('Validating', 'sub', [hook('status.example.com', target, { rules: [{ operations: ['UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods/status'] }] })]),
    ];
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    expect((await server.call('PATCH', '/api/v1/namespaces/plain/pods/sub', { metadata: { labels: { x: 'y' } } }, mergePatch)).status).toBe(200);
    const res = await server.call('PATCH', '/api/v1/namespaces/plain/pods/sub/status', { status: { message: 'hi' } }, mergePatch);
    expect(res.status).toBe(400);
    expect(target.received[0]!.review.request).toMatchObject({ subResource: 'status', requestSubResource: 'status', operation: 'UPDATE' });
  });
});
