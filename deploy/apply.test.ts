/**
 * `kubectl apply` of the rendered base against the embedded API server, started alone as a
 * child process (as if it were a remote cluster). A server-side dry run creates nothing, not
 * even the Namespace the other objects go into, so the dry run comes in two passes.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import type { KubeObject } from '@dojo/kube-api';
import { startTestApiServer, type TestApiServer } from '@dojo/envtest';
import { kubectl, parseObjects, renderBase } from './testing/rendered-base.ts';

const clusterScopedKinds = new Set(['Namespace', 'CustomResourceDefinition', 'ClusterRole', 'ClusterRoleBinding']);

let server: TestApiServer;
let objects: KubeObject[];
let all: string;
let clusterScoped: string;

/** What `kubectl -o name` prints for an object: "deployment.apps/dojo-console". */
const nameOf = (o: KubeObject): string => {
  const group = o.apiVersion?.includes('/') ? `.${o.apiVersion.split('/')[0]}` : '';
  return `${o.kind!.toLowerCase()}${group}/${o.metadata.name}`;
};
const names = (stdout: string): string[] => stdout.trim().split('\n').filter(Boolean).sort();
const run = (args: string[]) => kubectl(args, server.kubeconfigPath);

function manifestFile(dir: string, name: string, list: readonly KubeObject[]): string {
  const path = join(dir, name);
  writeFileSync(path, list.map((o) => stringify(o)).join('---\n'));
  return path;
}

beforeAll(async () => {
  server = await startTestApiServer();
  ({ objects } = await renderBase());
  const dir = mkdtempSync(join(tmpdir(), 'deploy-apply-'));
  all = manifestFile(dir, 'all.yaml', objects);
  clusterScoped = manifestFile(
    dir,
    'cluster-scoped.yaml',
    objects.filter((o) => clusterScopedKinds.has(o.kind!)),
  );
});

afterAll(async () => {
  await server?.stop();
});

describe('kubectl apply of deploy/ against the embedded API server', () => {
  it('accepts the cluster-scoped objects (Namespace, CRDs, ClusterRoles, bindings) in a server-side dry run, and stores none', async () => {
    const { stdout } = await run(['apply', '--dry-run=server', '-o', 'name', '-f', clusterScoped]);
    expect(names(stdout)).toEqual(
      objects
        .filter((o) => clusterScopedKinds.has(o.kind!))
        .map(nameOf)
        .sort(),
    );
    await expect(run(['get', 'namespace', 'dojo-console'])).rejects.toThrow(/NotFound/);
  });

  it('accepts every object in a server-side dry run once the namespace exists', async () => {
    await run(['create', 'namespace', 'dojo-console']);
    const { stdout } = await run(['apply', '--dry-run=server', '-o', 'name', '-f', all]);
    expect(names(stdout)).toEqual(objects.map(nameOf).sort());
    await expect(run(['-n', 'dojo-console', 'get', 'deployment', 'dojo-console'])).rejects.toThrow(/NotFound/);
  });

  it('applies for real with server-side apply; the CRDs become Established and a second apply changes nothing', async () => {
    const first = await run(['apply', '--server-side', '-f', all]);
    expect(first.stdout.trim().split('\n')).toHaveLength(objects.length);
    const crds = objects.filter((o) => o.kind === 'CustomResourceDefinition').map((o) => `crd/${o.metadata.name}`);
    await run(['wait', '--for=condition=Established', '--timeout=30s', ...crds]);

    // What a second apply must leave alone: everything but the bookkeeping of the write itself.
    const stored = async (): Promise<Record<string, unknown>> => {
      const { stdout } = await run(['get', '-f', all, '-o', 'yaml']);
      const list = parseObjects(stdout)[0] as unknown as { items: KubeObject[] };
      return Object.fromEntries(
        list.items.map((o) => {
          const { resourceVersion: _rv, managedFields: _mf, ...metadata } = o.metadata;
          return [nameOf(o), { ...o, metadata }];
        }),
      );
    };
    const before = await stored();
    await run(['apply', '--server-side', '-f', all]);
    expect(await stored()).toEqual(before);

    const { stdout } = await run(['-n', 'dojo-console', 'get', 'deployment', 'dojo-console', '-o', 'yaml']);
    const deployment = parseObjects(stdout)[0] as any;
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.template.spec.containers[0].securityContext).toMatchObject({ readOnlyRootFilesystem: true, runAsUser: 10001 });
  });
});
