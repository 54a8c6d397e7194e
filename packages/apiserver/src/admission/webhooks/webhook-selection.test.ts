import { describe, expect, it } from 'vitest';
import { builtinResources } from '../../registry/builtin/builtin-resources.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import { ResourceRegistry } from '../../registry/resource-registry.ts';
import { admissionAttributes, admissionTarget } from '../store-admission.ts';
import { equivalentResourcesIn } from '../matching/equivalent-resources.ts';
import { webhooksOf } from './webhook-configurations.ts';
import { selectWebhook, webhookRulesMatch } from './webhook-selection.ts';

const info = (group: string, version: string, resource: string): ResourceInfo =>
  builtinResources.find((i) => i.group === group && i.version === version && i.resource === resource)!;
const hpaV1 = info('autoscaling', 'v1', 'horizontalpodautoscalers');
const hpaV2 = info('autoscaling', 'v2', 'horizontalpodautoscalers');
const target = (resource: ResourceInfo) => admissionTarget(resource, '', 'CREATE', 'default');
const rule = { operations: ['*'], apiGroups: ['autoscaling'], apiVersions: ['v1'], resources: ['horizontalpodautoscalers'] };

describe('matchPolicy', () => {
  const [equivalent, exact] = webhooksOf('validating', [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: 'hpa' },
      webhooks: [
        { name: 'equivalent', rules: [rule] },
        { name: 'exact', matchPolicy: 'Exact', rules: [rule] },
      ],
    } as never,
  ]);
  const registry = new ResourceRegistry();
  registry.add(...builtinResources);
  const equivalents = equivalentResourcesIn(registry);

  it('Equivalent (the default) calls the webhook for another version of the same resource, as the version it names', () => {
    expect(webhookRulesMatch(equivalent!, target(hpaV2), equivalents)).toBe(hpaV1);
    expect(webhookRulesMatch(equivalent!, target(hpaV1), equivalents)).toBe(hpaV1);
  });

  it('Exact does not', () => {
    expect(webhookRulesMatch(exact!, target(hpaV2), equivalents)).toBeUndefined();
  });
});

describe('matchConditions', () => {
  const configmaps = info('', 'v1', 'configmaps');
  const registry = new ResourceRegistry();
  registry.add(...builtinResources);
  const context = { namespaceLabels: () => ({}), equivalentResources: equivalentResourcesIn(registry) };
  const object = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cm', namespace: 'default' }, data: { a: 'b' } };
  const user = { name: 'alice', groups: ['system:authenticated'] };
  const attributes = admissionAttributes(admissionTarget(configmaps, '', 'CREATE', 'default'), 'cm', object, undefined, {
    dryRun: false,
    fieldValidation: 'Strict',
    user,
  });
  const webhookWith = (failurePolicy: string, expression: string) =>
    webhooksOf('validating', [
      {
        apiVersion: 'admissionregistration.k8s.io/v1',
        kind: 'ValidatingWebhookConfiguration',
        metadata: { name: 'conditions' },
        webhooks: [
          {
            name: 'w',
            failurePolicy,
            rules: [{ operations: ['*'], apiGroups: ['*'], apiVersions: ['*'], resources: ['*'] }],
            matchConditions: [{ name: 'c', expression }],
          },
        ],
      } as never,
    ])[0]!;

  it("see the object and kube's request, with the CEL libraries policies have", () => {
    const expression = "object.data.a == 'b' && request.userInfo.username == 'alice' && request.kind.kind == 'ConfigMap' && 'ABC'.lowerAscii() == 'abc'";
    expect(selectWebhook(webhookWith('Fail', expression), attributes, context)).toEqual({ call: true, as: configmaps });
    expect(selectWebhook(webhookWith('Fail', "object.data.a == 'c'"), attributes, context)).toEqual({ call: false });
  });

  it("refuse the request with kube's text when one does not compile under Fail, and skip the webhook under Ignore", () => {
    const refused = selectWebhook(webhookWith('Fail', 'params.x == 1'), attributes, context);
    expect(refused).toMatchObject({ call: false, error: { code: 403 } });
    expect((refused as { error: Error }).error.message).toMatch(/^configmaps "cm" is forbidden: compilation error: compilation failed: /);
    expect(selectWebhook(webhookWith('Ignore', 'params.x == 1'), attributes, context)).toEqual({ call: false });
  });
});
