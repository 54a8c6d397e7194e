/**
 * What an Application owns: a Deployment running `spec.replicas` copies of `spec.image` with
 * `spec.port` as its container port, and a Service sending `spec.port` to the same targetPort.
 *
 * The `updated*` functions compare only the fields the Application decides and return the
 * existing object with those set back (or undefined when they match): everything else,
 * including what the API server defaulted, stays, so defaulting is never mistaken for drift.
 */
import { jsonEqual } from '@dojo/kube-api';
import type { KubeObject } from '@dojo/kube-api';
import { controllerReference, type Container, type Deployment } from '../../api/workloads.ts';
import type { Application } from './application.ts';

export const appContainerName = 'app';
const portName = 'http';

export interface ServicePort {
  name?: string;
  port: number;
  targetPort?: number | string;
  protocol?: string;
}

export interface Service extends KubeObject {
  spec?: { selector?: Record<string, string>; ports?: ServicePort[]; [field: string]: unknown };
}

/** The labels selecting an Application's pods; a Deployment selector is immutable, so they never change. */
export function selectorLabelsFor(app: Application): Record<string, string> {
  return { 'app.kubernetes.io/name': 'application', 'app.kubernetes.io/instance': app.metadata.name! };
}

export function desiredReplicas(app: Application): number {
  return app.spec.replicas ?? 1;
}

function ownedMetadata(app: Application): KubeObject['metadata'] {
  return {
    name: app.metadata.name!,
    namespace: app.metadata.namespace!,
    labels: { ...selectorLabelsFor(app), 'app.kubernetes.io/managed-by': 'application-operator' },
    ownerReferences: [controllerReference(app)],
  };
}

function appContainer(app: Application): Container {
  return { name: appContainerName, image: app.spec.image, ports: [{ name: portName, containerPort: app.spec.port, protocol: 'TCP' }] };
}

export function desiredDeployment(app: Application): Deployment {
  const selector = selectorLabelsFor(app);
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: ownedMetadata(app),
    spec: {
      replicas: desiredReplicas(app),
      selector: { matchLabels: selector },
      template: { metadata: { labels: selector }, spec: { containers: [appContainer(app)] } },
    },
  };
}

export function updatedDeployment(existing: Deployment, app: Application): Deployment | undefined {
  const want = appContainer(app);
  const containers = existing.spec?.template?.spec?.containers ?? [];
  const current = containers.find((c) => c.name === appContainerName);
  const ports = current?.ports ?? [];
  const inSync =
    existing.spec?.replicas === desiredReplicas(app) && current?.image === want.image && ports.length === 1 && ports[0]?.containerPort === app.spec.port;
  if (inSync) return undefined;
  const updated = structuredClone(existing);
  const spec = (updated.spec ??= {});
  spec.replicas = desiredReplicas(app);
  const podSpec = ((spec.template ??= {}).spec ??= {});
  podSpec.containers = current
    ? containers.map((c) => (c.name === appContainerName ? { ...c, image: want.image, ports: want.ports } : c))
    : [want, ...containers];
  return updated;
}

function servicePorts(app: Application): ServicePort[] {
  return [{ name: portName, port: app.spec.port, targetPort: app.spec.port, protocol: 'TCP' }];
}

export function desiredService(app: Application): Service {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: ownedMetadata(app),
    spec: { selector: selectorLabelsFor(app), ports: servicePorts(app) },
  };
}

export function updatedService(existing: Service, app: Application): Service | undefined {
  const ports = existing.spec?.ports ?? [];
  const inSync =
    jsonEqual(existing.spec?.selector ?? {}, selectorLabelsFor(app)) &&
    ports.length === 1 &&
    ports[0]?.port === app.spec.port &&
    ports[0].targetPort === app.spec.port;
  if (inSync) return undefined;
  const updated = structuredClone(existing);
  const spec = (updated.spec ??= {});
  spec.selector = selectorLabelsFor(app);
  spec.ports = servicePorts(app);
  return updated;
}
