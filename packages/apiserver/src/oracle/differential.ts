/**
 * A differential step: one scripted action run against a target (the embedded server or the
 * real kube-apiserver), answering a normalized text. The suite runs every step against both
 * and compares the texts line by line; the steps are data (see the `*.steps.ts` files).
 */
import type { KubectlRunner } from '../testing/kubectl.ts';
import type { CallResult } from '../testing/https-call.ts';
import { createNormalizer, normalizeAges } from './normalize.ts';

export interface Target {
  name: 'embedded' | 'kube-apiserver';
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<CallResult>;
  kubectl: KubectlRunner;
  /** A kubeconfig for the target, for the client libraries (Python, client-go, client-node). */
  kubeconfigPath: string;
}

export interface Step {
  name: string;
  /** What the step did and what it answered, normalized; compared line by line. */
  observe(target: Target): Promise<string>;
  /** For a step slower than the suite's default (one that starts a client's whole scenario). */
  timeoutMs?: number;
}

/** The parts of an HTTP answer a client acts on: status code, Warning headers, body. */
function httpObservation(result: CallResult, generatedPrefixes: string[]): string {
  const normalizer = createNormalizer(generatedPrefixes);
  const warning = result.headers['warning'];
  const body = typeof result.body === 'string' ? normalizer.text(result.body) : normalizer.json(result.body);
  return [`status ${result.status}`, ...(warning ? [`warning: ${normalizer.text(String(warning))}`] : []), body].join('\n');
}

export interface HttpStepSpec {
  method: string;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** generateName prefixes whose random suffix is normalized away. */
  generatedPrefixes?: string[];
}

/** A raw HTTP request, as a client library would send it. */
export function http(name: string, spec: HttpStepSpec): Step {
  return {
    name,
    async observe(target) {
      const result = await target.call(spec.method, spec.path, spec.body, spec.headers);
      return `${spec.method} ${spec.path}\n${httpObservation(result, spec.generatedPrefixes ?? [])}`;
    },
  };
}

export interface KubectlStepSpec {
  args: string[];
  stdin?: string;
  /** `json`: stdout is parsed and normalized as JSON (for `-o json`); `text`: line by line. */
  output?: 'json' | 'text';
  generatedPrefixes?: string[];
}

/** A kubectl 1.33 invocation; exit code, stdout and stderr are all compared. */
export function kubectl(name: string, spec: KubectlStepSpec): Step {
  return {
    name,
    async observe(target) {
      const result = await target.kubectl.run(spec.args, spec.stdin);
      const normalizer = createNormalizer(spec.generatedPrefixes ?? []);
      const stdout = spec.output === 'json' && result.code === 0 ? normalizer.json(JSON.parse(result.stdout)) : normalizeAges(normalizer.text(result.stdout));
      return [`kubectl ${spec.args.join(' ')}`, `exit ${result.code}`, '--- stdout', stdout, '--- stderr', normalizer.text(result.stderr)].join('\n');
    },
  };
}

/** A step in code, for what is not one request (waiting for a condition, reading a watch). */
export function custom(name: string, observe: (target: Target) => Promise<string>): Step {
  return { name, observe };
}

export { httpObservation };
