import { describe, expect, it } from 'vitest';
import { builtinResources } from '../../registry/builtin/builtin-resources.ts';
import type { ResourceInfo } from '../../registry/resource-info.ts';
import { ResourceRegistry } from '../../registry/resource-registry.ts';
import { admissionTarget } from '../store-admission.ts';
import { equivalentResourcesIn } from '../matching/equivalent-resources.ts';
import { webhooksOf } from './webhook-configurations.ts';
import { webhookRulesMatch } from './webhook-selection.ts';

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
