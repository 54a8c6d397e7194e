/**
 * Hostile bodies for the built-in kinds added for 1.37 (StatefulSet, DaemonSet,
 * ControllerRevision, Job, CronJob, PVC, PV, Endpoints, Node, LimitRange, ResourceQuota,
 * Ingress, IngressClass, NetworkPolicy, PDB, HPA v1 and v2, EndpointSlice, StorageClass,
 * PriorityClass): values of the wrong type at every level, null where an object belongs,
 * unknown fields under fieldValidation=Strict, wide and deep objects, and garbage or truncated
 * protobuf. Each is answered with kube's 400/422 Status, never a 5xx, and nothing ill-typed is
 * stored.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseApiVersion, type KubeObject } from '@dojo/kube-api';
import { encodeObject } from './http/protobuf/envelope.ts';
import { networkPolicyScalingSamples } from './testing/network-policy-scaling-samples.ts';
import { operatorKindSamples } from './testing/operator-kind-samples.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await server.call('POST', '/api/v1/namespaces', { metadata: { name: 'samples' } });
});
afterAll(async () => {
  await server?.stop();
});

const pb = 'application/vnd.kubernetes.protobuf';
const hpaV1: KubeObject & { apiVersion: string; kind: string } = {
  apiVersion: 'autoscaling/v1',
  kind: 'HorizontalPodAutoscaler',
  metadata: { name: 'sample-v1', namespace: 'samples' },
  spec: { scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'sample' }, minReplicas: 1, maxReplicas: 5, targetCPUUtilizationPercentage: 70 },
};
const samples = [...Object.values(operatorKindSamples), ...Object.values(networkPolicyScalingSamples), hpaV1] as (KubeObject & {
  apiVersion: string;
  kind: string;
})[];

function targetOf(sample: KubeObject & { apiVersion: string; kind: string }) {
  const { group, version } = parseApiVersion(sample.apiVersion);
  const info = server.registry.lookupKind(group, sample.kind)!;
  const base = group ? `/apis/${group}/${version}` : `/api/${version}`;
  return { info, collection: info.namespaced ? `${base}/namespaces/samples/${info.resource}` : `${base}/${info.resource}` };
}

let n = 0;
/** A copy of the sample under a fresh name, for a create that must not collide. */
const fresh = (sample: KubeObject): Record<string, any> => {
  const obj = structuredClone(sample) as Record<string, any>;
  obj.metadata.name = `hostile-${++n}`;
  return obj;
};

/** Every path into an object, objects, lists and scalars alike. */
const pathsOf = (value: unknown, prefix: (string | number)[] = []): (string | number)[][] => {
  if (Array.isArray(value)) return [prefix, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value !== null && typeof value === 'object') return [prefix, ...Object.entries(value).flatMap(([k, v]) => pathsOf(v, [...prefix, k]))];
  return [prefix];
};
const wrong = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.string({ maxLength: 8 }),
  fc.constant(null),
  fc.constant([]),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant({}),
  fc.dictionary(fc.string({ maxLength: 4 }), fc.oneof(fc.integer(), fc.string({ maxLength: 4 })), { maxKeys: 2 }),
);

/** `obj` with the value at one of its paths (outside apiVersion, kind and metadata) replaced. */
function mutate(obj: Record<string, any>, pick: number, value: unknown): string {
  const paths = pathsOf(obj).filter((p) => p.length > 0 && p[0] !== 'apiVersion' && p[0] !== 'kind' && p[0] !== 'metadata');
  const path = paths[pick % paths.length]!;
  let parent: any = obj;
  for (const key of path.slice(0, -1)) parent = parent[key];
  parent[path[path.length - 1]!] = value;
  return path.join('.');
}

describe("wrong types in the new kinds, with kube's messages", () => {
  const cannotHandle = (kind: string, version: string, why: string) => `${kind} in version "${version}" cannot be handled as a ${kind}: ${why}`;
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['StatefulSet', 'replicas "x"', { replicas: 'x' }, 'json: cannot unmarshal string into Go struct field StatefulSetSpec.spec.replicas of type int32'],
    [
      'StatefulSet',
      'template []',
      { template: [] },
      'json: cannot unmarshal array into Go struct field StatefulSetSpec.spec.template of type v1.PodTemplateSpec',
    ],
    [
      'DaemonSet',
      'minReadySeconds 1.5',
      { minReadySeconds: 1.5 },
      'json: cannot unmarshal number 1.5 into Go struct field DaemonSetSpec.spec.minReadySeconds of type int32',
    ],
    ['Job', 'parallelism true', { parallelism: true }, 'json: cannot unmarshal bool into Go struct field JobSpec.spec.parallelism of type int32'],
    ['CronJob', 'schedule 5', { schedule: 5 }, 'json: cannot unmarshal number into Go struct field CronJobSpec.spec.schedule of type string'],
    [
      'CronJob',
      'jobTemplate "x"',
      { jobTemplate: 'x' },
      'json: cannot unmarshal string into Go struct field CronJobSpec.spec.jobTemplate of type v1.JobTemplateSpec',
    ],
    [
      'PersistentVolumeClaim',
      'resources "1Gi"',
      { resources: '1Gi' },
      'json: cannot unmarshal string into Go struct field PersistentVolumeClaimSpec.spec.resources of type v1.VolumeResourceRequirements',
    ],
    [
      'StatefulSet',
      'template 5',
      { template: 5 },
      'json: cannot unmarshal number into Go struct field StatefulSetSpec.spec.template of type v1.PodTemplateSpec',
    ],
    ['Node', 'unschedulable "yes"', { unschedulable: 'yes' }, 'json: cannot unmarshal string into Go struct field NodeSpec.spec.unschedulable of type bool'],
    [
      'NetworkPolicy',
      'podSelector []',
      { podSelector: [] },
      'json: cannot unmarshal array into Go struct field NetworkPolicySpec.spec.podSelector of type v1.LabelSelector',
    ],
  ];
  it.each(cases)('refuses a %s with %s with 400', async (kind, _, spec, why) => {
    const sample = samples.find((s) => s.kind === kind)!;
    const obj = fresh(sample);
    Object.assign(obj.spec, spec);
    const res = await server.call('POST', targetOf(sample).collection, obj);
    expect(res.status, res.body.message).toBe(400);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'BadRequest', message: cannotHandle(kind, parseApiVersion(sample.apiVersion).version, why) });
  });

  // Known difference: our field types come from the protobuf schema, where Go's named string
  // types (v1.PersistentVolumeAccessMode, v1.Protocol, ...) are plain strings.
  it.fails('names the Go type of an enum field as kube does ([]v1.PersistentVolumeAccessMode)', async () => {
    const obj = fresh(operatorKindSamples.PersistentVolumeClaim);
    obj.spec.accessModes = 'ReadWriteOnce';
    const res = await server.call('POST', targetOf(operatorKindSamples.PersistentVolumeClaim).collection, obj);
    expect(res.body.message).toBe(
      cannotHandle(
        'PersistentVolumeClaim',
        'v1',
        'json: cannot unmarshal string into Go struct field PersistentVolumeClaimSpec.spec.accessModes of type []v1.PersistentVolumeAccessMode',
      ),
    );
  });

  it('refuses a PriorityClass whose value is a string, a field outside spec', async () => {
    const obj = fresh(networkPolicyScalingSamples.PriorityClass!);
    obj.value = '1';
    const res = await server.call('POST', '/apis/scheduling.k8s.io/v1/priorityclasses', obj);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(cannotHandle('PriorityClass', 'v1', 'json: cannot unmarshal string into Go struct field PriorityClass.value of type int32'));
  });

  it('answers a null spec as kube does: the zero spec, validated (422), never a crash', async () => {
    for (const sample of samples.filter((s) => s.spec !== undefined)) {
      const obj = fresh(sample);
      obj.spec = null;
      const res = await server.call('POST', targetOf(sample).collection, obj);
      expect(res.status, `${sample.kind}: ${res.body.message}`).toBeLessThan(500);
      expect([201, 422], `${sample.kind}: ${res.body.message}`).toContain(res.status);
    }
  });

  it('answers values of the wrong type anywhere in any new kind with 4xx, and only well-typed objects are stored', async () => {
    const targets = samples.map((sample) => ({ sample, ...targetOf(sample) }));
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.nat(targets.length - 1), fc.nat(), wrong, fc.boolean(), async (which, pick, value, strict) => {
        const { sample, collection } = targets[which]!;
        const obj = fresh(sample);
        const path = mutate(obj, pick, value);
        const res = await server.call('POST', `${collection}${strict ? '?fieldValidation=Strict' : ''}`, obj);
        statuses.add(res.status);
        expect(res.status, `${sample.kind} ${path} = ${JSON.stringify(value)}: ${res.body?.message}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body.kind).toBe('Status');
      }),
      { numRuns: 500 },
    );
    expect([...statuses]).toEqual(expect.arrayContaining([201, 400, 422]));
    for (const { info, collection } of targets) {
      expect((await server.call('GET', collection)).status, collection).toBe(200);
      for (const stored of server.revisioned.list(info.bucket)) info.typedDecode?.(JSON.parse(stored.json) as KubeObject);
    }
  }, 180_000);
});

describe('any body on any write path of the new kinds', () => {
  it('never answers 5xx: create, update, patch of every type, status and scale, in JSON, YAML and protobuf', async () => {
    const targets = samples.map((sample) => ({ sample, ...targetOf(sample) }));
    // One stored object of each kind to update and patch.
    for (const { sample, collection } of targets) {
      const obj = structuredClone(sample) as Record<string, any>;
      obj.metadata.name = 'target';
      await server.call('POST', collection, obj);
    }
    const body = (sample: KubeObject) =>
      fc.oneof(
        // The stored object with one value of the wrong type: a whole object (create, update) or a patch of it.
        fc.tuple(fc.nat(), wrong).map(([pick, value]) => {
          const obj = structuredClone(sample) as Record<string, any>;
          obj.metadata.name = 'target';
          mutate(obj, pick, value);
          return JSON.stringify(obj);
        }),
        fc.json({ maxDepth: 4 }),
        fc.anything({ maxDepth: 3 }).map((v) => JSON.stringify(v) ?? 'null'),
        fc.string({ maxLength: 64 }),
        fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.concat([Buffer.from([0x6b, 0x38, 0x73, 0x00]), Buffer.from(b)])),
      );
    const write = fc.constantFrom(
      { method: 'POST', sub: undefined, type: 'application/json' },
      { method: 'POST', sub: undefined, type: 'application/yaml' },
      { method: 'POST', sub: undefined, type: pb },
      { method: 'PUT', sub: '', type: 'application/json' },
      { method: 'PUT', sub: '', type: pb },
      { method: 'PUT', sub: '/status', type: 'application/json' },
      { method: 'PUT', sub: '/scale', type: 'application/json' },
      { method: 'PATCH', sub: '', type: 'application/merge-patch+json' },
      { method: 'PATCH', sub: '', type: 'application/json-patch+json' },
      { method: 'PATCH', sub: '', type: 'application/strategic-merge-patch+json' },
      { method: 'PATCH', sub: '', type: 'application/apply-patch+yaml' },
      { method: 'PATCH', sub: '/status', type: 'application/merge-patch+json' },
      { method: 'PATCH', sub: '/scale', type: 'application/merge-patch+json' },
    );
    const query = fc.constantFrom('', '?dryRun=All', '?fieldValidation=Strict', '?fieldManager=hostile&force=true', '?fieldValidation=Ignore&dryRun=All');
    await fc.assert(
      fc.asyncProperty(
        fc.nat(targets.length - 1).chain((which) => fc.tuple(fc.constant(which), body(targets[which]!.sample))),
        write,
        query,
        async ([which, payload], w, q) => {
          const { sample, collection } = targets[which]!;
          const path = w.sub === undefined ? collection : `${collection}/target${w.sub}`;
          const apply = w.type === 'application/apply-patch+yaml' && !q.includes('fieldManager') ? `${q ? `${q}&` : '?'}fieldManager=hostile` : q;
          const res = await server.call(w.method, `${path}${apply}`, payload, { 'content-type': w.type, accept: 'application/json' });
          expect(res.status, `${w.method} ${sample.kind}${w.sub ?? ''} ${w.type}: ${String(res.body?.message).slice(0, 300)}`).toBeLessThan(500);
          if (res.status >= 400) expect(res.body.kind).toBe('Status');
        },
      ),
      { numRuns: 600 },
    );
    expect((await server.call('GET', '/healthz')).status).toBe(200);
  }, 180_000);
});

describe('unknown fields in the new kinds', () => {
  it.each(samples.map((s) => [s.kind, s.apiVersion, s] as const))(
    'refuses unknown fields in a %s (%s) with fieldValidation=Strict, naming each',
    async (_kind, _version, sample) => {
      const obj = fresh(sample);
      obj.bogus = 1;
      if (obj.spec && typeof obj.spec === 'object') obj.spec.alsoBogus = { x: 1 };
      const res = await server.call('POST', `${targetOf(sample).collection}?fieldValidation=Strict`, obj);
      expect(res.status, res.body.message).toBe(400);
      // In the order the decoder meets them: spec comes before the field added last.
      const unknown = obj.spec && typeof obj.spec === 'object' ? 'unknown field "spec.alsoBogus", unknown field "bogus"' : 'unknown field "bogus"';
      expect(res.body.message).toMatch(new RegExp(`cannot be handled as a ${sample.kind}: strict decoding error: ${unknown.replace(/\./g, '\\.')}$`));
    },
  );
});

describe('wide and deep bodies', () => {
  it('answers wide lists in the new kinds within bounds: no 5xx, no request over 10 s', async () => {
    const selector = { matchLabels: { app: 'wide' } };
    const wide = 20_000;
    const bodies: [string, Record<string, unknown>][] = [
      [
        '/apis/networking.k8s.io/v1/namespaces/samples/networkpolicies',
        {
          metadata: { name: 'wide' },
          spec: { podSelector: selector, ingress: [{ ports: Array.from({ length: wide }, (_, i) => ({ port: (i % 65535) + 1, protocol: 'TCP' })) }] },
        },
      ],
      [
        '/apis/discovery.k8s.io/v1/namespaces/samples/endpointslices',
        {
          metadata: { name: 'wide' },
          addressType: 'IPv4',
          endpoints: Array.from({ length: wide }, (_, i) => ({ addresses: [`10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`] })),
        },
      ],
      [
        '/api/v1/namespaces/samples/endpoints',
        {
          metadata: { name: 'wide' },
          subsets: [{ addresses: Array.from({ length: wide }, (_, i) => ({ ip: `10.1.${(i >> 8) & 255}.${i & 255}` })), ports: [{ port: 80 }] }],
        },
      ],
      [
        '/apis/networking.k8s.io/v1/namespaces/samples/ingresses',
        {
          metadata: { name: 'wide' },
          spec: {
            rules: Array.from({ length: 5000 }, (_, i) => ({
              host: `h${i}.example.com`,
              http: { paths: [{ path: '/', pathType: 'Prefix', backend: { service: { name: 's', port: { number: 80 } } } }] },
            })),
          },
        },
      ],
      [
        '/api/v1/namespaces/samples/resourcequotas',
        { metadata: { name: 'wide' }, spec: { hard: Object.fromEntries(Array.from({ length: wide }, (_, i) => [`count/thing${i}.example.com`, '1'])) } },
      ],
      ['/api/v1/nodes', { metadata: { name: 'wide', labels: Object.fromEntries(Array.from({ length: wide }, (_, i) => [`l${i}`, 'v'])) } }],
      [
        '/apis/batch/v1/namespaces/samples/jobs',
        {
          metadata: { name: 'wide' },
          spec: {
            template: {
              spec: {
                restartPolicy: 'Never',
                containers: Array.from({ length: 2000 }, (_, i) => ({ name: `c${i}`, image: 'i', env: [{ name: 'A', value: 'b' }] })),
              },
            },
          },
        },
      ],
    ];
    for (const [path, body] of bodies) {
      const started = Date.now();
      const res = await server.call('POST', path, body);
      expect(res.status, `${path}: ${String(res.body?.message).slice(0, 300)}`).toBeLessThan(500);
      expect(Date.now() - started, path).toBeLessThan(10_000);
    }
    expect((await server.call('GET', '/healthz')).status).toBe(200);
  }, 120_000);

  it('refuses a ControllerRevision whose free-form data nests past the depth bound with 400', async () => {
    let nested: unknown = 1;
    for (let i = 0; i < 3000; i++) nested = { a: nested };
    const obj = fresh(operatorKindSamples.ControllerRevision);
    obj.data = nested;
    const res = await server.call('POST', targetOf(operatorKindSamples.ControllerRevision).collection, obj);
    expect(res.status).toBe(400);
    expect(res.body.kind).toBe('Status');
  });
});

describe('protobuf bodies for the new kinds', () => {
  it('creates every new kind from protobuf', async () => {
    for (const sample of samples) {
      const res = await server.call('POST', targetOf(sample).collection, encodeObject(fresh(sample)), { 'content-type': pb });
      expect(res.status, `${sample.kind}: ${res.body?.message}`).toBe(201);
    }
  });

  it('answers truncated, bit-flipped and garbage protobuf with 400 Status, never 5xx', async () => {
    const encoded = samples.map((sample) => ({ sample, bytes: encodeObject(fresh(sample)), collection: targetOf(sample).collection }));
    const mangle = fc.oneof(
      fc.record({ how: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({ how: fc.constant('flip' as const), at: fc.nat(), bits: fc.integer({ min: 1, max: 255 }) }),
      fc.record({ how: fc.constant('garbage' as const), bytes: fc.uint8Array({ maxLength: 256 }) }),
      fc.record({ how: fc.constant('splice' as const), at: fc.nat(), bytes: fc.uint8Array({ minLength: 1, maxLength: 16 }) }),
    );
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.nat(encoded.length - 1), mangle, async (which, m) => {
        const { sample, bytes, collection } = encoded[which]!;
        let body: Buffer;
        if (m.how === 'truncate') body = bytes.subarray(0, 4 + (m.at % (bytes.length - 4)));
        else if (m.how === 'flip') {
          body = Buffer.from(bytes);
          const at = 4 + (m.at % (bytes.length - 4));
          body[at] = body[at]! ^ m.bits;
        } else if (m.how === 'garbage') body = Buffer.concat([bytes.subarray(0, 4), Buffer.from(m.bytes)]);
        else {
          const at = 4 + (m.at % (bytes.length - 4));
          body = Buffer.concat([bytes.subarray(0, at), Buffer.from(m.bytes), bytes.subarray(at)]);
        }
        const res = await server.call('POST', collection, body, { 'content-type': pb, accept: 'application/json' });
        statuses.add(res.status);
        expect(res.status, `${sample.kind} ${m.how}: ${res.body?.message}`).toBeLessThan(500);
        if (res.status >= 400) expect(res.body.kind).toBe('Status');
      }),
      { numRuns: 400 },
    );
    expect(statuses.has(400)).toBe(true);
  }, 180_000);

  it("refuses a body without the protobuf magic, and an envelope naming another kind, with kube's messages", async () => {
    const collection = targetOf(operatorKindSamples.StatefulSet).collection;
    const noMagic = await server.call('POST', collection, Buffer.from('{"kind":"StatefulSet"}'), { 'content-type': pb });
    expect(noMagic.status).toBe(400);
    expect(noMagic.body.message).toBe('provided data does not appear to be a protobuf message, expected prefix [107 56 115 0]');
    const otherKind = await server.call('POST', collection, encodeObject(fresh(operatorKindSamples.DaemonSet)), { 'content-type': pb });
    expect(otherKind.status).toBe(400);
    expect(otherKind.body.kind).toBe('Status');
  });

  it('answers a protobuf CRD whose schema nests a million levels deep with 400, not a stack overflow', async () => {
    const varint = (n: number): number[] => {
      const out: number[] = [];
      do {
        out.push((n & 0x7f) | (n > 0x7f ? 0x80 : 0));
        n = Math.floor(n / 128);
      } while (n > 0);
      return out;
    };
    const wrap = (field: number, body: Buffer): Buffer => Buffer.concat([Buffer.from([(field << 3) | 2, ...varint(body.length)]), body]);
    // JSONSchemaProps.not (field 28, tag bytes e2 01) inside itself: each level is the tag, the
    // length of the levels below, and those levels. Lengths first (innermost out), then the bytes.
    const depth = 500_000;
    const sizes = new Array<number>(depth + 1);
    sizes[depth] = 0;
    for (let i = depth - 1; i >= 0; i--) sizes[i] = 2 + varint(sizes[i + 1]!).length + sizes[i + 1]!;
    const inner = Buffer.alloc(sizes[0]!);
    let at = 0;
    for (let i = 0; i < depth; i++) {
      inner[at++] = 0xe2;
      inner[at++] = 0x01;
      for (const b of varint(sizes[i + 1]!)) inner[at++] = b;
    }
    const crd = wrap(2, wrap(7, wrap(4, wrap(1, inner))));
    const typeMeta = wrap(1, Buffer.concat([wrap(1, Buffer.from('apiextensions.k8s.io/v1')), wrap(2, Buffer.from('CustomResourceDefinition'))]));
    const body = Buffer.concat([Buffer.from([0x6b, 0x38, 0x73, 0x00]), typeMeta, wrap(2, crd)]);
    const res = await server.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', body, { 'content-type': pb });
    expect(res.status, res.body?.message).toBe(400);
    expect((await server.call('GET', '/healthz')).status).toBe(200);
  }, 60_000);
});
