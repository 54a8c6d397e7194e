import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import type { KubeObject } from '@dojo/kube-api';
import { crdDirectory, operatorCrds } from '@dojo/operator';
import { CliUsageError, parseCli } from '@dojo/server';
import { deployDir, kubectl, objectId, parseObjects, renderBase, repoRoot } from './testing/rendered-base.ts';

/** Flags the Deployment passes that the CLI does not have yet (deploy/README.md asks for them). */
const pendingFlags: string[] = [];

let objects: KubeObject[];
const one = (kind: string, name: string): any => {
  const found = objects.find((o) => o.kind === kind && o.metadata.name === name);
  if (!found) throw new Error(`no ${kind} ${name} in the rendered base`);
  return found;
};
const container = (): any => one('Deployment', 'dojo-console').spec.template.spec.containers[0];
const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

beforeAll(async () => {
  ({ objects } = await renderBase());
});

describe('the kustomize base (kubectl kustomize deploy/, kubectl apply -k deploy/)', () => {
  it("renders the namespace, identity, roles, workload, service and the operator's CRDs, and nothing else", () => {
    const crds = operatorCrds().map((crd) => `CustomResourceDefinition/${crd.metadata.name}`);
    expect(objects.map(objectId).sort()).toEqual(
      [
        'Namespace/dojo-console',
        'ServiceAccount/dojo-console/dojo-console',
        'ClusterRole/dojo-console-operator',
        'ClusterRole/dojo-console-ui',
        'ClusterRoleBinding/dojo-console-operator',
        'ClusterRoleBinding/dojo-console-ui',
        'Role/dojo-console/dojo-console-leader-election',
        'RoleBinding/dojo-console/dojo-console-leader-election',
        'Deployment/dojo-console/dojo-console',
        'Service/dojo-console/dojo-console',
        ...crds,
      ].sort(),
    );
  });

  it("renders with plain kubectl kustomize, taking the CRDs as the operator directory's own base", async () => {
    const { stdout } = await kubectl(['kustomize', deployDir]);
    expect(parseObjects(stdout).filter((o) => o.kind === 'CustomResourceDefinition')).toHaveLength(operatorCrds().length);
  });

  it('takes every CRD unchanged from the files the operator ships', () => {
    const rendered = objects.filter((o) => o.kind === 'CustomResourceDefinition');
    expect(rendered).toEqual(operatorCrds());
  });

  it("lists each CRD file of packages/operator/crds/ in that directory's Kustomization, so a new CRD cannot be left out", () => {
    const deployKustomization = parse(readFileSync(join(deployDir, 'kustomization.yaml'), 'utf8')) as { resources: string[] };
    expect(deployKustomization.resources).toContain('../packages/operator/crds');
    const kustomization = parse(readFileSync(join(crdDirectory, 'Kustomization'), 'utf8')) as { resources: string[] };
    const listed = kustomization.resources;
    const shipped = readdirSync(crdDirectory).filter(
      (f) => f.endsWith('.yaml') && readFileSync(join(crdDirectory, f), 'utf8').includes('kind: CustomResourceDefinition'),
    );
    expect(listed.sort()).toEqual(shipped.sort());
  });

  it('keeps no copy of a CRD under deploy/', () => {
    const copies = readdirSync(deployDir, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.ya?ml$/.test(f))
      .filter((f) =>
        parseAllDocuments(readFileSync(join(deployDir, f), 'utf8')).some((d) => (d.toJS() as KubeObject | null)?.kind === 'CustomResourceDefinition'),
      );
    expect(copies).toEqual([]);
  });

  it('enforces the restricted Pod Security Standard on its namespace', () => {
    expect(one('Namespace', 'dojo-console').metadata.labels).toMatchObject({ 'pod-security.kubernetes.io/enforce': 'restricted' });
  });
});

describe('the console Deployment', () => {
  it("runs two replicas of the pinned image as the base's ServiceAccount", () => {
    const deployment = one('Deployment', 'dojo-console');
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.template.spec.serviceAccountName).toBe(one('ServiceAccount', 'dojo-console').metadata.name);
    expect(deployment.spec.template.metadata.labels).toMatchObject(deployment.spec.selector.matchLabels);
    expect(container().image).toBe(`dojo-console:${version}`);
  });

  it('campaigns for the Lease in its own namespace, so that one replica reconciles and both serve the UI', () => {
    const { args, env } = container();
    expect(args).toContain('--leader-elect');
    expect(env).toContainEqual({ name: 'POD_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } });
    expect(args.join(' ')).toContain('--host 0.0.0.0');
    // Inside the emptyDir (0777, root's): a directory the console creates 0700 itself.
    expect(args.join(' ')).toContain('--data-dir /data/console');
  });

  it('passes only flags the dojo-console CLI knows, except the ones still pending', () => {
    const { args } = container();
    const command = parseCli(
      args.filter((a: string) => !pendingFlags.includes(a)),
      { POD_NAMESPACE: 'dojo-console' },
    );
    expect(command).toMatchObject({
      name: 'up',
      options: { host: '0.0.0.0', port: 8080, dataDir: '/data/console', inCluster: true, leaderElect: true, leaderElectionNamespace: 'dojo-console' },
    });
    // When the CLI learns one of these, take it off pendingFlags.
    for (const flag of pendingFlags) expect(() => parseCli(['up', flag]), `${flag} is a CLI flag now`).toThrow(CliUsageError);
  });

  it('probes /readyz for readiness and /healthz for liveness and startup, on the port the Service targets', () => {
    const c = container();
    expect(c.ports).toContainEqual({ name: 'http', containerPort: 8080, protocol: 'TCP' });
    expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
    expect(c.livenessProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
    expect(c.startupProbe.httpGet).toEqual({ path: '/healthz', port: 'http' });
  });

  it('requests and limits CPU and memory', () => {
    const { resources } = container();
    expect(Object.keys(resources.requests).sort()).toEqual(['cpu', 'memory']);
    expect(Object.keys(resources.limits).sort()).toEqual(['cpu', 'memory']);
  });

  it('runs as uid 10001 on a read-only root, without privilege escalation or capabilities, under RuntimeDefault seccomp', () => {
    const pod = one('Deployment', 'dojo-console').spec.template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, seccompProfile: { type: 'RuntimeDefault' } });
    expect(container().securityContext).toEqual({
      runAsNonRoot: true,
      runAsUser: 10001,
      runAsGroup: 10001,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    });
  });

  it('writes only to emptyDir volumes at /data and /tmp', () => {
    const pod = one('Deployment', 'dojo-console').spec.template.spec;
    const mounts = Object.fromEntries(container().volumeMounts.map((m: { name: string; mountPath: string }) => [m.mountPath, m.name]));
    expect(Object.keys(mounts).sort()).toEqual(['/data', '/tmp']);
    for (const name of Object.values(mounts)) expect(pod.volumes.find((v: { name: string }) => v.name === name)).toHaveProperty('emptyDir');
  });
});

describe('the console Service', () => {
  it("is a ClusterIP on port 8080 that selects the Deployment's Pods", () => {
    const service = one('Service', 'dojo-console');
    expect(service.spec.type).toBe('ClusterIP');
    expect(service.spec.ports).toEqual([{ name: 'http', port: 8080, targetPort: 'http', protocol: 'TCP' }]);
    expect(one('Deployment', 'dojo-console').spec.template.metadata.labels).toMatchObject(service.spec.selector);
  });
});
