/**
 * Reads an example's CRD from the YAML file beside its code, the same file `kubectl apply -f`
 * takes. The examples' CRDs live outside crds/ so that operatorCrds() does not install them:
 * the server installs an example's CRD only when that example is selected.
 */
import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import type { KubeObject } from '@dojo/kube-api';

export function readCrdFile(url: URL): KubeObject {
  const crd = parseDocument(readFileSync(url, 'utf8')).toJS() as KubeObject;
  if (crd?.kind !== 'CustomResourceDefinition') throw new Error(`${url.pathname} is not a CustomResourceDefinition`);
  return crd;
}
