/**
 * kubectl 1.33 (protobuf for built-in kinds) as a real client of our protobuf encoding: its
 * typed creates decoded and answered in protobuf must equal kubectl 1.31's JSON ones, every
 * built-in kind survives create and get, and `describe` / `events`, which read through Go's
 * typed clients, decode what we encode down to deep pod fields.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinSamples } from './testing/builtin-samples.ts';
import { kubectlRunner, versionedKubectls, type KubectlRunner } from './testing/kubectl.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const byVersion = new Map(versionedKubectls().map((k) => [k.version, k.path]));
const available = byVersion.has('1.31') && byVersion.has('1.33');
if (!available)
  console.warn('\n*** SKIPPING kubectl 1.33 protobuf tests: kubectl.1.31 and kubectl.1.33 are not beside the file /usr/bin/kubectl resolves to. ***\n');

let server: TestServer;
let k33: KubectlRunner;
let k31: KubectlRunner;

beforeAll(async () => {
  server = await startTestServer();
  if (!available) return;
  k33 = kubectlRunner(server.kubeconfigPath, byVersion.get('1.33'));
  k31 = kubectlRunner(server.kubeconfigPath, byVersion.get('1.31'));
  for (const sample of Object.values(builtinSamples)) {
    const created = await k33.run(['create', '-f', '-'], JSON.stringify(sample));
    expect(created.stderr, `create ${sample.kind}`).toBe('');
  }
});
afterAll(async () => {
  await server?.stop();
});

const ok = async (kubectl: KubectlRunner, args: string[], stdin?: string): Promise<string> => {
  const result = await kubectl.run(args, stdin);
  expect(result.stderr, `kubectl ${args.join(' ')}`).toBe('');
  return result.stdout;
};

/** What differs between two dry-run creates of the same object: identity, time, an allocated IP. */
const identityFree = (json: string) => {
  const obj = JSON.parse(json);
  delete obj.metadata.uid;
  delete obj.metadata.creationTimestamp;
  if (obj.kind === 'Service') {
    delete obj.spec.clusterIP;
    delete obj.spec.clusterIPs;
  }
  return obj;
};

describe.skipIf(!available)('kubectl 1.33 and our protobuf', () => {
  it('sends typed creates as protobuf and gets protobuf back', async () => {
    const verbose = await k33.run(['create', 'configmap', 'wire-check', '--from-literal=a=b', '--dry-run=server', '-v=8']);
    expect(verbose.stdout.trim()).toBe('configmap/wire-check created (server dry run)');
    const exchange = verbose.stderr.slice(verbose.stderr.indexOf('verb="POST"'));
    expect(exchange).toMatch(
      /verb="POST"[\s\S]*Content-Type: application\/vnd\.kubernetes\.protobuf[\s\S]*"Response" status="201 Created"[\s\S]*Content-Type: application\/vnd\.kubernetes\.protobuf/,
    );
  });

  it.each([
    ['configmap', 'cm-x', '--from-literal=color=blue', '--from-literal=size=3'],
    ['secret', 'generic', 'secret-x', '--from-literal=password=s3cret', '--type=Opaque'],
    ['deployment', 'deploy-x', '--image=example.com/web:1', '--replicas=3', '--port=8080'],
    ['namespace', 'ns-x'],
    ['serviceaccount', 'sa-x'],
    ['service', 'nodeport', 'svc-x', '--tcp=80:8080', '--node-port=30090'],
    ['role', 'role-x', '--verb=get,list', '--resource=pods,configmaps', '--resource-name=a'],
    ['clusterrole', 'clusterrole-x', '--verb=get', '--non-resource-url=/healthz'],
    ['rolebinding', 'rb-x', '--role=role-x', '--user=jane', '--serviceaccount=samples:sample'],
    ['clusterrolebinding', 'crb-x', '--clusterrole=clusterrole-x', '--group=readers'],
  ])('creates a %s in protobuf exactly as kubectl 1.31 does in JSON', async (...command) => {
    const args = ['create', ...command, '-n', 'samples', '--dry-run=server', '-o', 'json'];
    expect(identityFree(await ok(k33, args))).toEqual(identityFree(await ok(k31, args)));
  });

  it.each(Object.entries(builtinSamples))('keeps every field of a created %s (create, get -o yaml)', async (_, sample) => {
    const { kind, metadata } = sample;
    const group = sample.apiVersion.includes('/') ? `.${sample.apiVersion.split('/')[0]}` : '';
    const yaml = await ok(k33, [
      'get',
      `${kind.toLowerCase()}${group}/${metadata.name}`,
      ...(metadata.namespace ? ['-n', metadata.namespace] : []),
      '-o',
      'yaml',
    ]);
    const got = JSON.parse(
      await ok(k33, ['get', `${kind.toLowerCase()}${group}/${metadata.name}`, ...(metadata.namespace ? ['-n', metadata.namespace] : []), '-o', 'json']),
    );
    expect(yaml).toContain(`kind: ${kind}`);
    expect(got).toMatchObject(sample);
  });

  it('describes a pod, decoding its protobuf down to probes, env sources, volumes and tolerations', async () => {
    const verbose = await k33.run(['describe', 'pod', 'sample', '-n', 'samples', '-v=8']);
    // describe reads the pod with the typed client: protobuf asked for, protobuf answered.
    expect(verbose.stderr).toMatch(
      /Accept: application\/vnd\.kubernetes\.protobuf,application\/json\s+[^]*?"Response" status="200 OK"[^"]*Content-Type: application\/vnd\.kubernetes\.protobuf/,
    );
    const text = verbose.stdout;
    for (const line of [
      /Priority:\s+1000/,
      /Controlled By:\s+ReplicaSet\/sample/,
      /Liveness:\s+http-get http:\/\/:http\/healthz delay=5s timeout=0s period=10s #success=0 #failure=3/,
      /Readiness:\s+tcp-socket :8080/,
      /PASSWORD:\s+<set to the key 'password' in secret 'sample'>/,
      /CPU:\s+500 \(limits\.cpu\)/,
      /\/etc\/app from config \(ro,path="app"\)/,
      /SizeLimit:\s+64Mi/,
      /Tolerations:\s+dedicated=apps:NoSchedule for 300s/,
      /Node-Selectors:\s+kubernetes\.io\/os=linux/,
    ]) {
      expect(text).toMatch(line);
    }
  });

  it.each([
    ['deployment', 'sample', /RollingUpdateStrategy:\s+0 max unavailable, 50% max surge/],
    ['replicaset', 'sample', /Replicas:\s+0 current \/ 2 desired/],
    ['service', 'sample', /NodePort:\s+http\s+30080\/TCP/],
    ['secret', 'sample', /password:\s+6 bytes/],
    ['configmap', 'sample', /bin: 4 bytes/],
    ['serviceaccount', 'sample', /Image pull secrets:\s+registry/],
    ['role', 'sample', /configmaps\s+\[\]\s+\[sample\]\s+\[get watch\]/],
    ['rolebinding', 'sample', /User\s+jane/],
  ])('describes a %s from protobuf', async (resource, name, expected) => {
    expect(await ok(k33, ['describe', resource, name, '-n', 'samples'])).toMatch(expected);
  });

  it.each([
    ['namespace', 'samples', /Labels:\s+kubernetes\.io\/metadata\.name=samples/],
    ['clusterrole', 'sample-reader', /\[\/healthz\]\s+\[\]\s+\[get\]/],
    ['clusterrolebinding', 'sample-reader', /Group\s+readers/],
  ])('describes a cluster-scoped %s from protobuf', async (resource, name, expected) => {
    expect(await ok(k33, ['describe', resource, name])).toMatch(expected);
  });

  it('lists Events, and watches a new one arrive, through kubectl events', async () => {
    expect(await ok(k33, ['events', '-n', 'samples'])).toMatch(/Warning\s+BackOff\s+Pod\/sample\s+Back-off restarting failed container/);
    const watcher = k33.spawn(['events', '-n', 'samples', '--watch']);
    let seen = '';
    const arrived = new Promise<void>((resolve) => {
      watcher.stdout!.on('data', (d: Buffer) => {
        seen += d.toString();
        if (seen.includes('watched over protobuf')) resolve();
      });
    });
    await new Promise((r) => setTimeout(r, 500));
    const event = { ...builtinSamples.Event, metadata: { name: 'sample.watched', namespace: 'samples' }, message: 'watched over protobuf' };
    await ok(k33, ['create', '-f', '-'], JSON.stringify(event));
    await arrived;
    watcher.kill();
    expect(seen).toMatch(/Warning\s+BackOff\s+Pod\/sample\s+watched over protobuf/);
  });
});
