import { describe, expect, it } from 'vitest';
import { builtinResources } from '../../registry/builtin/builtin-resources.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import type { AdmissionOperation } from '../admission-attributes.ts';
import { webhooksOf, type WebhookRule } from './webhook-configurations.ts';
import { matchRules, ruleMatches } from './webhook-rules.ts';

const info = (group: string, version: string, resource: string): ResourceInfo =>
  builtinResources.find((i) => i.group === group && i.version === version && i.resource === resource)!;
const pods = info('', 'v1', 'pods');
const namespaces = info('', 'v1', 'namespaces');
const hpaV1 = info('autoscaling', 'v1', 'horizontalpodautoscalers');
const hpaV2 = info('autoscaling', 'v2', 'horizontalpodautoscalers');

const rule = (more: Partial<WebhookRule>): WebhookRule => ({ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'], scope: '*', ...more });
const target = (resource: ResourceInfo, more: { subresource?: string; operation?: AdmissionOperation; namespace?: string } = {}) => ({
  info: resource,
  subresource: more.subresource ?? '',
  operation: more.operation ?? 'CREATE',
  namespace: more.namespace ?? (resource.namespaced ? 'default' : ''),
});

describe('a webhook rule', () => {
  it('matches "*" and exact names of groups, versions, resources and operations', () => {
    expect(ruleMatches(rule({}), target(pods))).toBe(true);
    expect(ruleMatches(rule({ apiGroups: [''], apiVersions: ['v1'], resources: ['pods'], operations: ['CREATE'] }), target(pods))).toBe(true);
    expect(ruleMatches(rule({ apiGroups: ['apps'] }), target(pods))).toBe(false);
    expect(ruleMatches(rule({ operations: ['UPDATE', 'DELETE'] }), target(pods))).toBe(false);
  });

  it('matches a subresource only when the resource entry names it', () => {
    expect(ruleMatches(rule({ resources: ['pods'] }), target(pods, { subresource: 'status' }))).toBe(false);
    expect(ruleMatches(rule({ resources: ['pods/status'] }), target(pods, { subresource: 'status' }))).toBe(true);
    expect(ruleMatches(rule({ resources: ['pods/*'] }), target(pods, { subresource: 'status' }))).toBe(true);
    expect(ruleMatches(rule({ resources: ['*/status'] }), target(pods, { subresource: 'status' }))).toBe(true);
    expect(ruleMatches(rule({ resources: ['*'] }), target(pods, { subresource: 'status' }))).toBe(false);
    expect(ruleMatches(rule({ resources: ['*/*'] }), target(pods))).toBe(true);
  });

  it('counts namespaces as cluster-scoped, though their requests carry a namespace', () => {
    expect(ruleMatches(rule({ scope: 'Namespaced' }), target(pods))).toBe(true);
    expect(ruleMatches(rule({ scope: 'Cluster' }), target(pods))).toBe(false);
    expect(ruleMatches(rule({ scope: 'Cluster' }), target(namespaces, { operation: 'UPDATE', namespace: 'team' }))).toBe(true);
    expect(ruleMatches(rule({ scope: 'Namespaced' }), target(namespaces, { operation: 'UPDATE', namespace: 'team' }))).toBe(false);
  });
});

describe('matchPolicy', () => {
  const [equivalent, exact] = webhooksOf('validating', [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'hpa' },
      webhooks: [
        { name: 'equivalent', rules: [rule({ apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] })] },
        { name: 'exact', matchPolicy: 'Exact', rules: [rule({ apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] })] },
      ],
    } as never,
  ]);
  const equivalents = () => [hpaV1, hpaV2];

  it('Equivalent (the default) calls the webhook for another version of the same resource, as the version it names', () => {
    expect(matchRules(equivalent!, target(hpaV2), equivalents)?.info).toBe(hpaV1);
    expect(matchRules(equivalent!, target(hpaV1), equivalents)?.info).toBe(hpaV1);
  });

  it('Exact does not', () => {
    expect(matchRules(exact!, target(hpaV2), equivalents)).toBeUndefined();
  });
});

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
