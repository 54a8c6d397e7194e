/**
 * The Deployment that runs a Dojo's app: `spec.replicas` replicas of `spec.image` (or the
 * default image), DATABASE_* env from the credentials Secret recorded in status, pods labelled
 * so that the Dojo's scale subresource can select them.
 */
import { deepCopy, jsonEqual, validateLabelValue } from '@dojo/kube-api';
import type { Dojo, SecretReference } from '../api/dojo.ts';
import { controllerReference, type Container, type Deployment } from '../api/workloads.ts';

export const appContainerName = 'dojo';

const nameLabel = 'app.kubernetes.io/name';
const instanceLabel = 'app.kubernetes.io/instance';

/** The labels that select a Dojo's pods (a Deployment selector is immutable: never change these). */
export function selectorLabelsFor(dojo: Dojo): Record<string, string> {
  return { [nameLabel]: 'dojo', [instanceLabel]: dojo.metadata.name! };
}

/** The metadata of every object a Dojo owns: its name and namespace, its labels, and it as controller. */
export function ownedObjectMeta(dojo: Dojo) {
  return {
    name: dojo.metadata.name!,
    namespace: dojo.metadata.namespace!,
    labels: { ...selectorLabelsFor(dojo), 'app.kubernetes.io/managed-by': 'dojo-operator' },
    ownerReferences: [controllerReference(dojo)],
  };
}

/** Problems with the Dojo's name as the label value everything it owns carries (63 characters at most). */
export function nameLabelProblems(dojo: Dojo): string[] {
  return validateLabelValue(dojo.metadata.name ?? '');
}

/** The Dojo a pod belongs to, read back from its selector labels. */
export function dojoNameFromLabels(labels: Record<string, string> | undefined): string | undefined {
  return labels?.[nameLabel] === 'dojo' ? labels[instanceLabel] : undefined;
}

/**
 * The selector as the scale subresource and an HPA read it, sorted by key as
 * metav1.FormatLabelSelector writes it: "app.kubernetes.io/instance=x,app.kubernetes.io/name=dojo".
 */
export function selectorStringFor(dojo: Dojo): string {
  return Object.entries(selectorLabelsFor(dojo))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
}

export function desiredReplicas(dojo: Dojo): number {
  return dojo.spec.replicas ?? 1;
}

/** The env an app reads its database from: each key of the Secret CloudNativePG wrote (api/cnpg.ts). */
const databaseEnv: readonly [env: string, key: string][] = [
  ['DATABASE_HOST', 'host'],
  ['DATABASE_PORT', 'port'],
  ['DATABASE_NAME', 'dbname'],
  ['DATABASE_USER', 'username'],
  ['DATABASE_PASSWORD', 'password'],
  ['DATABASE_URL', 'uri'],
];

function appContainer(dojo: Dojo, credentials: SecretReference, image: string): Container {
  return {
    name: appContainerName,
    image,
    ports: [{ containerPort: 8080, name: 'http', protocol: 'TCP' }],
    env: [
      { name: 'DOJO_TITLE', value: dojo.spec.title },
      { name: 'DOJO_ACCOUNT_ID', value: dojo.spec.accountId },
      ...databaseEnv.map(([name, key]) => ({ name, valueFrom: { secretKeyRef: { name: credentials.name, key } } })),
    ],
  };
}

export function desiredDeployment(dojo: Dojo, credentials: SecretReference, defaultImage: string): Deployment {
  const selector = selectorLabelsFor(dojo);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: ownedObjectMeta(dojo),
    spec: {
      replicas: desiredReplicas(dojo),
      selector: { matchLabels: selector },
      template: {
        metadata: { labels: selector },
        spec: { containers: [appContainer(dojo, credentials, dojo.spec.image || defaultImage)] },
      },
    },
  };
}

/**
 * The existing Deployment with the fields the Dojo decides set back (replicas, the app
 * container's image and env), or undefined when they match. Everything the API server
 * defaulted, and any other container, stays: comparing whole templates would fight defaulting.
 */
export function updatedDeployment(existing: Deployment, desired: Deployment): Deployment | undefined {
  const want = desired.spec!.template!.spec!.containers![0]!;
  const containers = existing.spec?.template?.spec?.containers ?? [];
  const current = containers.find((c) => c.name === appContainerName);
  const inSync =
    existing.spec?.replicas === desired.spec!.replicas &&
    current !== undefined &&
    current.image === want.image &&
    jsonEqual(current.env ?? [], want.env) &&
    (current.envFrom ?? []).length === 0;
  if (inSync) return undefined;
  const updated = deepCopy(existing);
  const spec = (updated.spec ??= {});
  spec.replicas = desired.spec!.replicas;
  const template = (spec.template ??= {});
  const podSpec = (template.spec ??= {});
  podSpec.containers = current
    ? containers.map((c) => (c.name === appContainerName ? { ...withoutEnvFrom(c), image: want.image, env: want.env } : c))
    : [want, ...containers];
  return updated;
}

function withoutEnvFrom(container: Container): Container {
  const { envFrom: _envFrom, ...rest } = container;
  return rest;
}
