/** k8s.io/sample-controller, upstream and unmodified: installed with `go install` at a version, and its example CRD. */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goInstall, toolchainCacheDir } from '@dojo/toolchains';

/**
 * `go install k8s.io/sample-controller@version`. The module proxy this project's machine uses
 * refuses `k8s.io/sample-controller/@v/list` (403), which `go install` reads to look for a
 * deprecation notice; a local proxy in front answers that one question with the pinned version
 * and passes everything else through (GOPROXY's `|`: on to the next on any error).
 */
export async function installSampleController(version: string): Promise<string> {
  const pins = toolchainCacheDir('go', 'goproxy-pins', `sample-controller-${version}`);
  mkdirSync(join(pins, 'k8s.io/sample-controller/@v'), { recursive: true });
  writeFileSync(join(pins, 'k8s.io/sample-controller/@v/list'), `${version}\n`);
  return goInstall('k8s.io/sample-controller', version, { env: { GOPROXY: `file://${pins}|https://proxy.golang.org` } });
}

/** The module's own example CRD, from the module cache `go install` filled. */
export function sampleControllerCrd(version: string): string {
  const modcache = execFileSync('go', ['env', 'GOMODCACHE'], { encoding: 'utf8' }).trim();
  // crd-status-subresource.yaml: crd.yaml serves no /status, so the controller's UpdateStatus would 404 forever.
  return join(modcache, `k8s.io/sample-controller@${version}`, 'artifacts/examples/crd-status-subresource.yaml');
}

export const foo = (namespace: string, name: string, replicas: number) => ({
  apiVersion: 'samplecontroller.k8s.io/v1alpha1',
  kind: 'Foo',
  metadata: { name, namespace },
  spec: { deploymentName: name, replicas },
});

export const foos = (namespace: string) => `/apis/samplecontroller.k8s.io/v1alpha1/namespaces/${namespace}/foos`;
