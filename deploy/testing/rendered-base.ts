/**
 * The kustomize base as kubectl renders it. The CRDs sit outside deploy/ (the operator ships
 * them in packages/operator/crds/), which kustomize only loads when told to.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import type { KubeObject } from '@dojo/kube-api';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const deployDir = join(repoRoot, 'deploy');

const run = promisify(execFile);
let scratchDir: string | undefined;

/** Runs kubectl with a kubeconfig and a discovery cache of its own (never the user's). */
export async function kubectl(args: readonly string[], kubeconfig?: string): Promise<{ stdout: string; stderr: string }> {
  const scratch = (scratchDir ??= mkdtempSync(join(tmpdir(), 'deploy-kubectl-')));
  const config = kubeconfig ?? join(scratch, 'no-cluster.kubeconfig');
  return run('kubectl', ['--kubeconfig', config, '--cache-dir', join(scratch, 'cache'), ...args], {
    cwd: repoRoot,
    env: { ...process.env, KUBECONFIG: config },
    maxBuffer: 32 * 1024 * 1024,
  });
}

export function parseObjects(text: string): KubeObject[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as KubeObject | null)
    .filter((o): o is KubeObject => o !== null);
}

/** `kubectl kustomize deploy/`, as text and as objects. */
export async function renderBase(): Promise<{ text: string; objects: KubeObject[] }> {
  // No flags needed: the CRDs come in as a base (packages/operator/crds/Kustomization).
  const { stdout } = await kubectl(['kustomize', deployDir]);
  return { text: stdout, objects: parseObjects(stdout) };
}

/** "Kind/namespace/name", or "Kind/name" for cluster-scoped objects. */
export const objectId = (o: KubeObject): string => [o.kind, o.metadata.namespace, o.metadata.name].filter(Boolean).join('/');
