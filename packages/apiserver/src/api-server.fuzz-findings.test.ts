/**
 * What the differential fuzzer (oracle/fuzz.oracle.test.ts) found kube-apiserver 1.37 doing
 * differently, each shrunk to its smallest sequence and kept here as a test of its own, with
 * kube's answer written out, so that it holds where the real server is not built.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './testing/test-server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const cms = '/api/v1/namespaces/default/configmaps';

describe('ConfigMap data keys (apimachinery IsConfigMapKey)', () => {
  it.each([
    ['..', "must not be '..'"],
    ['.', "must not be '.'"],
    ['..data', "must not start with '..'"],
  ])('refuses the key %j, which would name a volume directory, with "%s"', async (key, message) => {
    const created = await server.call('POST', `${cms}?dryRun=All`, { metadata: { name: 'keys' }, data: { [key]: 'v' } });
    expect(created.status).toBe(422);
    expect(created.body.details.causes).toEqual([{ reason: 'FieldValueInvalid', field: `data[${key}]`, message: `Invalid value: "${key}": ${message}` }]);
  });

  it('gives each problem of one key a cause of its own', async () => {
    const key = `..${'x'.repeat(252)}!`;
    const created = await server.call('POST', cms, { metadata: { name: 'keys' }, binaryData: {}, data: { [key]: 'v' } });
    expect(created.body.details.causes.map((c: { message: string }) => c.message.replace(/^Invalid value: "[^"]*": /, ''))).toEqual([
      'must be no more than 253 characters',
      "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')",
      "must not start with '..'",
    ]);
  });
});

describe('server-side apply bodies', () => {
  it('refuses a body that is a JSON array as the map decoder does, before looking for apiVersion and kind', async () => {
    const applied = await server.call('PATCH', `${cms}/apply-array?fieldManager=fuzz`, JSON.stringify([{ op: 'test', path: '/metadata/name', value: 'x' }]), {
      'content-type': 'application/apply-patch+yaml',
    });
    expect(applied.status).toBe(400);
    expect(applied.body.message).toBe(
      'error decoding patch: error unmarshaling JSON: while decoding JSON: json: cannot unmarshal array into Go value of type map[string]interface {}',
    );
  });

  it('refuses an apply that would create an object without naming it, or naming another, as the patcher checks the name', async () => {
    const headers = { 'content-type': 'application/apply-patch+yaml' };
    const unnamed = await server.call(
      'PATCH',
      `${cms}/apply-unnamed?fieldManager=fuzz`,
      JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { labels: { tier: 'y' } } }),
      headers,
    );
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.message).toBe('the name of the object (apply-unnamed based on URL) was undeterminable: name must be provided');
    const other = await server.call(
      'PATCH',
      `${cms}/apply-unnamed?fieldManager=fuzz`,
      JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other' } }),
      headers,
    );
    expect(other.status).toBe(400);
    expect(other.body.message).toBe('the name of the object (other) does not match the name on the URL (apply-unnamed)');
    expect((await server.call('GET', `${cms}/apply-unnamed`)).status).toBe(404);
  });
});

describe('empty maps of built-in kinds', () => {
  it('stores no empty labels or data: every map of the built-in types is omitempty', async () => {
    const created = await server.call('POST', cms, { metadata: { name: 'empty-maps', labels: {}, annotations: {} }, data: {}, binaryData: {} });
    expect(created.status).toBe(201);
    expect(created.body).not.toHaveProperty('data');
    expect(created.body).not.toHaveProperty('binaryData');
    expect(created.body.metadata).not.toHaveProperty('labels');
    expect(created.body.metadata).not.toHaveProperty('annotations');
  });
});

describe('warnings on a failed write', () => {
  it('sends the unknown-field warning of the decoding with the 422 that followed it', async () => {
    const created = await server.call('POST', cms, { metadata: { name: 'warned', labels: { bad: 'not valid!' } }, data: { k: 'v' }, unknownTop: 1 });
    expect(created.status).toBe(422);
    expect(created.headers['warning']).toBe('299 - "unknown field \\"unknownTop\\""');
  });
});

describe('a PUT to an object that does not exist', () => {
  it('decodes the body first: an ill-typed body is a 400, not a 404', async () => {
    const replaced = await server.call('PUT', `${cms}/never-created`, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'never-created' },
      data: { k: 7 },
    });
    expect(replaced.status).toBe(400);
    expect(replaced.body.message).toBe(
      'ConfigMap in version "v1" cannot be handled as a ConfigMap: json: cannot unmarshal number into Go struct field ConfigMap.data of type string',
    );
  });

  it('checks the name against the URL first: a 400, not a 404', async () => {
    const replaced = await server.call('PUT', `${cms}/never-created`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'other' } });
    expect(replaced.status).toBe(400);
  });
});

describe('DeleteOptions', () => {
  it('refuses an unknown propagationPolicy as an Invalid DeleteOptions, "nil" among the supported values', async () => {
    await server.call('POST', cms, { metadata: { name: 'sideways' } });
    const deleted = await server.call('DELETE', `${cms}/sideways`, { apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy: 'Sideways' });
    expect(deleted.status).toBe(422);
    expect(deleted.body).toMatchObject({
      reason: 'Invalid',
      message:
        'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Unsupported value: "Sideways": supported values: "Foreground", "Background", "Orphan", "nil"',
      details: { group: 'meta.k8s.io', kind: 'DeleteOptions', causes: [{ reason: 'FieldValueNotSupported', field: 'propagationPolicy' }] },
    });
    expect((await server.call('GET', `${cms}/sideways`)).status).toBe(200);
  });

  it('refuses orphanDependents beside a propagationPolicy in the same Invalid', async () => {
    const deleted = await server.call('DELETE', `${cms}/sideways`, {
      apiVersion: 'v1',
      kind: 'DeleteOptions',
      propagationPolicy: 'Orphan',
      orphanDependents: true,
    });
    expect(deleted.status).toBe(422);
    expect(deleted.body.message).toBe(
      'DeleteOptions.meta.k8s.io "" is invalid: propagationPolicy: Invalid value: "Orphan": orphanDependents and deletionPropagation cannot be both set',
    );
  });
});

describe('field selectors on a field the kind does not select by', () => {
  it('words it as apimachinery’s default conversion for a kind with no fields of its own', async () => {
    const listed = await server.call('GET', `${cms}?fieldSelector=spec.unknown%3D1`);
    expect(listed.status).toBe(400);
    expect(listed.body.message).toBe('"spec.unknown" is not a known field selector: only "metadata.name", "metadata.namespace"');
  });

  it('words it as the kind’s own conversion for a kind that has fields of its own (Pods)', async () => {
    const listed = await server.call('GET', '/api/v1/namespaces/default/pods?fieldSelector=spec.unknown%3D1');
    expect(listed.body.message).toBe('field label not supported: spec.unknown');
  });
});

describe('an apply patch that is not YAML', () => {
  it('says it failed decoding the patch, as kube-apiserver prefixes it', async () => {
    const applied = await server.call('PATCH', `${cms}/not-yaml?fieldManager=fuzz`, '{"not json', { 'content-type': 'application/apply-patch+yaml' });
    expect(applied.status).toBe(400);
    expect(applied.body.message).toMatch(/^error decoding patch: error converting YAML to JSON: /);
  });
});

describe('a merge or JSON patch whose result Go cannot decode', () => {
  it('is an Invalid patch quoting the patched object, as the patch handler decodes it itself', async () => {
    await server.call('POST', cms, { metadata: { name: 'ill-patched' } });
    const patched = await server.call('PATCH', `${cms}/ill-patched`, { data: { k: 7 } }, { 'content-type': 'application/merge-patch+json' });
    expect(patched.status).toBe(422);
    expect(patched.body.reason).toBe('Invalid');
    const [cause] = patched.body.details.causes;
    expect(cause).toMatchObject({ reason: 'FieldValueInvalid', field: 'patch' });
    expect(cause.message).toMatch(
      /^Invalid value: "\{.*\\"data\\":\{\\"k\\":7\}.*\}": json: cannot unmarshal number into Go struct field ConfigMap\.data of type string$/,
    );
    expect(cause.message).not.toContain('managedFields');
    expect(patched.body.message).toMatch(/^ "" is invalid: patch: Invalid value: /);
  });
});

describe('a strategic merge patch whose result Go cannot convert (npm run oracle -- fuzz, seed 1764318)', () => {
  const strategic = { 'content-type': 'application/strategic-merge-patch+json' };
  // kube-apiserver 1.37.2's answers, read from the oracle: the handler converts the patched map
  // with the unstructured converter and quotes the patch as Go's %+v prints it.
  it.each([
    [{ data: { k: 7 } }, 'map[data:map[k:7]]', 'cannot convert int64 to string'],
    [
      { data: { z: 'é x', k: 7, A: 'q"s' }, metadata: { annotations: { b: '[1,2]' } } },
      'map[data:map[A:q\\"s k:7 z:é x] metadata:map[annotations:map[b:[1,2]]]]',
      'cannot convert int64 to string',
    ],
    [{ data: { k: 1.5, j: { a: 1 } } }, 'map[data:map[j:map[a:1] k:1.5]]', 'unrecognized type: string'],
    [{ immutable: 'yes' }, 'map[immutable:yes]', 'unrecognized type: bool'],
    [{ data: 'str' }, 'map[data:str]', 'cannot restore map from string'],
    [{ metadata: { finalizers: 'x' } }, 'map[metadata:map[finalizers:x]]', 'cannot restore slice from string'],
    [{ binaryData: { k: 7 } }, 'map[binaryData:map[k:7]]', 'cannot restore slice from int64'],
    [{ binaryData: { k: '!!' } }, 'map[binaryData:map[k:!!]]', 'error decoding from json: illegal base64 data at input byte 0'],
    [{ metadata: { creationTimestamp: 5 } }, 'map[metadata:map[creationTimestamp:5]]', 'json: cannot unmarshal number into Go value of type string'],
    [{ metadata: { labels: { a: 1 } }, bogus: 1 }, 'map[bogus:1 metadata:map[labels:map[a:1]]]', 'cannot convert int64 to string'],
    // The conversion comes before the check that a patch does not change the kind.
    [{ kind: 5 }, 'map[kind:5]', 'cannot convert int64 to string'],
  ])("refuses %j as an Invalid patch quoting it as %s, in the converter's words", async (patch, quoted, words) => {
    await server.call('POST', cms, { metadata: { name: 'smp-refused' }, data: { old: 'v' } });
    const patched = await server.call('PATCH', `${cms}/smp-refused`, patch, strategic);
    await server.call('DELETE', `${cms}/smp-refused`);
    const message = `Invalid value: "${quoted}": ${words}`;
    expect(patched.body).toMatchObject({
      code: 422,
      reason: 'Invalid',
      message: ` "" is invalid: patch: ${message}`,
      details: { causes: [{ reason: 'FieldValueInvalid', field: 'patch', message }] },
    });
  });

  it('is refused the same under fieldValidation Strict and Ignore, a conversion error outranking unknown fields', async () => {
    await server.call('POST', cms, { metadata: { name: 'smp-directives' } });
    for (const validation of ['Strict', 'Ignore']) {
      const patched = await server.call('PATCH', `${cms}/smp-directives?fieldValidation=${validation}`, { data: { k: 7 }, bogus: 1 }, strategic);
      expect(patched.body.details.causes).toEqual([
        { reason: 'FieldValueInvalid', field: 'patch', message: 'Invalid value: "map[bogus:1 data:map[k:7]]": cannot convert int64 to string' },
      ]);
    }
  });

  it('patches nothing with a body of null, as Go decodes it into the patch map (found beside the fuzzer, checked against kube-apiserver)', async () => {
    await server.call('POST', cms, { metadata: { name: 'smp-null' }, data: { k: 'v' } });
    const patched = await server.call('PATCH', `${cms}/smp-null`, 'null', strategic);
    expect(patched.status).toBe(200);
    expect(patched.body.data).toEqual({ k: 'v' });
  });

  it('lists unknown fields sorted in an Invalid patch under fieldValidation Strict, and warns of them under Warn', async () => {
    await server.call('POST', cms, { metadata: { name: 'smp-unknown' } });
    const patch = { metadata: { zz: 1, aa: { b: 1 } }, bogus: 1, data: { k: 'v' } };
    const strict = await server.call('PATCH', `${cms}/smp-unknown?fieldValidation=Strict`, patch, strategic);
    expect(strict.body.details.causes).toEqual([
      {
        reason: 'FieldValueInvalid',
        field: 'patch',
        message:
          'Invalid value: "map[bogus:1 data:map[k:v] metadata:map[aa:map[b:1] zz:1]]": strict decoding error: unknown field "bogus", unknown field "metadata.aa", unknown field "metadata.zz"',
      },
    ]);
    const warned = await server.call('PATCH', `${cms}/smp-unknown`, { bogus: 1 }, strategic);
    expect(warned.status).toBe(200);
    expect(warned.headers['warning']).toBe('299 - "unknown field \\"bogus\\""');
  });
});

describe('a merge patch whose body is not an object', () => {
  it('fails decoding the patch under the default fieldValidation (Warn), and in the merge under Ignore', async () => {
    await server.call('POST', cms, { metadata: { name: 'merge-array' } });
    const ops = [{ op: 'replace', path: '/metadata/labels', value: { tier: 'x' } }];
    const warned = await server.call('PATCH', `${cms}/merge-array`, ops, { 'content-type': 'application/merge-patch+json' });
    expect(warned.body.message).toBe('error decoding patch: json: cannot unmarshal array into Go value of type map[string]interface {}');
    const ignored = await server.call('PATCH', `${cms}/merge-array?fieldValidation=Ignore`, ops, { 'content-type': 'application/merge-patch+json' });
    expect(ignored.body.message).toBe('Invalid JSON Patch');
  });
});

describe('one cause per error text for a built-in kind (ErrorList.Filter keeps one per text)', () => {
  const invalid =
    "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

  it('answers two labels with the same bad value with one cause, as kube-apiserver 1.37.2 does', async () => {
    const created = await server.call('POST', cms, { metadata: { name: 'twins', labels: { app: 'bad value!', tier: 'bad value!' } } });
    expect(created.status).toBe(422);
    expect(created.body.details.causes).toEqual([
      { reason: 'FieldValueInvalid', field: 'metadata.labels', message: `Invalid value: "bad value!": ${invalid}` },
    ]);
  });

  it('keeps two different bad values as two causes', async () => {
    const created = await server.call('POST', cms, { metadata: { name: 'twins', labels: { app: 'bad value!', tier: 'other bad!' } } });
    expect(created.body.details.causes.map((c: { message: string }) => c.message)).toEqual([
      `Invalid value: "bad value!": ${invalid}`,
      `Invalid value: "other bad!": ${invalid}`,
    ]);
  });

  it('answers a custom resource the same way (found by the fuzzer, seed 99)', async () => {
    const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'twins.checks.example.com' },
      spec: {
        group: 'checks.example.com',
        scope: 'Namespaced',
        names: { plural: 'twins', singular: 'twin', kind: 'Twin' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', 'x-kubernetes-preserve-unknown-fields': true } } }],
      },
    };
    expect((await server.call('POST', crds, crd)).status).toBe(201);
    const create = () =>
      server.call('POST', '/apis/checks.example.com/v1/namespaces/default/twins', {
        apiVersion: 'checks.example.com/v1',
        kind: 'Twin',
        metadata: { name: 't', labels: { app: 'bad value!', tier: 'bad value!' } },
      });
    let created = await create();
    for (let tries = 0; created.status === 404 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      created = await create();
    }
    expect(created.status).toBe(422);
    expect(created.body.details.causes).toEqual([
      { reason: 'FieldValueInvalid', field: 'metadata.labels', message: `Invalid value: "bad value!": ${invalid}` },
    ]);
  });

  it('names the finalizers list, not the item, for a bad finalizer name, once per name', async () => {
    const created = await server.call('POST', cms, { metadata: { name: 'twins', finalizers: ['a/b/c', 'a/b/c'] } });
    expect(created.body.details.causes).toEqual([
      expect.objectContaining({ field: 'metadata.finalizers', message: expect.stringMatching(/^Invalid value: "a\/b\/c": a valid label key must consist of/) }),
    ]);
  });
});

describe("a JSON patch's operations decoded strictly, as kube's patch handler does (found by client-node's differential steps)", () => {
  const jsonPatch = (path: string, body: string) => server.call('PATCH', path, body, { 'content-type': 'application/json-patch+json' });

  beforeAll(async () => {
    await server.call('POST', cms, { metadata: { name: 'patched' }, data: { a: '1' } });
  });

  it('answers an object body with the 400 of the []jsonPatchOp decoder', async () => {
    const answer = await jsonPatch(`${cms}/patched`, '{"op":"add","path":"/data/b","value":"x"}');
    expect([answer.status, answer.body.message]).toEqual([
      400,
      'error decoding patch: json: cannot unmarshal object into Go value of type []handlers.jsonPatchOp',
    ]);
  });

  it('applies a patch with an unknown field under the default fieldValidation, warning of it', async () => {
    const answer = await jsonPatch(`${cms}/patched`, '[{"op":"add","path":"/data/b","value":"x","valeu":1}]');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ a: '1', b: 'x' });
    expect(answer.headers['warning']).toBe('299 - "json patch unknown field \\"[0].valeu\\""');
  });

  it('refuses it under fieldValidation=Strict with an Invalid patch naming the strict decoding error', async () => {
    const answer = await jsonPatch(`${cms}/patched?fieldValidation=Strict`, '[{"op":"add","path":"/data/c","value":"x","valeu":1,"op":"add"}]');
    expect(answer.status).toBe(422);
    expect(answer.body.details.causes).toEqual([
      expect.objectContaining({
        field: 'patch',
        message: expect.stringMatching(/: strict decoding error: json patch unknown field "\[0\]\.valeu", json patch duplicate field "\[0\]\.op"$/),
      }),
    ]);
    expect((await server.call('GET', `${cms}/patched`)).body.data).toEqual({ a: '1', b: 'x' });
  });
});

describe("server-side apply's typed conversion and nulls (found by npm run oracle -- fuzz)", () => {
  const applyHeaders = { 'content-type': 'application/apply-patch+yaml' };

  it("refuses a ConfigMap apply whose data value is a number in SMD's words, not the store's decoding", async () => {
    const applied = await server.call(
      'PATCH',
      `${cms}/typed?fieldManager=fuzz`,
      JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'typed' }, data: { k: 7 } }),
      applyHeaders,
    );
    expect(applied.status).toBe(400);
    expect(applied.body.message).toBe(
      'failed to create typed patch object (/typed; /v1, Kind=ConfigMap): .data.k: expected string, got &value.valueUnstructured{Value:7}',
    );
  });

  it("keeps a null of a custom resource's apply, which its validation then refuses by type, and defaults a null defaulted field", async () => {
    const crds = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions';
    const spec = { type: 'object', properties: { tags: { type: 'boolean' }, size: { type: 'integer', default: 3 } } };
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'nulls.checks.example.com' },
      spec: {
        group: 'checks.example.com',
        scope: 'Namespaced',
        names: { plural: 'nulls', singular: 'null', kind: 'Null' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
      },
    };
    expect((await server.call('POST', crds, crd)).status).toBe(201);
    const apply = (body: object) =>
      server.call(
        'PATCH',
        '/apis/checks.example.com/v1/namespaces/default/nulls/n?fieldManager=fuzz',
        JSON.stringify({ apiVersion: 'checks.example.com/v1', kind: 'Null', metadata: { name: 'n' }, spec: body }),
        applyHeaders,
      );
    let refused = await apply({ tags: null });
    for (let tries = 0; refused.status === 404 && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      refused = await apply({ tags: null });
    }
    expect(refused.status).toBe(422);
    expect(refused.body.details.causes).toEqual([
      { reason: 'FieldValueTypeInvalid', field: 'spec.tags', message: 'Invalid value: "null": spec.tags in body must be of type boolean: "null"' },
    ]);
    const defaulted = await apply({ size: null });
    expect(defaulted.status).toBe(201);
    expect(defaulted.body.spec).toEqual({ size: 3 });
  });
});

describe("a custom resource's update with bad metadata (npm run oracle -- fuzz, seed 2026112801)", () => {
  const things = '/apis/probe.example.com/v1/namespaces/default/things';
  const badLabel =
    "Invalid value: \"bad value!\": a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";
  const update = async (name: string, metadata: object) => {
    const created = await server.call('POST', things, { apiVersion: 'probe.example.com/v1', kind: 'Thing', metadata: { name }, spec: { size: 1 } });
    const updated = await server.call('PUT', `${things}/${name}`, {
      apiVersion: 'probe.example.com/v1',
      kind: 'Thing',
      metadata: { name, resourceVersion: created.body.metadata.resourceVersion, ...metadata },
      spec: { size: 9 },
    });
    return (updated.body.details.causes as { field: string; message: string }[]).map((c) => `${c.field}: ${c.message}`);
  };

  beforeAll(async () => {
    const spec = { type: 'object', properties: { size: { type: 'integer', maximum: 3 } } };
    const crd = {
      apiVersion: 'apiextensions.k8s.io/v1',
      kind: 'CustomResourceDefinition',
      metadata: { name: 'things.probe.example.com' },
      spec: {
        group: 'probe.example.com',
        scope: 'Namespaced',
        names: { plural: 'things', singular: 'thing', kind: 'Thing' },
        versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema: { type: 'object', properties: { spec } } } }],
      },
    };
    expect((await server.call('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', crd)).status).toBe(201);
    for (let tries = 0; (await server.call('GET', things)).status !== 200 && tries < 50; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
  });

  // kube-apiserver 1.37.2's answers, read from the oracle: the registry validates ObjectMeta and
  // its update (each undeduplicated), then the custom resource's strategy its update again.
  it("repeats a bad label three times: ObjectMeta, its update, and the strategy's deduplicated update", async () => {
    expect(await update('one-label', { labels: { tier: 'bad value!' } })).toEqual([
      `metadata.labels: ${badLabel}`,
      `metadata.labels: ${badLabel}`,
      `metadata.labels: ${badLabel}`,
      'spec.size: Invalid value: 9: spec.size in body should be less than or equal to 3',
    ]);
  });

  it("dedupes two labels of the same bad value only in the strategy's part (five causes)", async () => {
    expect(await update('two-labels', { labels: { tier: 'bad value!', app: 'bad value!' } })).toHaveLength(6);
  });

  it('validates finalizers once, labels and annotations again on update, and a missing owner reference member as Required', async () => {
    const causes = await update('mixed', { labels: { tier: 'bad value!' }, annotations: { 'bad key!': 'x' }, finalizers: ['bad finalizer!'] });
    expect(causes.map((c) => c.split(':')[0])).toEqual([
      'metadata.labels',
      'metadata.annotations',
      'metadata.finalizers',
      'metadata.labels',
      'metadata.annotations',
      'metadata.labels',
      'metadata.annotations',
      'spec.size',
    ]);
    const owners = await update('owner', { ownerReferences: [{ apiVersion: '', kind: 'K', name: 'n', uid: 'u' }] });
    expect(owners.slice(0, 3)).toEqual(Array(3).fill('metadata.ownerReferences[0].apiVersion: Required value: must not be empty'));
  });
});
