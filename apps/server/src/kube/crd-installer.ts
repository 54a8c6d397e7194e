/**
 * Makes sure the operator's CRDs are served: installs (create, or update to the shipped
 * version) when asked, otherwise verifies and names what is missing. Waits for Established.
 */
import type { KubeObject } from '@dojo/kube-api';
import type { KubeTransport } from '@dojo/runtime';

const crdPath = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';

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
      const created = await transport.request({ method: 'POST', path: `${crdPath}?fieldManager=dojo-console`, body: JSON.stringify(crd), contentType: 'application/json' });
      if (created.code >= 300) throw new Error(`installing CRD ${name}: ${JSON.stringify(created.body)}`);
    } else if (current.code === 200) {
      if (install) {
        const patched = await transport.request({ method: 'PATCH', path: `${crdPath}/${name}?fieldManager=dojo-console&force=true`, body: JSON.stringify(crd), contentType: 'application/apply-patch+yaml' });
        if (patched.code >= 300) throw new Error(`updating CRD ${name}: ${JSON.stringify(patched.body)}`);
      }
    } else {
      throw new Error(`reading CRD ${name}: HTTP ${current.code} ${JSON.stringify(current.body)}`);
    }
  }
  if (missing.length) throw new Error(`the cluster does not serve ${missing.join(', ')}; run with --install-crds or kubectl apply -f packages/operator/crds/`);
  const deadline = Date.now() + timeoutMs;
  for (const crd of crds) {
    for (;;) {
      const res = await transport.request({ method: 'GET', path: `${crdPath}/${crd.metadata.name!}` });
      const conditions = ((res.body as { status?: { conditions?: { type: string; status: string }[] } }).status?.conditions ?? []);
      if (conditions.some((c) => c.type === 'Established' && c.status === 'True')) break;
      if (Date.now() > deadline) throw new Error(`CRD ${crd.metadata.name!} did not become Established`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
