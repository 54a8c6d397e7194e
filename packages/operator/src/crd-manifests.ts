/** The operator's CRDs, read from the YAML manifests it ships (crds/), the same files `kubectl apply -f` takes. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import type { KubeObject } from '@dojo/kube-api';

export const crdDirectory = fileURLToPath(new URL('../crds', import.meta.url));

export function operatorCrds(): KubeObject[] {
  return readdirSync(crdDirectory)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .flatMap((f) => parseAllDocuments(readFileSync(`${crdDirectory}/${f}`, 'utf8')).map((d) => d.toJS() as KubeObject))
    .filter((o) => o?.kind === 'CustomResourceDefinition');
}
