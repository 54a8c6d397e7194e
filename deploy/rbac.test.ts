/**
 * The RBAC rules of deploy/ against what the operator and the console really do, not against
 * a second hand-written list. `dojo-console up` runs with the Deployment's own flags against
 * the embedded API server, through a proxy that records every request as the authorizer sees
 * it (testing/recording-proxy.ts), while a Dojo and its Discord alarm channel go through their
 * life: created, given credentials, scaled from the console, drifted, crash-looping (an alarm
 * is posted), Discord objects deleted through their finalizers.
 *
 * The run's telemetry journal is checked too. It holds only what reconciles sent, so it is a
 * part of what the proxy saw. rbac-journal.test.ts checks a journal file from any other run.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { KubeObject } from '@dojo/kube-api';
import { cnpgDatabases, operatorTypes, type CnpgDatabase, type DiscordChannel, type Dojo } from '@dojo/operator';
import { createDiscordChain, readyCondition } from '@dojo/operator/testing/discord-fixtures';
import { startOperatorTestEnv, type OperatorTestEnv } from '@dojo/operator/testing/operator-test-env';
import { provideCredentials, reportDeployment, runDojoPod } from '@dojo/operator/testing/simulated-cluster';
import { builtinTypes } from '@dojo/runtime';
import { parseCli, runUp, type RunningConsole } from '@dojo/server';
import { callsFromJournal, describeCall, grantsFor, uncoveredCalls, unusedGrants, type ApiCall, type Grant } from './rbac-check.ts';
import { startRecordingProxy, type RecordedRequest, type RecordingProxy } from './testing/recording-proxy.ts';
import { renderBase } from './testing/rendered-base.ts';

const serviceAccount = { namespace: 'dojo-console', name: 'dojo-console' };
const ns = 'rbac';
/** The operator's identity needs no more than these; the UI role is the console's policy. */
const operatorRoles = ['ClusterRole/dojo-console-operator', 'Role/dojo-console/dojo-console-leader-election'];
/** What the operator's roles may grant without this run using it, and why. */
const explainedUnused: { verb: string; group: string; resources: string[]; why: string }[] = [
  { verb: 'update', group: 'core.jutsu.com', resources: ['dojos/finalizers'], why: 'only the OwnerReferencesPermissionEnforcement admission plugin checks it' },
  {
    verb: 'get',
    group: 'core.jutsu.com',
    resources: ['dojos', 'discordservers', 'discordgroups', 'discordchannels'],
    why: 'read after a 409 Conflict whose winner the cache does not hold yet',
  },
  { verb: 'get', group: 'apps', resources: ['deployments'], why: 'read after a 409 Conflict whose winner the cache does not hold yet' },
  { verb: 'get', group: 'postgresql.cnpg.io', resources: ['databases'], why: 'read after a 409 Conflict whose winner the cache does not hold yet' },
];

let env: OperatorTestEnv;
let proxy: RecordingProxy;
let running: RunningConsole | undefined;
let grants: Grant[];
let deploymentArgs: string[];

const resourceCalls = (requests: readonly RecordedRequest[]): ApiCall[] =>
  requests.flatMap((r) =>
    r.kind === 'resource'
      ? [
          {
            verb: r.verb,
            group: r.group,
            resource: r.resource,
            ...(r.subresource ? { subresource: r.subresource } : {}),
            ...(r.namespace ? { namespace: r.namespace } : {}),
            ...(r.name ? { name: r.name } : {}),
          },
        ]
      : [],
  );
const byConsole = (r: RecordedRequest): boolean => r.userAgent.startsWith('dojo-console');

/** The Deployment's arguments, with this test's address, data directory and cluster. */
function upArgs(args: readonly string[], dataDir: string, kubeconfig: string): string[] {
  const replaced = new Set(['--host', '--port', '--data-dir']);
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (replaced.has(args[i]!)) i++;
    // The in-cluster ServiceAccount is played by the proxy's kubeconfig.
    else if (args[i] !== '--in-cluster') kept.push(args[i]!);
  }
  return [...kept, '--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--kubeconfig', kubeconfig];
}

/** A request to the console's HTTP API, as the UI sends it. */
async function consoleApi(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<{ code: number; body: unknown }> {
  const res = await fetch(new URL(path, running!.console.url), {
    method,
    headers: { authorization: `Bearer ${running!.token}`, 'x-dojo-console': '1', ...(body !== undefined ? { 'content-type': contentType } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { code: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

const dojoPath = (name = ''): string => `/api/kube/apis/core.jutsu.com/v1/namespaces/${ns}/dojos${name ? `/${name}` : ''}`;
const readDojo = (name: string): Promise<Dojo> => env.api.get<Dojo>(operatorTypes.dojos, { namespace: ns, name });
const condition = (dojo: Dojo, type: string): string | undefined => dojo.status?.conditions?.find((c) => c.type === type)?.status;
const waitFor = <T>(check: () => Promise<T> | T): Promise<T> => vi.waitFor(check, { timeout: 15_000, interval: 50 });

async function scaleFromConsole(name: string, replicas: number): Promise<void> {
  const answer = await consoleApi('PATCH', `${dojoPath(name)}/scale?fieldManager=dojo-console`, { spec: { replicas } }, 'application/merge-patch+json');
  expect(answer.code).toBe(200);
  await waitFor(async () => expect((await env.api.get<any>(builtinTypes.deployments, { namespace: ns, name })).spec.replicas).toBe(replicas));
}

/** A Dojo and its alarm channel, through most of what the operator does to them. */
async function dojoLifecycle(): Promise<void> {
  await createDiscordChain(env.api, ns, 'alerts');
  await waitFor(async () =>
    expect(readyCondition(await env.api.get<DiscordChannel>(operatorTypes.discordChannels, { namespace: ns, name: 'alerts' }))?.status).toBe('True'),
  );

  const dojo = {
    apiVersion: 'core.jutsu.com/v1',
    kind: 'Dojo',
    metadata: { namespace: ns, name: 'web' },
    spec: { accountId: 'Satoru Gojo', title: 'Dojo web', credentialsRef: { name: 'web-app' }, alarms: { channelRef: { name: 'alerts' } } },
  };
  // The form's server-side dry run first, then the create.
  expect((await consoleApi('POST', `${dojoPath()}?dryRun=All&fieldManager=dojo-console`, dojo)).code).toBe(201);
  expect((await consoleApi('POST', `${dojoPath()}?fieldManager=dojo-console`, dojo)).code).toBe(201);
  await waitFor(() => env.api.get(cnpgDatabases, { namespace: ns, name: 'web' }));
  await provideCredentials(env.api, ns, 'web');
  await waitFor(() => env.api.get(builtinTypes.deployments, { namespace: ns, name: 'web' }));
  await reportDeployment(env.api, ns, 'web', { replicas: 1, ready: 1 });
  await waitFor(async () => expect(condition(await readDojo('web'), 'Available')).toBe('True'));

  // Two scalings: the Deployment is updated twice, and the second, identical Event is a patch.
  await scaleFromConsole('web', 2);
  await scaleFromConsole('web', 3);

  // Someone edits the Database: the operator puts it back.
  const database = await env.api.get<CnpgDatabase>(cnpgDatabases, { namespace: ns, name: 'web' });
  const owner = database.spec.owner;
  await env.api.update(cnpgDatabases, { ...database, spec: { ...database.spec, owner: 'intruder' } });
  await waitFor(async () => expect((await env.api.get<CnpgDatabase>(cnpgDatabases, { namespace: ns, name: 'web' })).spec.owner).toBe(owner));

  // The pods crash-loop: Degraded, and an alarm goes to the channel.
  await reportDeployment(env.api, ns, 'web', { replicas: 3, ready: 0 });
  await runDojoPod(env.api, ns, 'web', 'web-pod', 'CrashLoopBackOff');
  await waitFor(async () => expect((await readDojo('web')).status?.alarms?.history?.at(-1)?.state).toBe('Sent'));

  // Deleting the Discord objects goes through their finalizers.
  for (const type of [operatorTypes.discordChannels, operatorTypes.discordGroups, operatorTypes.discordServers]) {
    await env.api.delete(type, { namespace: ns, name: 'alerts' });
  }
  await waitFor(async () => {
    const left = await env.api.list(operatorTypes.discordServers, { namespace: ns });
    expect(left.items).toEqual([]);
  });

  // What else the console's screens ask for: discovery, a list, a delete.
  expect((await consoleApi('GET', '/api/resources')).code).toBe(200);
  expect((await consoleApi('GET', dojoPath())).code).toBe(200);
  expect((await consoleApi('DELETE', dojoPath('web'), { kind: 'DeleteOptions', apiVersion: 'v1', propagationPolicy: 'Background' })).code).toBe(200);
}

beforeAll(async () => {
  const { objects } = await renderBase();
  grants = grantsFor(objects, serviceAccount);
  const deployment = objects.find((o: KubeObject) => o.kind === 'Deployment') as any;
  deploymentArgs = deployment.spec.template.spec.containers[0].args;

  env = await startOperatorTestEnv();
  await env.namespace(serviceAccount.namespace);
  await env.namespace(ns);
  const dir = mkdtempSync(join(tmpdir(), 'deploy-rbac-'));
  proxy = await startRecordingProxy({ upstreamKubeconfig: env.server.kubeconfigPath, dir, namespace: serviceAccount.namespace });
  const command = parseCli(upArgs(deploymentArgs, join(dir, 'data'), proxy.kubeconfigPath), { POD_NAMESPACE: serviceAccount.namespace });
  if (command.name !== 'up') throw new Error(`the Deployment's args are not an up command: ${deploymentArgs.join(' ')}`);
  running = await runUp(command.options);
  await waitFor(async () => expect((await consoleApi('GET', '/api/session')).body).toMatchObject({ leader: { isLeader: true } }));
  await dojoLifecycle();
  // Stopping releases the Lease: that request is checked too.
  await running.stop();
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await env?.stop();
});

describe('the RBAC of deploy/, against a recorded run of `dojo-console up --leader-elect`', () => {
  it('ran the operator as the Deployment runs it: leader election on its Lease, reconciles, Events', () => {
    const calls = resourceCalls(proxy.requests).map(describeCall);
    expect(calls).toContain('create coordination.k8s.io/leases in dojo-console');
    expect(calls).toContain('update core.jutsu.com/dojos/status in rbac named web');
    expect(calls.some((c) => c.startsWith('patch core/events in rbac'))).toBe(true);
    expect(calls).toContain('patch core.jutsu.com/dojos/scale in rbac named web');
  });

  it('allows every request the operator and the console sent (each would be a 403 in a cluster)', () => {
    const uncovered = uncoveredCalls(grants, resourceCalls(proxy.requests)).map(describeCall);
    expect(uncovered).toEqual([]);
  });

  it('lets the operator work with its own roles alone, so the UI role can be narrowed without breaking it', () => {
    const operatorGrants = grants.filter((g) => operatorRoles.includes(g.role));
    expect(operatorGrants.map((g) => g.role).sort()).toEqual([...operatorRoles].sort());
    const uncovered = uncoveredCalls(operatorGrants, resourceCalls(proxy.requests.filter((r) => !byConsole(r)))).map(describeCall);
    expect(uncovered).toEqual([]);
  });

  it('grants the operator nothing the run did not use, except what is explained', () => {
    const operatorGrants = grants.filter((g) => operatorRoles.includes(g.role));
    const unexplained = unusedGrants(operatorGrants, resourceCalls(proxy.requests))
      .filter((p) => !explainedUnused.some((e) => e.verb === p.verb && e.group === p.group && e.resources.includes(p.resource)))
      .map((p) => `${p.role}: ${p.verb} ${p.group || 'core'}/${p.resource}${p.resourceName ? ` named ${p.resourceName}` : ''}`);
    expect(unexplained).toEqual([]);
  });

  it("allows every call the run's reconcilers journaled, all of which the proxy saw", () => {
    const journaled = callsFromJournal(running!.journal.query({ types: ['api-call'], limit: Number.MAX_SAFE_INTEGER }).records);
    expect(journaled.length).toBeGreaterThan(0);
    expect(uncoveredCalls(grants, journaled).map(describeCall)).toEqual([]);
    const seen = new Set(resourceCalls(proxy.requests).map((c) => describeCall({ ...c, name: undefined })));
    expect(journaled.map((c) => describeCall({ ...c, name: undefined })).filter((c) => !seen.has(c))).toEqual([]);
  });
});
