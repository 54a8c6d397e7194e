/**
 * The real client-go v0.37 against the embedded server: our Go program in ./client-go/ (built
 * from the Go module proxy into the toolchain cache) runs an informer with and without
 * streaming lists, the typed clientset over protobuf and JSON for every kind, the dynamic and
 * metadata clients with discovery, and leader election on a Lease. Each sub-command prints
 * what it saw as JSON; this file says what kube-apiserver would have made it see.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireToolchain } from '@dojo/toolchains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinSamples } from './testing/builtin-samples.ts';
import { buildClientGoCheck, runClientGoCheck, widget, widgetsCrd, type ClientGoRun, type ClientGoRunOptions } from './testing/client-go.ts';
import { startTestServer, type TestServer } from './testing/test-server.ts';

const go = requireToolchain('go', 'client-go');

let binary: string;
let server: TestServer;
const scratch = mkdtempSync(join(tmpdir(), 'client-go-check-'));

const clientGo = (args: [string, ...string[]], options?: ClientGoRunOptions): Promise<ClientGoRun> =>
  runClientGoCheck(binary, server.kubeconfigPath, args, options);

async function must(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<any> {
  const answer = await server.call(method, path, body, headers);
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

const createNamespace = (name: string) => must('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } });
const createConfigMap = (namespace: string, name: string, data: Record<string, string> = {}) =>
  must('POST', `/api/v1/namespaces/${namespace}/configmaps`, { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name }, data });
const createWidget = (namespace: string, name: string, size: number) =>
  must('POST', `/apis/checks.example.com/v1/namespaces/${namespace}/widgets`, widget(namespace, name, size));

/** The request journal's records of one User-Agent (the journal's `GET /debug/requests`). */
async function journalOf(userAgent: string): Promise<any[]> {
  const answer = await server.call('GET', '/debug/requests?follow=false');
  expect(answer.status).toBe(200);
  return answer.raw
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as any)
    .filter((r) => r.userAgent === userAgent);
}

beforeAll(async () => {
  if (!go) return;
  const started = Date.now();
  binary = await buildClientGoCheck();
  console.log(`[client-go] client-go-check ready in ${((Date.now() - started) / 1000).toFixed(1)}s (${go.version})`);
  server = await startTestServer();
  await must('POST', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions', widgetsCrd);
  for (let i = 0; i < 50; i++) {
    const crd = await must('GET', '/apis/apiextensions.k8s.io/v1/customresourcedefinitions/widgets.checks.example.com');
    if (crd.status?.conditions?.some((c: any) => c.type === 'Established' && c.status === 'True')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the widgets CRD never became Established');
}, 960_000);

afterAll(async () => {
  await server?.stop();
});

describe.skipIf(!go)('client-go v0.37 against the embedded API server', () => {
  describe.each<{ mode: string; env: Record<string, string>; streaming: boolean }>([
    { mode: 'on (the default)', env: {}, streaming: true },
    { mode: 'off', env: { KUBE_FEATURE_WatchListClient: 'false' }, streaming: false },
  ])('an informer with streaming lists $mode', ({ env, streaming }) => {
    const namespace = `informer-${streaming ? 'streaming' : 'listing'}`;
    const userAgent = `client-go-check/informer-${streaming ? 'streaming' : 'listing'}`;
    let run: ClientGoRun;

    beforeAll(async () => {
      await createNamespace(namespace);
      await createConfigMap(namespace, 'updated', { k: '1' });
      await createConfigMap(namespace, 'removed');
      await createWidget(namespace, 'w1', 1);
      run = await clientGo(['informer', '--namespace', namespace, '--user-agent', userAgent, '-v=4'], {
        env,
        whenSynced: async () => {
          await must('PATCH', `/api/v1/namespaces/${namespace}/configmaps/updated`, { data: { k: '2' } }, { 'content-type': 'application/merge-patch+json' });
          await must('DELETE', `/api/v1/namespaces/${namespace}/configmaps/removed`);
          await createConfigMap(namespace, 'added');
          await createWidget(namespace, 'w2', 2);
          await createConfigMap(namespace, 'informer-done');
        },
      });
    }, 120_000);

    it('syncs its caches with what the namespace held', () => {
      expect(run.code, run.stderr).toBe(0);
      expect(run.lines[0]).toEqual({ synced: true, configMaps: ['removed', 'updated'], widgets: ['w1'] });
    });

    it('then sees every write in order, and its cache ends equal to the namespace', () => {
      const result = run.lines[1];
      expect(result.configMaps.events).toEqual(['MODIFIED updated', 'DELETED removed', 'ADDED added', 'ADDED informer-done']);
      expect(result.widgets.events).toEqual(['ADDED w2']);
      expect(result.configMapNames).toEqual(['added', 'informer-done', 'updated']);
      expect(result.updatedData).toEqual({ k: '2' });
      expect(result.widgetSizes).toEqual({ w1: 1, w2: 2 });
    });

    it(
      streaming ? 'fills them with a streaming list (sendInitialEvents), never a LIST' : 'fills them with a LIST, then watches from its resourceVersion',
      async () => {
        const records = await journalOf(userAgent);
        const lists = records.filter((r) => r.type === 'request' && r.verb === 'list').map((r) => r.resource);
        const opens = records.filter((r) => r.type === 'watch-open');
        if (streaming) {
          expect(run.stderr).toContain('"Exiting watch because received the bookmark that marks the end of initial events stream"');
          expect(run.stderr).not.toContain('Falling back to regular list');
          expect(lists).toEqual([]);
          expect(
            opens
              .filter((o) => o.streamingList)
              .map((o) => o.resource)
              .sort(),
          ).toEqual(['configmaps', 'widgets']);
        } else {
          expect(run.stderr).toContain('feature="WatchListClient" enabled=false');
          expect(lists.sort()).toEqual(['configmaps', 'widgets']);
          expect(opens.filter((o) => o.streamingList)).toEqual([]);
          expect(opens.every((o) => o.resourceVersion && o.resourceVersion !== '0')).toBe(true);
        }
      },
    );
  });

  describe.each([
    { encoding: 'protobuf', answeredAs: 'application/vnd.kubernetes.protobuf' },
    { encoding: 'json', answeredAs: 'application/json' },
  ])('the typed clientset over $encoding', ({ encoding, answeredAs }) => {
    let result: any;

    beforeAll(async () => {
      // The samples in a namespace of this run's own, so the two runs do not meet.
      const samplesFile = join(scratch, `samples-${encoding}.json`);
      writeFileSync(samplesFile, JSON.stringify(builtinSamples).replaceAll('"samples"', `"samples-${encoding}"`));
      const run = await clientGo(['typed', '--namespace', `typed-${encoding}`, '--content-type', encoding, '--samples', samplesFile]);
      expect(run.code, run.stderr).toBe(0);
      result = run.lines[0];
    }, 120_000);

    it(`is answered in ${answeredAs}`, () => {
      expect(result.writesAnsweredAs).toEqual([answeredAs]);
    });

    it('creates, reads, updates and deletes a ConfigMap', () => {
      expect(result.create).toEqual({ name: 'crud', uid: true, resourceVersion: true, data: { k: 'v' } });
      expect(result.get).toEqual({ name: 'crud', data: { k: 'v' }, creationTimestamp: true });
      expect(result.update).toEqual({ data: { k: 'updated' }, rvChanged: true });
      expect(result.delete).toEqual({ goneAfterDelete: true });
    });

    it('patches it with a strategic merge, a merge, a JSON patch and an apply configuration', () => {
      expect(result.patchStrategic).toEqual({ k: 'updated', strategic: '1' });
      expect(result.patchMerge).toEqual({ k: 'updated', merge: '1' });
      expect(result.patchJSON).toEqual({ k: 'updated', json: '1' });
      expect(result.apply).toEqual({ data: { k: 'updated', json: '1', applied: '1' }, managers: ['applier/Apply', 'client-go-check/Update'] });
    });

    it('merges a Deployment container by name, and applies with field managers that conflict', () => {
      expect(result.deploymentStrategic).toEqual(['app=app:2', 'sidecar=sidecar:1']);
      expect(result.deploymentApply.replicas).toBe(3);
      expect(result.deploymentApply.conflict).toMatchObject({
        code: 409,
        reason: 'Conflict',
        isConflict: true,
        message: 'Apply failed with 1 conflict: conflict with "scaler": .spec.replicas',
        causes: [{ type: 'FieldManagerConflict', field: '.spec.replicas', message: 'conflict with "scaler"' }],
      });
    });

    it('dry-runs a create without storing it, refuses a delete whose UID precondition fails, and deletes a collection by label', () => {
      expect(result.dryRunCreate).toEqual({ name: 'dry-run', persisted: false });
      expect(result.deletePrecondition).toMatchObject({
        code: 409,
        isConflict: true,
        message: expect.stringMatching(
          /^Operation cannot be fulfilled on ConfigMap "page-0": the UID in the precondition \(00000000-0000-0000-0000-000000000000\) does not match the UID in record \([0-9a-f-]{36}\)\. The object might have been deleted and then recreated$/,
        ),
      });
      expect(result.deleteCollection).toEqual(['unlabelled']);
    });

    it('pages a label-selected list and watches from its resourceVersion', () => {
      expect(result.listPaging).toEqual([['page-0', 'page-1'], ['page-2', 'page-3'], ['page-4']]);
      expect(result.watch).toEqual(['ADDED watched', 'MODIFIED watched', 'DELETED watched']);
    });

    it('tells a stale update (IsConflict), a missing object (IsNotFound) and an invalid one (IsInvalid with causes) apart', () => {
      expect(result.conflict).toMatchObject({
        code: 409,
        reason: 'Conflict',
        isConflict: true,
        message:
          'Operation cannot be fulfilled on configmaps "crud": the object has been modified; please apply your changes to the latest version and try again',
      });
      expect(result.notFound).toMatchObject({ code: 404, reason: 'NotFound', isNotFound: true, message: 'configmaps "no-such-configmap" not found' });
      expect(result.invalid).toMatchObject({ code: 422, reason: 'Invalid', isInvalid: true });
      expect(result.invalid.causes).toEqual([
        {
          type: 'FieldValueInvalid',
          field: 'metadata.name',
          message: expect.stringMatching(/^Invalid value: "Not_A_DNS_Name": a lowercase RFC 1123 subdomain must consist of/),
        },
      ]);
    });

    it('round-trips ConfigMaps, Secrets, Services, Pods, Deployments, Events, Leases and Namespaces through their typed clients', () => {
      for (const kind of ['Namespace', 'ConfigMap', 'Secret', 'Service', 'Pod', 'Deployment', 'Event', 'Lease']) {
        const name = kind === 'Namespace' ? `samples-${encoding}` : builtinSamples[kind]!.metadata.name;
        expect(result.typedClients[kind], kind).toEqual({ created: true, getEqualsCreate: true, listed: [name], updatedLabel: 'updated', deleted: true });
      }
    });

    it('lists every resource the server discovers, and round-trips every other sample kind', () => {
      const { resources, error } = result.discovery;
      expect(error).toBeUndefined();
      expect(Object.keys(resources)).toEqual(
        expect.arrayContaining([
          '/v1, Resource=configmaps',
          '/v1, Resource=secrets',
          '/v1, Resource=services',
          '/v1, Resource=pods',
          '/v1, Resource=namespaces',
          '/v1, Resource=events',
          'apps/v1, Resource=deployments',
          'coordination.k8s.io/v1, Resource=leases',
          'events.k8s.io/v1, Resource=events',
        ]),
      );
      for (const [gvr, r] of Object.entries<any>(resources)) {
        if (!r.inScheme || !r.verbs.includes('list')) continue;
        expect(r.listError, gvr).toBeUndefined();
        expect(r.listed, gvr).toBeGreaterThanOrEqual(0);
      }
      // client-go's kubernetes scheme has every built-in but the CRD type; custom resources are the dynamic client's.
      expect(Object.keys(resources).filter((gvr) => !resources[gvr].inScheme)).toEqual([
        'apiextensions.k8s.io/v1, Resource=customresourcedefinitions',
        'checks.example.com/v1, Resource=widgets',
      ]);
      const viaDiscovery = Object.values<any>(resources).filter((r) => r.sample);
      for (const r of viaDiscovery) {
        const name = builtinSamples[r.sample]!.metadata.name;
        expect(r.roundTrip, r.sample).toEqual({ created: true, getEqualsCreate: true, listed: [name], deleted: true });
      }
      const covered = [...Object.keys(result.typedClients), ...viaDiscovery.map((r) => r.sample)].sort();
      expect(covered).toEqual(
        Object.keys(builtinSamples)
          .filter((k) => k !== 'CustomResourceDefinition')
          .sort(),
      );
    });
  });

  describe('the dynamic and metadata clients, and discovery', () => {
    let result: any;

    beforeAll(async () => {
      await createNamespace('dynamic');
      const run = await clientGo(['dynamic', '--namespace', 'dynamic']);
      expect(run.code, run.stderr).toBe(0);
      result = run.lines[0];
    }, 120_000);

    it('creates, reads, updates, patches, applies, lists, watches and deletes a custom resource', () => {
      expect(result.create).toEqual({ size: 1 });
      expect(result.get).toEqual({ apiVersion: 'checks.example.com/v1', kind: 'Widget', generation: 1 });
      expect(result.update).toEqual({ spec: { size: 2 }, generation: 2 });
      expect(result.patchMerge).toEqual({ size: 3 });
      expect(result.apply).toEqual({ size: 7 });
      expect(result.list).toEqual({ kind: 'WidgetList', names: ['applied', 'dyn'], resourceVersion: true });
      expect(result.watch).toEqual(['ADDED watched', 'DELETED watched']);
      expect(result.delete).toMatchObject({ code: 404, isNotFound: true, message: 'widgets.checks.example.com "dyn" not found' });
    });

    it('writes status through /status, which leaves spec and generation alone', () => {
      expect(result.updateStatus).toEqual({ spec: { size: 2 }, status: { ready: true }, generation: 2 });
    });

    it("rejects what the CRD's schema forbids with the field's cause", () => {
      expect(result.invalid).toMatchObject({
        code: 422,
        isInvalid: true,
        causes: [{ type: 'FieldValueInvalid', field: 'spec.size', message: 'Invalid value: -1: spec.size in body should be greater than or equal to 0' }],
      });
    });

    it('lists and watches ConfigMaps as PartialObjectMetadata', () => {
      expect(result.metadataWatch).toEqual(['ADDED metadata-watched']);
      expect(result.metadataList.items).toEqual([' metadata-watched']); // protobuf items carry no TypeMeta
    });

    it('discovers every group, in aggregated form or through the legacy fallback', () => {
      const { forms, groups, resources } = result.discovery;
      expect(['aggregated', 'legacy']).toContain(forms['/apis']);
      expect(forms['/api']).toBe(forms['/apis']);
      expect(groups).toEqual(
        expect.arrayContaining(['=v1', 'apps=apps/v1', 'coordination.k8s.io=coordination.k8s.io/v1', 'checks.example.com=checks.example.com/v1']),
      );
      expect(resources).toBeGreaterThan(20);
    });
  });

  it('elects a leader on a Lease: acquires, renews, releases, and the next candidate takes over at once', async () => {
    const run = await clientGo(['leader', '--namespace', 'leader']);
    expect(run.code, run.stderr).toBe(0);
    const result = run.lines[0];
    expect(result).toMatchObject({
      acquiredBy: 'candidate-a',
      leaseDurationSecs: 4,
      renewals: 2,
      bLedWhileAHeld: false,
      holderAfterRelease: '',
      bTookOver: true,
      holderAfterTakeOver: 'candidate-b',
      leaseTransitions: 1,
    });
    // A released lease is taken at the next retry (300ms, jittered), not after the 4s lease.
    expect(result.takeOverMs).toBeLessThan(2000);
  }, 60_000);
});
