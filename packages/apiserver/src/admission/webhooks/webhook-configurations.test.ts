import { describe, expect, it } from 'vitest';
import { webhooksOf } from './webhook-configurations.ts';

describe('webhook configurations', () => {
  it("are called in the order of their names, webhooks in their listed order, with kube's defaults", () => {
    const config = (name: string, hooks: string[]) =>
      ({
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'MutatingWebhookConfiguration',
        metadata: { name },
        webhooks: hooks.map((h) => ({ name: h })),
      }) as never;
    const webhooks = webhooksOf('mutating', [config('b', ['b1', 'b2']), config('a', ['a1'])]);
    expect(webhooks.map((w) => w.name)).toEqual(['a1', 'b1', 'b2']);
    expect(webhooks[0]).toMatchObject({ failurePolicy: 'Fail', matchPolicy: 'Equivalent', timeoutSeconds: 10, reinvocationPolicy: 'Never', uid: 'a/a1/0' });
  });
});
