/**
 * Makes sure the operator's CRDs are served: installs (create, or update to the shipped
 * version) when asked, otherwise verifies and names what is missing. Waits for Established.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { KubeTransport } from '@dojo/runtime';

const crdPath = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

/** The cluster's own words for a refusal (a Status message names the verb and resource). */
function reasonOf(body: unknown, code: number): string {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : `HTTP ${code}`;
}

export async function ensureCrds(transport: KubeTransport, crds: readonly KubeObject[], install: boolean, timeoutMs = 30_000): Promise<void> {
  const missing: string[] = [];
  for (const crd of crds) {
    const name = crd.metadata.name!;
    const current = await transport.request({ method: 'GET', path: `${crdPath}/${name}` });
    if (current.code === 404) {
      if (!install) {
        missing.push(name);
        continue;
      }
      const created = await transport.request({
        method: 'POST',
        path: `${crdPath}?fieldManager=dojo-console`,
        body: JSON.stringify(crd),
        contentType: 'application/json',
      });
      // 409: another replica starting beside this one (--leader-elect) installed it first.
      if (created.code >= 300 && created.code !== 409) throw new Error(`installing CRD ${name}: ${reasonOf(created.body, created.code)}`);
    } else if (current.code === 200) {
      if (install) {
        const patched = await transport.request({
          method: 'PATCH',
          path: `${crdPath}/${name}?fieldManager=dojo-console&force=true`,
          body: JSON.stringify(crd),
          contentType: 'application/apply-patch+yaml',
        });
        if (patched.code >= 300) throw new Error(`updating CRD ${name}: ${reasonOf(patched.body, patched.code)}`);
      }
    } else {
      throw new Error(`reading CRD ${name}: ${reasonOf(current.body, current.code)}`);
    }
  }
  if (missing.length) throw new Error(`the cluster does not serve ${missing.join(', ')}; run with --install-crds or kubectl apply -f packages/operator/crds/`);
  const deadline = Date.now() + timeoutMs;
  for (const crd of crds) {
    for (;;) {
      const res = await transport.request({ method: 'GET', path: `${crdPath}/${crd.metadata.name!}` });
      const conditions = (res.body as { status?: { conditions?: { type: string; status: string }[] } }).status?.conditions ?? [];
      if (conditions.some((c) => c.type === 'Established' && c.status === 'True')) break;
      if (Date.now() > deadline) throw new Error(`CRD ${crd.metadata.name!} did not become Established`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
