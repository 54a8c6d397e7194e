/** kubectl 1.33 against both servers: apply, get in its output formats, errors, server-side apply. */
import { kubectl, type Step } from './differential.ts';
import { ns } from './core-crud.steps.ts';

const manifest = `apiVersion: v1
kind: ConfigMap
metadata:
  name: kc-a
  namespace: ${ns}
  labels:
    app: kubectl
data:
  one: "1"
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: kc-web
  namespace: ${ns}
spec:
  replicas: 1
  selector:
    matchLabels: {app: kc-web}
  template:
    metadata:
      labels: {app: kc-web}
    spec:
      containers:
      - name: web
        image: nginx:1.27
`;

const conflicting = `apiVersion: v1
kind: ConfigMap
metadata:
  name: kc-a
  namespace: ${ns}
data:
  one: "changed"
`;

export const kubectlSteps: Step[] = [
  kubectl('kubectl apply -f (client-side) creates', { args: ['apply', '-f', '-'], stdin: manifest }),
  kubectl('kubectl apply -f again is unchanged', { args: ['apply', '-f', '-'], stdin: manifest }),
  kubectl('kubectl get configmap -o json', { args: ['get', 'configmap', 'kc-a', '-n', ns, '-o', 'json'], output: 'json' }),
  kubectl('kubectl get configmaps (table)', { args: ['get', 'configmaps', '-n', ns, '-l', 'app=kubectl'] }),
  kubectl('kubectl get deployment -o wide', { args: ['get', 'deployment', 'kc-web', '-n', ns, '-o', 'wide'] }),
  kubectl('kubectl get a missing object', { args: ['get', 'configmap', 'nope', '-n', ns] }),
  kubectl('kubectl get an unknown resource type', { args: ['get', 'gizmos', '-n', ns] }),
  kubectl('kubectl create --dry-run=server -o yaml', {
    args: ['create', 'configmap', 'kc-dry', '-n', ns, '--from-literal=a=b', '--dry-run=server', '-o', 'yaml'],
  }),
  kubectl('kubectl apply --server-side takes ownership from kubectl-client-side-apply: conflict', {
    args: ['apply', '--server-side', '--field-manager=other', '-f', '-'],
    stdin: conflicting,
  }),
  kubectl('kubectl apply --server-side --force-conflicts', {
    args: ['apply', '--server-side', '--field-manager=other', '--force-conflicts', '-f', '-'],
    stdin: conflicting,
  }),
  kubectl('kubectl get widgets (CRD printer columns)', { args: ['get', 'widgets', '-n', ns] }),
  kubectl('kubectl create an invalid object', {
    args: ['create', '-f', '-'],
    stdin: `apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: Invalid_Name\n  namespace: ${ns}\n`,
  }),
  kubectl('kubectl scale deployment', { args: ['scale', 'deployment', 'kc-web', '-n', ns, '--replicas=2'] }),
  kubectl('kubectl delete -f', { args: ['delete', '-f', '-'], stdin: manifest }),
];
