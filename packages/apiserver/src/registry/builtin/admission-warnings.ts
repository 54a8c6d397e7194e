/**
 * The warnings kube-apiserver 1.37 answers admission configuration writes with
 * (pkg/apis/admissionregistration/validation/warnings.go and static_suffix.go): a webhook rule
 * that names a resource admission webhooks never see (ExcludeAdmissionWebhookVirtualResources,
 * beta and on in 1.37), and an update of an object whose name is kept for manifest-based
 * configuration (on create such a name is refused instead, ManifestBasedAdmissionControlConfig).
 */
import type { KubeObject } from '@dojo/kube-api';
import { objects, strings } from './admission-rules-validation.ts';

export const staticConfigSuffix = '.static.k8s.io';
/** ValidateStaticSuffix's and WarningsForStaticSuffix's text. */
export const staticNameReserved = `names ending with "${staticConfigSuffix}" are reserved for static manifest-based configurations and cannot be managed via the API`;

/**
 * exclusion.Excluded(): the virtual resources kube never sends to admission webhooks, as
 * schema.GroupResource.String() prints them.
 */
const excludedFromWebhooks = [
  ['authentication.k8s.io', 'selfsubjectreviews'],
  ['authentication.k8s.io', 'tokenreviews'],
  ['authorization.k8s.io', 'localsubjectaccessreviews'],
  ['authorization.k8s.io', 'selfsubjectaccessreviews'],
  ['authorization.k8s.io', 'selfsubjectrulesreviews'],
  ['authorization.k8s.io', 'subjectaccessreviews'],
] as const;

/** WarningsForStaticSuffix. */
export function staticSuffixWarnings(obj: KubeObject): string[] {
  const name = obj.metadata.name ?? '';
  if (!name.endsWith(staticConfigSuffix)) return [];
  return [`metadata.name: ${staticNameReserved}`];
}

/** WarningsFor{Validating,Mutating}WebhookRules: each excluded resource a rule names, once per rule; wildcards name none. */
export function excludedRuleWarnings(obj: KubeObject): string[] {
  const warnings: string[] = [];
  objects(obj.webhooks).forEach((hook, i) => {
    objects(hook.rules).forEach((rule, j) => {
      const groups = strings(rule.apiGroups);
      const resources = strings(rule.resources);
      if (groups.includes('*') || resources.includes('*')) return;
      const seen = new Set<string>();
      for (const group of groups) {
        for (const resource of resources) {
          const excluded = excludedFromWebhooks.some(([g, r]) => g === group && r === resource);
          const name = `${resource}.${group}`;
          if (!excluded || seen.has(name)) continue;
          seen.add(name);
          warnings.push(`webhooks[${i}].rules[${j}]: ${name} is excluded from admission webhooks; this rule will have no effect`);
        }
      }
    });
  });
  return warnings;
}
