import { describe, expect, it } from 'vitest';
import { configMap, configMapRules, configuration, hook, until, useWebhookHarness } from '../../testing/webhook-harness.ts';
import { allow, deny, patch } from '../../testing/webhook-server.ts';

/** Updates with webhooks: the retry after a concurrent write, managedFields, subresources. */
const h = useWebhookHarness();

describe('updates', () => {
  it('are retried from the new state when the object changed while the webhook was asked', async () => {
    await h.createIn('plain', configMap('raced', { base: '0' }));
    let released = false;
    const target = await h.webhook(async (r) => {
      const slow = r.review.request.object?.metadata?.annotations?.slow === 'yes';
      if (slow && target.received.filter((x) => x.review.request.object?.metadata?.annotations?.slow === 'yes').length === 1) {
        await until(() => released, 'the concurrent write');
      }
      return allow(r);
    });
    await h.configure('validating', [
      configuration('Validating', 'upd', [hook('upd.example.com', target, { rules: [{ ...configMapRules[0], operations: ['UPDATE'] }] })]),
    ]);
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    const slowPatch = h.server.call(
      'PATCH',
      '/api/v1/namespaces/plain/configmaps/raced',
      { metadata: { annotations: { slow: 'yes' } }, data: { a: '1' } },
      mergePatch,
    );
    await until(() => target.received.length === 1, 'the slow patch to reach the webhook');
    const concurrent = await h.server.call('PATCH', '/api/v1/namespaces/plain/configmaps/raced', { data: { b: '2' } }, mergePatch);
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
    const created = await h.createIn('plain', configMap('owned', { a: '1' }));
    const target = await h.webhook((r) => patch(r, [{ op: 'add', path: '/metadata/annotations', value: { stamped: 'yes' } }]));
    await h.configure('mutating', [
      configuration('Mutating', 'upd', [hook('stamp.example.com', target, { rules: [{ ...configMapRules[0], operations: ['UPDATE'] }] })]),
    ]);
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    const res = await h.server.call('PATCH', '/api/v1/namespaces/plain/configmaps/owned?fieldManager=editor', { data: { b: '2' } }, mergePatch);
    expect(res.status).toBe(200);
    expect(res.body.metadata.annotations).toEqual({ stamped: 'yes' });
    const editor = res.body.metadata.managedFields.find((m: { manager: string }) => m.manager === 'editor');
    expect(editor.fieldsV1).toEqual({ 'f:data': { 'f:b': {} } });
    // The webhook stamps what is already stamped: nothing changes, nothing is written.
    const again = await h.server.call('PATCH', '/api/v1/namespaces/plain/configmaps/owned?fieldManager=editor', { data: { b: '2' } }, mergePatch);
    expect(again.body.metadata.resourceVersion).toBe(res.body.metadata.resourceVersion);
    expect(created.status).toBe(201);
  });

  it('lose no concurrent PATCH while slow webhooks are asked about each', async () => {
    await h.createIn('plain', configMap('contended', {}));
    const target = await h.webhook(async (r) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 40));
      return allow(r);
    });
    await h.configure('validating', [
      configuration('Validating', 'slow', [hook('slow-ok.example.com', target, { rules: [{ ...configMapRules[0], operations: ['UPDATE'] }] })]),
    ]);
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    const keys = Array.from({ length: 12 }, (_, i) => `k${i}`);
    const answers = await Promise.all(
      keys.map((key) => h.server.call('PATCH', '/api/v1/namespaces/plain/configmaps/contended', { data: { [key]: key } }, mergePatch)),
    );
    expect(answers.map((a) => a.status)).toEqual(keys.map(() => 200));
    const stored = await h.server.call('GET', '/api/v1/namespaces/plain/configmaps/contended');
    expect(Object.keys(stored.body.data).sort()).toEqual([...keys].sort());
    // Each patch was asked about at least once; those that lost a race were asked again.
    expect(target.received.length).toBeGreaterThanOrEqual(keys.length);
  });

  it('a PUT with a resourceVersion gets 409 when the object changed while the webhook was asked', async () => {
    const created = await h.createIn('plain', configMap('put-raced'));
    let released = false;
    const target = await h.webhook(async (r) => {
      if (r.review.request.object.data.a === 'put') await until(() => released, 'the concurrent write');
      return allow(r);
    });
    await h.configure('validating', [
      configuration('Validating', 'upd', [hook('upd.example.com', target, { rules: [{ ...configMapRules[0], operations: ['UPDATE'] }] })]),
    ]);
    const put = h.server.call('PUT', '/api/v1/namespaces/plain/configmaps/put-raced', { ...created.body, data: { a: 'put' } });
    await until(() => target.received.length === 1, 'the PUT to reach the webhook');
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    expect((await h.server.call('PATCH', '/api/v1/namespaces/plain/configmaps/put-raced', { data: { b: '2' } }, mergePatch)).status).toBe(200);
    released = true;
    const res = await put;
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Operation cannot be fulfilled on configmaps "put-raced": the object has been modified; please apply your changes to the latest version and try again',
    );
  });

  it('of /scale are sent the autoscaling/v1 Scale, and a patch of the Scale scales the object', async () => {
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'scaled' },
      spec: {
        replicas: 1,
        selector: { matchLabels: { app: 'scaled' } },
        template: { metadata: { labels: { app: 'scaled' } }, spec: { containers: [{ name: 'c', image: 'busybox' }] } },
      },
    };
    expect((await h.server.call('POST', '/apis/apps/v1/namespaces/plain/deployments', deployment)).status).toBe(201);
    const target = await h.webhook((r) => patch(r, [{ op: 'replace', path: '/spec/replicas', value: 3 }]));
    const rules = [{ operations: ['UPDATE'], apiGroups: ['apps'], apiVersions: ['v1'], resources: ['deployments/scale'] }];
    await h.configure('mutating', [configuration('Mutating', 'cap', [hook('cap.example.com', target, { rules })])]);
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    const res = await h.server.call('PATCH', '/apis/apps/v1/namespaces/plain/deployments/scaled/scale', { spec: { replicas: 5 } }, mergePatch);
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
    expect((await h.server.call('GET', '/apis/apps/v1/namespaces/plain/deployments/scaled')).body.spec.replicas).toBe(3);
  });

  it('of a subresource are matched by "resource/subresource" rules', async () => {
    const created = await h.server.call('POST', '/api/v1/namespaces/plain/pods', {
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: { name: 'sub' },
      spec: { containers: [{ name: 'c', image: 'busybox' }] },
    });
    expect(created.status).toBe(201);
    const target = await h.webhook((r) => deny(r, { message: 'status is read-only here' }));
    await h.configure('validating', [
      configuration('Validating', 'sub', [
        hook('status.example.com', target, { rules: [{ operations: ['UPDATE'], apiGroups: [''], apiVersions: ['v1'], resources: ['pods/status'] }] }),
      ]),
    ]);
    const mergePatch = { 'content-type': 'application/merge-patch+json' };
    expect((await h.server.call('PATCH', '/api/v1/namespaces/plain/pods/sub', { metadata: { labels: { x: 'y' } } }, mergePatch)).status).toBe(200);
    const res = await h.server.call('PATCH', '/api/v1/namespaces/plain/pods/sub/status', { status: { message: 'hi' } }, mergePatch);
    expect(res.status).toBe(400);
    expect(target.received[0]!.review.request).toMatchObject({ subResource: 'status', requestSubResource: 'status', operation: 'UPDATE' });
  });
});
