/**
 * The real operators the against-kube benchmark runs, unmodified, each as its own process and
 * built by the same toolchain-cache helpers as the real-operator suite (test/operators): what
 * each one owns, how its objects look, and when one of them counts as reconciled.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { cargoBuild } from '@dojo/toolchains';
import { startExternalProcess, type ExternalProcess } from '@dojo/server/testing';
import { parse, parseAllDocuments } from 'yaml';
import { readFileSync } from 'node:fs';
import { foo, foos, installSampleController, sampleControllerCrd } from '../../../../test/operators/testing/sample-controller.ts';

export interface WatchedObject {
  metadata: { name: string; resourceVersion?: string; generation?: number; ownerReferences?: { kind: string; name: string; controller?: boolean }[] };
  status?: Record<string, unknown>;
}

export interface ExternalOperator {
  /** Its key in externalOperators and the results, and the client name it is connected under on the console. */
  name: string;
  /** The binary, from the toolchain cache (built there on first use). */
  build(): Promise<string>;
  crd(binary: string): unknown;
  /** The collection of the objects it reconciles in `namespace`. */
  primaries(namespace: string): string;
  primary(namespace: string, name: string): unknown;
  /** The collection of the objects it makes, one per primary. */
  children(namespace: string): string;
  /** Its status was written for the spec it read. */
  statusWritten(primary: WatchedObject): boolean;
  /** The kind of primary that controls a child. */
  ownerKind: string;
  start(binary: string, kubeconfig: string, namespace: string): ExternalProcess;
}

const rustCrate = fileURLToPath(new URL('../../../../examples/operators/rust-configmap-generator', import.meta.url));
/** The v0.37 sample-controller: client-go 1.37's informers (streaming lists). */
const sampleControllerVersion = 'v0.37.1';

/** examples/operators/rust-configmap-generator: kube-rs' Controller, one ConfigMap, a status write and an Event per generator. */
const kubeRsConfigMapGenerator: ExternalOperator = {
  name: 'kube-rs',
  build: () => cargoBuild(rustCrate, 'rust-configmap-generator'),
  crd: (binary) => parse(execFileSync(binary, ['--print-crd'], { encoding: 'utf8' })),
  primaries: (namespace) => `/apis/example.dojo.dev/v1/namespaces/${namespace}/configmapgenerators`,
  primary: (namespace, name) => ({ apiVersion: 'example.dojo.dev/v1', kind: 'ConfigMapGenerator', metadata: { name, namespace }, spec: { content: name } }),
  children: (namespace) => `/api/v1/namespaces/${namespace}/configmaps`,
  statusWritten: (g) => g.status?.observedGeneration !== undefined && g.status.observedGeneration === g.metadata.generation,
  ownerKind: 'ConfigMapGenerator',
  start: (binary, kubeconfig, namespace) =>
    startExternalProcess(binary, ['--namespace', namespace], { KUBECONFIG: kubeconfig, RUST_LOG: 'info' }, 'starting controller'),
};

/**
 * k8s.io/sample-controller: a Deployment per Foo, then the Foo's status. No controller makes
 * Pods on kube-apiserver or the bare embedded server; the console's simulated control plane
 * (its default) does, which is its own work: a Foo counts as reconciled once its Deployment
 * exists and its status was written, whatever the Pods do after.
 */
const sampleController: ExternalOperator = {
  name: 'sample-controller',
  build: () => installSampleController(sampleControllerVersion),
  crd: () => parseAllDocuments(readFileSync(sampleControllerCrd(sampleControllerVersion), 'utf8'))[0]!.toJS(),
  primaries: foos,
  primary: (namespace, name) => foo(namespace, name, 1),
  children: (namespace) => `/apis/apps/v1/namespaces/${namespace}/deployments`,
  // Its UpdateStatus always writes availableReplicas (no omitempty), 0 with no Pods.
  statusWritten: (f) => f.status?.availableReplicas !== undefined,
  ownerKind: 'Foo',
  start: (binary, kubeconfig) => startExternalProcess(binary, ['-kubeconfig', kubeconfig], {}, 'Starting workers'),
};

export const externalOperators: Record<string, ExternalOperator> = Object.fromEntries([kubeRsConfigMapGenerator, sampleController].map((o) => [o.name, o]));
