import type { KubeObject } from '@dojo/kube-api';
import { describe, expect, it } from 'vitest';
import { validatingAdmissionPolicyStrategy, validatingWebhookConfigurationStrategy } from './admission-strategies.ts';

const configuration = (name: string, rules: unknown[]): KubeObject => ({
  apiVersion: 'admissionregistration.k8s.io/v1',
  kind: 'ValidatingWebhookConfiguration',
  metadata: { name },
  webhooks: [{ name: 'a.example.com', rules }],
});
const rule = (apiGroups: string[], resources: string[]) => ({ operations: ['CREATE'], apiGroups, apiVersions: ['v1'], resources });

describe('warnings on admission configuration writes', () => {
  it('warns of a rule naming a resource webhooks never see, as kube-apiserver 1.37 does', () => {
    const obj = configuration('w', [rule(['authorization.k8s.io'], ['subjectaccessreviews', 'pods']), rule(['*'], ['tokenreviews'])]);
    expect(validatingWebhookConfigurationStrategy.warningsOnCreate!(obj)).toEqual([
      'webhooks[0].rules[0]: subjectaccessreviews.authorization.k8s.io is excluded from admission webhooks; this rule will have no effect',
    ]);
  });

  it('warns on update of a name kept for manifests, which a create refuses', () => {
    const obj = configuration('x.static.k8s.io', []);
    expect(validatingWebhookConfigurationStrategy.validate(obj).map((e) => e.field)).toContain('metadata.name');
    expect(validatingWebhookConfigurationStrategy.warningsOnUpdate!(obj, obj)).toEqual([
      'metadata.name: names ending with ".static.k8s.io" are reserved for static manifest-based configurations and cannot be managed via the API',
    ]);
    expect(validatingAdmissionPolicyStrategy.warningsOnUpdate!(obj, obj)).toHaveLength(1);
  });
});
