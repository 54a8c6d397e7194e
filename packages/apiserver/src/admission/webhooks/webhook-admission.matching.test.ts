import { beforeAll, describe, expect, it } from 'vitest';
import { dojo, dojoCrd } from '../../crd/fixtures/dojo-crd.ts';
import { configMap, configuration, hook, useWebhookHarness } from '../../testing/webhook-harness.ts';
import { allow, deny, patch } from '../../testing/webhook-server.ts';

/** Which webhooks are called, where they are reached, and as which resource. */
const h = useWebhookHarness();

describe('which webhooks are called', () => {
  it('namespaceSelector matches the namespace labels, objectSelector the object labels', async () => {
    const target = await h.webhook((r) => allow(r));
    await h.configure('validating', [
      configuration('Validating', 'sel', [
        hook('ns.example.com', target, { namespaceSelector: { matchLabels: { webhooks: 'on' } } }),
        hook('obj.example.com', target, { objectSelector: { matchExpressions: [{ key: 'checked', operator: 'Exists' }] } }),
      ]),
    ]);
    await h.createIn('plain', configMap('neither'));
    expect(target.received).toHaveLength(0);
    await h.createIn('hooked', configMap('in-labelled-namespace'));
    expect(target.received.map((r) => r.path)).toEqual(['/ns.example.com?timeout=5s']);
    await h.createIn('plain', configMap('labelled', { a: '1' }, { checked: 'yes' }));
    expect(target.received.map((r) => r.path)).toEqual(['/ns.example.com?timeout=5s', '/obj.example.com?timeout=5s']);
  });

  it('a namespaceSelector on a namespace that does not exist answers NotFound', async () => {
    const target = await h.webhook((r) => allow(r));
    await h.configure('mutating', [
      configuration('Mutating', 'sel', [hook('ns-missing.example.com', target, { namespaceSelector: { matchLabels: { webhooks: 'on' } } })]),
    ]);
    const res = await h.createIn('missing', configMap('nowhere'));
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('namespaces "missing" not found');
    expect(target.received).toHaveLength(0);
  });

  it('rules match operations, and subresources only when named', async () => {
    const target = await h.webhook((r) => allow(r));
    await h.configure('validating', [
      configuration('Validating', 'rules', [
        hook('deletes.example.com', target, { rules: [{ operations: ['DELETE'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }] }),
      ]),
    ]);
    await h.createIn('plain', configMap('not-a-delete'));
    expect(target.received).toHaveLength(0);
    expect((await h.server.call('DELETE', '/api/v1/namespaces/plain/configmaps/not-a-delete')).status).toBe(200);
    expect(target.received).toHaveLength(1);
  });

  it('matchConditions exclude a request when one is false', async () => {
    const target = await h.webhook((r) => deny(r, { message: 'called' }));
    await h.configure('validating', [
      configuration('Validating', 'cel', [
        hook('cel.example.com', target, {
          matchConditions: [
            { name: 'not-exempt', expression: "object.metadata.name != 'exempt'" },
            { name: 'a-create', expression: "request.operation == 'CREATE' && request.namespace == 'plain' && oldObject == null" },
          ],
        }),
      ]),
    ]);
    expect((await h.createIn('plain', configMap('exempt'))).status).toBe(201);
    expect((await h.createIn('plain', configMap('checked'))).status).toBe(400);
    expect(target.received).toHaveLength(1);
  });

  it('a matchCondition that errors refuses the request under Fail with 403', async () => {
    const target = await h.webhook((r) => allow(r));
    await h.configure('validating', [
      configuration('Validating', 'cel', [
        hook('broken-cel.example.com', target, { matchConditions: [{ name: 'bad', expression: 'object.spec.replicas > 1' }] }),
      ]),
    ]);
    const res = await h.createIn('plain', configMap('cel-error'));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/^configmaps "cel-error" is forbidden: expression 'object.spec.replicas > 1' resulted in error: /);
    expect(target.received).toHaveLength(0);
  });
});

describe('clientConfig', () => {
  it('reaches a service reference at the address it is mapped to, with its path', async () => {
    const target = await h.webhook((r) => allow(r));
    h.serviceUrls.set('webhook-system/validator', target.url);
    await h.configure('validating', [
      configuration('Validating', 'svc', [
        hook('svc.example.com', target, {
          clientConfig: { service: { namespace: 'webhook-system', name: 'validator', path: '/validate' }, caBundle: target.caBundle },
        }),
      ]),
    ]);
    expect((await h.createIn('plain', configMap('via-service'))).status).toBe(201);
    expect(target.received.map((r) => r.path)).toEqual(['/validate?timeout=5s']);
  });

  it('fails a call to a service nobody mapped, naming the command that maps it', async () => {
    const target = await h.webhook((r) => allow(r));
    await h.configure('validating', [
      configuration('Validating', 'svc', [
        hook('unmapped.example.com', target, { clientConfig: { service: { namespace: 'ns', name: 'nobody' }, caBundle: target.caBundle } }),
      ]),
    ]);
    const res = await h.createIn('plain', configMap('unmapped'));
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
    const target = await h.webhook((r) => patch(r, [{ op: 'replace', path: '/spec/maxReplicas', value: 5 }]));
    const rules = [{ operations: ['CREATE'], apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] }];
    await h.configure('mutating', [configuration('Mutating', 'hpa', [hook('hpa.example.com', target, { rules })])]);
    const res = await h.server.call('POST', '/apis/autoscaling/v2/namespaces/plain/horizontalpodautoscalers', hpa);
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
    expect((await h.server.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', dojoCrd())).status).toBe(201);
    const deadline = Date.now() + 30_000;
    while ((await h.server.call('GET', dojos)).status !== 200) {
      if (Date.now() > deadline) throw new Error('dojos were never served');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it('are sent defaulted, patched, and validated as patched', async () => {
    const mutator = await h.webhook((r) => patch(r, [{ op: 'replace', path: '/spec/replicas', value: 3 }]));
    const validator = await h.webhook((r) => (r.review.request.object.spec.replicas === 3 ? allow(r) : deny(r, { message: 'replicas must be 3' })));
    const rules = [{ operations: ['CREATE'], apiGroups: ['core.jutsu.com'], apiVersions: ['*'], resources: ['dojos'] }];
    await h.configure('mutating', [configuration('Mutating', 'dojo-defaults', [hook('dojo-defaults.example.com', mutator, { rules })])]);
    await h.configure('validating', [configuration('Validating', 'dojo-rules', [hook('dojo-rules.example.com', validator, { rules })])]);
    const res = await h.server.call('POST', dojos, { ...dojo(), metadata: { name: 'patched' } });
    expect(res.status).toBe(201);
    expect(res.body.spec.replicas).toBe(3);
    // Defaults from the CRD's schema are there before the webhook sees the object.
    expect(mutator.received[0]!.review.request.object.spec).toMatchObject({ database: 'Postgres', replicas: 1 });
    expect(mutator.received[0]!.review.request.kind).toEqual({ group: 'core.jutsu.com', version: 'v1', kind: 'Dojo' });
  });

  it('are defaulted and pruned by their schema again after a patch', async () => {
    const mutator = await h.webhook((r) =>
      patch(r, [
        { op: 'remove', path: '/spec/database' },
        { op: 'add', path: '/spec/unknownField', value: 'x' },
      ]),
    );
    const rules = [{ operations: ['CREATE'], apiGroups: ['core.jutsu.com'], apiVersions: ['*'], resources: ['dojos'] }];
    await h.configure('mutating', [configuration('Mutating', 'dojo-prune', [hook('dojo-prune.example.com', mutator, { rules })])]);
    const res = await h.server.call('POST', dojos, { ...dojo({ database: 'Mongo' }), metadata: { name: 'repruned' } });
    expect(res.status).toBe(201);
    expect(res.body.spec.database).toBe('Postgres');
    expect(res.body.spec.unknownField).toBeUndefined();
  });
});
