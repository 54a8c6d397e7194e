/**
 * kubectl 1.33 discovers the embedded server through aggregated discovery, as it does a 1.37
 * kube-apiserver: two requests (/api and /apis) instead of one per group version, revalidated
 * with the ETag from its HTTP cache, and a CRD usable right after it is created.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, versionedKubectls, type KubectlRunner } from './testing/kubectl.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const kubectl133 = versionedKubectls().find((k) => k.version === '1.33');
if (!kubectl133) console.warn('\n*** SKIPPING kubectl aggregated discovery: no kubectl.1.33 beside the file /usr/bin/kubectl resolves to. ***\n');

const aggregatedJson = 'application/json;g=apidiscovery.k8s.io;v=v2;as=APIGroupDiscoveryList';

const kunaiCrd = {
  apiVersion: 'apiextensions.k8s.io/v1',
  kind: 'CustomResourceDefinition',
  metadata: { name: 'kunais.weapons.example.com' },
  spec: {
    group: 'weapons.example.com',
    scope: 'Namespaced',
    names: { plural: 'kunais', singular: 'kunai', kind: 'Kunai', shortNames: ['kn'], categories: ['ninja'] },
    versions: [
      {
        name: 'v1',
        served: true,
        storage: true,
        schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } },
        subresources: { status: {}, scale: { specReplicasPath: '.spec.replicas', statusReplicasPath: '.status.replicas' } },
      },
    ],
  },
};

interface Exchange {
  path: string;
  accept: string;
}

/** The requests and responses in kubectl's -v=8 log: each request's path and Accept header, each response's status and Content-Type. */
function exchangesOf(log: string): { requests: Exchange[]; responses: { status: string; contentType: string | undefined }[] } {
  const requests = [...log.matchAll(/"Request" verb="GET" url="https:\/\/[^/]+([^"?]*)[^"]*" headers=<\n([\s\S]*?)\n >/g)].map((m) => ({
    path: m[1]!,
    accept: /^\s*Accept: (.*)$/m.exec(m[2]!)?.[1] ?? '',
  }));
  const responses = [...log.matchAll(/"Response" status="([^"]+)" headers=<\n([\s\S]*?)\n >/g)].map((m) => ({
    status: m[1]!,
    contentType: /^\s*Content-Type: (.*)$/m.exec(m[2]!)?.[1],
  }));
  return { requests, responses };
}

let server: TestServer;
let kubectl: KubectlRunner;

beforeAll(async () => {
  server = await startTestServer();
  if (kubectl133) kubectl = kubectlRunner(server.kubeconfigPath, kubectl133.path);
});

afterAll(async () => {
  await server?.stop();
});

describe.skipIf(!kubectl133)('kubectl 1.33 and aggregated discovery', () => {
  it('lists api-resources from /api and /apis alone, each answered with the aggregated document', async () => {
    const result = await kubectl.run(['api-resources', '-v=8']);
    expect(result.code).toBe(0);
    const { requests, responses } = exchangesOf(result.stderr);
    expect(requests.map((r) => r.path)).toEqual(['/api', '/apis']);
    for (const { accept } of requests) expect(accept.split(',')[0]).toBe(aggregatedJson);
    expect(responses).toEqual([
      { status: '200 OK', contentType: aggregatedJson },
      { status: '200 OK', contentType: aggregatedJson },
    ]);
    const rows = result.stdout.trim().split('\n');
    expect(rows[0]!.split(/\s+/)).toEqual(['NAME', 'SHORTNAMES', 'APIVERSION', 'NAMESPACED', 'KIND']);
    expect(rows).toContainEqual(expect.stringMatching(/^deployments\s+deploy\s+apps\/v1\s+true\s+Deployment$/));
  });

  it('gets a CRD kind created after its cache was filled: one rediscovery, /api revalidated as 304 by its ETag', async () => {
    expect((await kubectl.run(['api-resources'])).code).toBe(0);
    expect((await server.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', kunaiCrd)).status).toBe(201);

    const since = server.journal!.lastSeq + 1;
    const got = await kubectl.run(['get', 'kunais', '-v=8']);
    expect(got.code).toBe(0);
    expect(got.stderr).toContain('No resources found in default namespace.');
    const { requests, responses } = exchangesOf(got.stderr);
    expect(requests.map((r) => r.path)).toEqual(['/api', '/apis', '/apis/weapons.example.com/v1/namespaces/default/kunais']);
    // kubectl's HTTP cache sent each cached document's ETag: the unchanged /api came back 304
    // (kubectl then logs its cached copy), the /apis that gained the CRD a new document.
    const answers = server
      .journal!.records(since)
      .map((r) => ('path' in r && r.path ? `${r.path} ${r.code}` : undefined))
      .filter(Boolean);
    expect(answers).toEqual(['/api 304', '/apis 200']);
    expect(responses.slice(0, 2)).toEqual([
      { status: '200 OK', contentType: aggregatedJson },
      { status: '200 OK', contentType: aggregatedJson },
    ]);

    const wide = await kubectl.run(['api-resources', '--api-group=weapons.example.com', '-o', 'wide']);
    expect(wide.stdout.trim().split('\n')[1]!.split(/\s+/)).toEqual([
      'kunais',
      'kn',
      'weapons.example.com/v1',
      'true',
      'Kunai',
      'delete,deletecollection,get,list,patch,create,update,watch',
      'ninja',
    ]);
    const scaled = await kubectl.run(
      ['create', '-f', '-'],
      JSON.stringify({ apiVersion: 'weapons.example.com/v1', kind: 'Kunai', metadata: { name: 'k1', namespace: 'default' }, spec: { replicas: 1 } }),
    );
    expect(scaled.stdout.trim()).toBe('kunai.weapons.example.com/k1 created');
    expect((await kubectl.run(['scale', 'kn', 'k1', '--replicas=2'])).stdout.trim()).toBe('kunai.weapons.example.com/k1 scaled');
    expect((await kubectl.run(['get', 'ninja', '-o', 'name'])).stdout.trim()).toBe('kunai.weapons.example.com/k1');
  });

  it('no longer knows a CRD kind once the CRD is deleted', async () => {
    expect((await server.call('DELETE', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/kunais.weapons.example.com')).status).toBe(200);
    for (
      let i = 0;
      i < 100 && (await server.call('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/kunais.weapons.example.com')).status !== 404;
      i++
    ) {
      await new Promise((r) => setTimeout(r, 50));
    }
    // A cache filled before the deletion would still name kunais (kubectl then lists and gets a
    // 404, as against kube-apiserver); a fresh one learns from the documents that it is gone.
    const got = await kubectlRunner(server.kubeconfigPath, kubectl133!.path).run(['get', 'kunais', '-v=8']);
    expect(got.code).toBe(1);
    expect(exchangesOf(got.stderr).requests.map((r) => r.path)).toEqual(['/api', '/apis']);
    expect(got.stderr.trim().split('\n').at(-1)).toBe('error: the server doesn\'t have a resource type "kunais"');
  });
});
