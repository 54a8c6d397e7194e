/**
 * kubectl 1.33 against the admission configuration kinds: a webhook configuration applied from
 * a file (client-side and server-side), `get` with kube's columns, the api-extensions category,
 * `explain` from kube's OpenAPI, and a refused apply with kube's message. kubectl 1.33 speaks
 * protobuf for built-in kinds, so every read and write here crosses the protobuf tables too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, versionedKubectls, type KubectlRunner } from './testing/kubectl.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const k33path = versionedKubectls().find((k) => k.version === '1.33')?.path;
if (!k33path) console.warn('\n*** SKIPPING kubectl 1.33 admission-kind tests: kubectl.1.33 is not beside /usr/bin/kubectl. ***\n');

let server: TestServer;
let kubectl: KubectlRunner;

beforeAll(async () => {
  server = await startTestServer();
  if (k33path) kubectl = kubectlRunner(server.kubeconfigPath, k33path);
});
afterAll(async () => {
  await server?.stop();
});

const ok = async (args: string[], stdin?: string): Promise<string> => {
  const result = await kubectl.run(args, stdin);
  expect(result.stderr, `kubectl ${args.join(' ')}`).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
};

/** A table's rows without the AGE column, which moves with the clock. */
const withoutAge = (table: string): string[][] =>
  table
    .trim()
    .split('\n')
    .map((line) =>
      line
        .trim()
        .split(/\s{2,}/)
        .slice(0, -1),
    );

const webhookConfiguration = (operations: string) => `apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: pod-policy
webhooks:
- name: vpod.example.com
  sideEffects: None
  admissionReviewVersions: ["v1"]
  clientConfig:
    url: https://127.0.0.1:9443/validate-v1-pod
  rules:
  - operations: [${operations}]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
`;

describe.skipIf(!k33path)('kubectl 1.33 and the admission kinds', () => {
  it('applies a webhook configuration from a file, then changes it', async () => {
    expect(await ok(['apply', '-f', '-'], webhookConfiguration('"CREATE"'))).toBe(
      'validatingwebhookconfiguration.admissionregistration.k8s.io/pod-policy created\n',
    );
    // The same file again is "configured", as against kube-apiserver: a rule list is atomic, and
    // the stored rule has the scope "*" that defaulting added and the file does not say.
    expect(await ok(['apply', '-f', '-'], webhookConfiguration('"CREATE"'))).toBe(
      'validatingwebhookconfiguration.admissionregistration.k8s.io/pod-policy configured\n',
    );
    expect(await ok(['apply', '-f', '-'], webhookConfiguration('"CREATE", "UPDATE"'))).toBe(
      'validatingwebhookconfiguration.admissionregistration.k8s.io/pod-policy configured\n',
    );
    const stored = JSON.parse(await ok(['get', 'validatingwebhookconfiguration', 'pod-policy', '-o', 'json']));
    expect(stored.metadata.generation).toBe(2);
    expect(stored.webhooks[0]).toMatchObject({ rules: [{ operations: ['CREATE', 'UPDATE'], scope: '*' }], failurePolicy: 'Fail', timeoutSeconds: 10 });
  });

  it('applies server-side, owning the webhook by its name', async () => {
    const applied = webhookConfiguration('"DELETE"').replace('pod-policy', 'ssa-policy');
    expect(await ok(['apply', '--server-side', '-f', '-'], applied)).toBe(
      'validatingwebhookconfiguration.admissionregistration.k8s.io/ssa-policy serverside-applied\n',
    );
    const stored = JSON.parse(await ok(['get', 'validatingwebhookconfiguration', 'ssa-policy', '-o', 'json', '--show-managed-fields']));
    const owned = stored.metadata.managedFields.find((f: { manager: string }) => f.manager === 'kubectl').fieldsV1;
    expect(Object.keys(owned['f:webhooks'])).toContain('k:{"name":"vpod.example.com"}');
  });

  it("gets them with kube's columns, by name and by the api-extensions category", async () => {
    expect(withoutAge(await ok(['get', 'validatingwebhookconfigurations']))).toEqual([
      ['NAME', 'WEBHOOKS'],
      ['pod-policy', '1'],
      ['ssa-policy', '1'],
    ]);
    expect(await ok(['get', 'api-extensions', '-o', 'name'])).toBe(
      'validatingwebhookconfiguration.admissionregistration.k8s.io/pod-policy\nvalidatingwebhookconfiguration.admissionregistration.k8s.io/ssa-policy\n',
    );
  });

  it("explains a webhook's fields from kube's OpenAPI", async () => {
    const text = await ok(['explain', 'validatingwebhookconfigurations.webhooks.sideEffects']);
    expect(text).toContain('KIND:       ValidatingWebhookConfiguration');
    expect(text).toContain('FIELD: sideEffects <string>');
    expect(text).toContain('sideEffects states whether this webhook has side effects.');
  });

  it("refuses a webhook without sideEffects with kube's message", async () => {
    const result = await kubectl.run(
      ['apply', '-f', '-'],
      webhookConfiguration('"CREATE"').replace('pod-policy', 'no-side-effects').replace('  sideEffects: None\n', ''),
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'The ValidatingWebhookConfiguration "no-side-effects" is invalid: webhooks[0].sideEffects: Required value: must specify one of None, NoneOnDryRun\n',
    );
  });
});
