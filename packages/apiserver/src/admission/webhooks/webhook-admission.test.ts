import { describe, expect, it } from 'vitest';
import { configMap, configuration, hook, until, useWebhookHarness } from '../../testing/webhook-harness.ts';
import { allow, deny, patch, type WebhookHandler } from '../../testing/webhook-server.ts';

/** Admission webhooks through the real API: what validating and mutating webhooks are sent and what their answers do. */
const h = useWebhookHarness();

describe('validating webhooks', () => {
  it('refuse a create with the webhook name, its message and the code it chose', async () => {
    const target = await h.webhook((r) => deny(r, { code: 403, message: 'data.a must be even', reason: 'Forbidden' }));
    await h.configure('validating', [configuration('Validating', 'policy', [hook('even.example.com', target)])]);
    const res = await h.createIn('plain', configMap('odd'));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'Forbidden',
      code: 403,
      message: 'admission webhook "even.example.com" denied the request: data.a must be even',
    });
    expect((await h.server.call('GET', '/api/v1/namespaces/plain/configmaps/odd')).status).toBe(404);
    expect(h.records).toMatchObject([
      {
        kind: 'ValidatingWebhookConfiguration',
        name: 'even.example.com',
        configuration: 'policy',
        phase: 'validating',
        verdict: 'denied',
        code: 403,
        message: 'admission webhook "even.example.com" denied the request: data.a must be even',
        failurePolicy: 'Fail',
        reviewUid: target.received[0]!.review.request.uid,
      },
    ]);
    expect(h.records[0]!.latencyMs).toBeGreaterThan(0);
  });

  it('hand their warnings to the client on a refusal too', async () => {
    const target = await h.webhook((r) => deny(r, { message: 'no' }, { warnings: ['see the docs'] }));
    await h.configure('validating', [configuration('Validating', 'policy', [hook('warn-deny.example.com', target)])]);
    const res = await h.createIn('plain', configMap('warned-refusal'));
    expect(res.status).toBe(400);
    expect(String(res.headers.warning)).toContain('299 - "see the docs"');
  });

  it('refuse with 400 "without explanation" when the webhook gives no status', async () => {
    const target = await h.webhook((r) => ({ response: { uid: r.review.request.uid, allowed: false } }));
    await h.configure('validating', [configuration('Validating', 'policy', [hook('terse.example.com', target)])]);
    const res = await h.createIn('plain', configMap('terse'));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('admission webhook "terse.example.com" denied the request without explanation');
  });

  it('are sent an AdmissionReview v1 as kube builds it, and their warnings reach the client', async () => {
    const target = await h.webhook((r) => allow(r, { warnings: ['data.a is deprecated'] }));
    await h.configure('validating', [configuration('Validating', 'policy', [hook('warn.example.com', target)])]);
    const res = await h.createIn('plain', configMap('warned'), '?fieldManager=tester');
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
    const a = await h.webhook(slowAllow);
    const b = await h.webhook(slowAllow);
    await h.configure('validating', [
      configuration('Validating', 'one', [hook('a.example.com', a)]),
      configuration('Validating', 'two', [hook('b.example.com', b)]),
    ]);
    expect((await h.createIn('plain', configMap('parallel'))).status).toBe(201);
    expect(most).toBe(2);
  });

  it('are asked about a DELETE with the stored object as oldObject', async () => {
    await h.createIn('plain', configMap('kept'));
    const target = await h.webhook((r) => (r.review.request.operation === 'DELETE' ? deny(r, { message: 'kept forever' }) : allow(r)));
    await h.configure('validating', [configuration('Validating', 'policy', [hook('keep.example.com', target)])]);
    const res = await h.server.call('DELETE', '/api/v1/namespaces/plain/configmaps/kept');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('admission webhook "keep.example.com" denied the request: kept forever');
    const { request } = target.received[0]!.review;
    expect(request).toMatchObject({ operation: 'DELETE', name: 'kept', object: null, options: { kind: 'DeleteOptions' } });
    expect(request.oldObject.metadata.name).toBe('kept');
    expect((await h.server.call('GET', '/api/v1/namespaces/plain/configmaps/kept')).status).toBe(200);
  });
});

describe('mutating webhooks', () => {
  it('patch the object with a JSONPatch before it is validated and stored', async () => {
    const target = await h.webhook((r) => patch(r, [{ op: 'add', path: '/metadata/labels', value: { defaulted: 'yes' } }]));
    await h.configure('mutating', [configuration('Mutating', 'defaults', [hook('label.example.com', target)])]);
    const res = await h.createIn('plain', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { generateName: 'gen-' }, data: { a: '1' } });
    expect(res.status).toBe(201);
    expect(res.body.metadata.labels).toEqual({ defaulted: 'yes' });
    // Mutating admission runs before the strategy: no name yet for generateName, no uid.
    const seen = target.received[0]!.review.request;
    expect(seen.name).toBeUndefined();
    expect(seen.object.metadata.uid).toBeUndefined();
    expect(h.records).toMatchObject([{ name: 'label.example.com', phase: 'mutating', verdict: 'mutated', patch: [{ op: 'add', path: '/metadata/labels' }] }]);
    // What the webhook added belongs to no manager: kube tracks fields before mutating admission.
    const [entry] = res.body.metadata.managedFields;
    expect(entry.fieldsV1['f:data']).toMatchObject({ 'f:a': {} });
    expect(entry.fieldsV1['f:metadata']?.['f:labels']).toBeUndefined();
  });

  it("see what the built-in mutating plugins did (a PVC's protection finalizer)", async () => {
    const target = await h.webhook((r) => allow(r));
    const rules = [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['persistentvolumeclaims'] }];
    await h.configure('mutating', [configuration('Mutating', 'pvc', [hook('pvc.example.com', target, { rules })])]);
    const res = await h.server.call('POST', '/api/v1/namespaces/plain/persistentvolumeclaims', {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'claim' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    expect(res.status).toBe(201);
    expect(target.received[0]!.review.request.object.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
    expect(res.body.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
  });

  it('cannot take away what a built-in mutating plugin adds: the chain runs again after a change', async () => {
    const target = await h.webhook((r) => patch(r, [{ op: 'remove', path: '/metadata/finalizers' }]));
    const rules = [{ operations: ['CREATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['persistentvolumeclaims'] }];
    await h.configure('mutating', [configuration('Mutating', 'pvc', [hook('unprotect.example.com', target, { rules })])]);
    const res = await h.server.call('POST', '/api/v1/namespaces/plain/persistentvolumeclaims', {
      apiVersion: 'v1',
      kind: 'PersistentVolumeClaim',
      metadata: { name: 'claim-2' },
      spec: { accessModes: ['ReadWriteOnce'], resources: { requests: { storage: '1Gi' } } },
    });
    expect(res.status).toBe(201);
    expect(res.body.metadata.finalizers).toEqual(['kubernetes.io/pvc-protection']);
  });

  it('run before validating webhooks, which see the patched object', async () => {
    const mutator = await h.webhook((r) => patch(r, [{ op: 'replace', path: '/data/a', value: '2' }]));
    const validator = await h.webhook((r) => (r.review.request.object.data.a === '2' ? allow(r) : deny(r, { message: 'not patched' })));
    await h.configure('mutating', [configuration('Mutating', 'm', [hook('m.example.com', mutator)])]);
    await h.configure('validating', [configuration('Validating', 'v', [hook('v.example.com', validator)])]);
    const res = await h.createIn('plain', configMap('ordered'));
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ a: '2' });
  });

  it('refuse a patch that does not apply with an InternalError, whatever the failurePolicy', async () => {
    const target = await h.webhook((r) => patch(r, [{ op: 'replace', path: '/spec/missing', value: 1 }]));
    await h.configure('mutating', [configuration('Mutating', 'm', [hook('broken.example.com', target, { failurePolicy: 'Ignore' })])]);
    const res = await h.createIn('plain', configMap('unpatchable'));
    expect(res.status).toBe(500);
    expect(res.body.reason).toBe('InternalError');
    expect(res.body.message).toMatch(/^Internal error occurred: replace operation does not apply: doc is missing/);
  });

  it("refuse a patch that breaks the object (a value of the wrong type) with the decoder's InternalError", async () => {
    const target = await h.webhook((r) => patch(r, [{ op: 'replace', path: '/data/a', value: 5 }]));
    await h.configure('mutating', [configuration('Mutating', 'm', [hook('typo.example.com', target)])]);
    const res = await h.createIn('plain', configMap('mistyped'));
    expect(res.status).toBe(500);
    expect(res.body.message).toBe('Internal error occurred: json: cannot unmarshal number into Go struct field ConfigMap.data of type string');
  });

  it('refuse any patch of a DELETE', async () => {
    await h.createIn('plain', configMap('deleted-with-patch'));
    const target = await h.webhook((r) => patch(r, [{ op: 'add', path: '/metadata/labels', value: {} }]));
    await h.configure('mutating', [configuration('Mutating', 'm', [hook('del.example.com', target)])]);
    const res = await h.server.call('DELETE', '/api/v1/namespaces/plain/configmaps/deleted-with-patch');
    expect(res.status).toBe(500);
    expect(res.body.message).toBe(
      'Internal error occurred: admission webhook "del.example.com" attempted to modify the object, which is not supported for this operation',
    );
  });

  it('call an IfNeeded webhook once more when a later webhook changed the object, and never a third time', async () => {
    let firstCalls = 0;
    const first = await h.webhook((r) => {
      firstCalls++;
      return patch(r, [{ op: 'add', path: `/data/first${firstCalls}`, value: 'x' }]);
    });
    const second = await h.webhook((r) => patch(r, [{ op: 'add', path: `/data/second${second.received.length}`, value: 'y' }]));
    await h.configure('mutating', [
      configuration('Mutating', 'a', [hook('first.example.com', first, { reinvocationPolicy: 'IfNeeded' })]),
      configuration('Mutating', 'b', [hook('second.example.com', second)]),
    ]);
    const res = await h.createIn('plain', configMap('reinvoked'));
    expect(res.status).toBe(201);
    expect(firstCalls).toBe(2);
    expect(second.received).toHaveLength(1);
    expect(res.body.data).toEqual({ a: '1', first1: 'x', second1: 'y', first2: 'x' });
    expect(h.records.map((r) => [r.name, r.round])).toEqual([
      ['first.example.com', 0],
      ['second.example.com', 0],
      ['first.example.com', 1],
    ]);
  });
  it('two IfNeeded webhooks that undo each other are called twice each, never in a loop', async () => {
    const setTo =
      (value: string): WebhookHandler =>
      (r) =>
        patch(r, [{ op: 'add', path: '/data/owner', value }]);
    const ping = await h.webhook(setTo('ping'));
    const pong = await h.webhook(setTo('pong'));
    await h.configure('mutating', [
      configuration('Mutating', 'a', [hook('ping.example.com', ping, { reinvocationPolicy: 'IfNeeded' })]),
      configuration('Mutating', 'b', [hook('pong.example.com', pong, { reinvocationPolicy: 'IfNeeded' })]),
    ]);
    const res = await h.createIn('plain', configMap('ping-pong'));
    expect(res.status).toBe(201);
    expect([ping.received.length, pong.received.length]).toEqual([2, 2]);
    expect(res.body.data.owner).toBe('pong');
  });
});

describe('dry run', () => {
  it('calls a webhook without side effects, telling it the request is a dry run', async () => {
    const target = await h.webhook((r) => allow(r));
    await h.configure('validating', [configuration('Validating', 'fx', [hook('pure.example.com', target, { sideEffects: 'NoneOnDryRun' })])]);
    const res = await h.createIn('plain', configMap('dry-ok'), '?dryRun=All');
    expect(res.status).toBe(201);
    expect(target.received[0]!.review.request).toMatchObject({ dryRun: true, options: { dryRun: ['All'] } });
  });
});
