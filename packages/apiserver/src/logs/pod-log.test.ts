import { request } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kubectlRunner, newestKubectl, type KubectlRunner } from '../testing/kubectl.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
let kubectl: KubectlRunner;
const base = '/api/v1/namespaces/default/pods';
const t0 = Date.parse('2026-01-02T03:04:05Z');

interface ContainerStatusInput {
  name: string;
  containerID?: string;
  state: Record<string, unknown>;
  lastState?: Record<string, unknown>;
}

/** A Pod bound to a node with the given container statuses, as a kubelet would report them. */
async function pod(name: string, containers: string[], statuses: ContainerStatusInput[], nodeName = 'node-1'): Promise<string> {
  const created = await server.call('POST', base, {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name },
    spec: { nodeName, containers: containers.map((c) => ({ name: c, image: 'nginx' })) },
  });
  expect(created.status).toBe(201);
  const status = {
    phase: 'Running',
    containerStatuses: statuses.map((s) => ({ image: 'nginx', imageID: '', ready: true, restartCount: 0, lastState: {}, ...s })),
  };
  const patched = await server.call('PATCH', `${base}/${name}/status`, { status }, { 'content-type': 'application/merge-patch+json' });
  expect(patched.status).toBe(200);
  return created.body.metadata.uid as string;
}

function logLines(uid: string, containerId: string, lines: string[]): void {
  server.containerLogs.write(lines.map((text, i) => ({ op: 'line', podUid: uid, containerId, timeMs: t0 + i * 1000, text })));
}

const running = (name: string, id: string): ContainerStatusInput => ({ name, containerID: id, state: { running: { startedAt: '2026-01-02T03:04:05Z' } } });

async function getLog(name: string, query = ''): Promise<{ status: number; text: string; body: any; type: unknown }> {
  const answer = await server.call('GET', `${base}/${name}/log${query}`);
  return { status: answer.status, text: answer.raw.toString(), body: answer.body, type: answer.headers['content-type'] };
}

beforeAll(async () => {
  server = await startTestServer();
  kubectl = kubectlRunner(server.kubeconfigPath, newestKubectl());
  const web = await pod('web', ['app'], [running('app', 'containerd://web-1')]);
  logLines(web, 'containerd://web-1', ['starting', 'listening on :8080', 'ready', 'served GET /']);
  const duo = await pod('duo', ['app', 'sidecar'], [running('app', 'containerd://duo-app'), running('sidecar', 'containerd://duo-side')]);
  logLines(duo, 'containerd://duo-app', ['app says hello']);
  logLines(duo, 'containerd://duo-side', ['sidecar says hello']);
  const restarted = await pod(
    'restarted',
    ['app'],
    [
      {
        ...running('app', 'containerd://r-2'),
        lastState: {
          terminated: { exitCode: 1, reason: 'Error', containerID: 'containerd://r-1', startedAt: '2026-01-02T03:04:05Z', finishedAt: '2026-01-02T03:04:06Z' },
        },
      },
    ],
  );
  logLines(restarted, 'containerd://r-1', ['fatal: crashed']);
  logLines(restarted, 'containerd://r-2', ['second start']);
  await pod('creating', ['app'], [{ name: 'app', state: { waiting: { reason: 'ContainerCreating' } } }]);
  await pod('pulling', ['app'], [{ name: 'app', state: { waiting: { reason: 'ErrImagePull', message: 'not found' } } }]);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

describe('pods/log', () => {
  it("answers a single-container Pod's log as text/plain, one line each", async () => {
    const log = await getLog('web');
    expect(log).toMatchObject({ status: 200, text: 'starting\nlistening on :8080\nready\nserved GET /\n' });
    expect(String(log.type)).toMatch(/^text\/plain/);
  });

  it('keeps the last tailLines lines', async () => {
    expect((await getLog('web', '?tailLines=2')).text).toBe('ready\nserved GET /\n');
    expect((await getLog('web', '?tailLines=0')).text).toBe('');
  });

  it('cuts the output at limitBytes, mid-line', async () => {
    expect((await getLog('web', '?limitBytes=12')).text).toBe('starting\nlis');
  });

  it('prefixes each line with its RFC 3339 time when asked for timestamps', async () => {
    expect((await getLog('web', '?tailLines=1&timestamps=true')).text).toBe('2026-01-02T03:04:08Z served GET /\n');
  });

  it('leaves out lines older than sinceTime, and older than sinceSeconds ago', async () => {
    expect((await getLog('web', '?sinceTime=2026-01-02T03:04:07Z')).text).toBe('ready\nserved GET /\n');
    // Written in 2026-01: none is from the last hour.
    expect((await getLog('web', '?sinceSeconds=3600')).text).toBe('');
  });

  it('reads the named container of a Pod with several', async () => {
    expect((await getLog('duo', '?container=sidecar')).text).toBe('sidecar says hello\n');
  });

  it('asks for a container name when the Pod has several', async () => {
    const log = await getLog('duo');
    expect(log.status).toBe(400);
    expect(log.body).toMatchObject({
      kind: 'Status',
      reason: 'BadRequest',
      message: 'a container name must be specified for pod duo, choose one of: [app sidecar]',
    });
  });

  it('refuses a container the Pod does not have', async () => {
    expect((await getLog('web', '?container=nope')).body).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: 'container nope is not valid for pod web',
    });
  });

  it('reads the previous instance with previous, and says when there is none', async () => {
    expect((await getLog('restarted', '?previous=true')).text).toBe('fatal: crashed\n');
    expect((await getLog('restarted')).text).toBe('second start\n');
    expect((await getLog('web', '?previous=true')).body).toMatchObject({ code: 400, message: 'previous terminated container "app" in pod "web" not found' });
  });

  it("says a container still waiting has no log yet, in the kubelet's words", async () => {
    expect((await getLog('creating')).body).toMatchObject({
      code: 400,
      reason: 'BadRequest',
      message: 'container "app" in pod "creating" is waiting to start: ContainerCreating',
    });
    expect((await getLog('pulling')).body).toMatchObject({
      code: 400,
      message: 'container "app" in pod "pulling" is waiting to start: image can\'t be pulled',
    });
  });

  it('answers 404 for a Pod that does not exist', async () => {
    expect((await getLog('ghost')).body).toMatchObject({ code: 404, reason: 'NotFound', message: 'pods "ghost" not found' });
  });

  it('refuses invalid options as an invalid PodLogOptions, before reading the Pod', async () => {
    expect((await getLog('ghost', '?tailLines=-1')).body).toMatchObject({
      code: 422,
      reason: 'Invalid',
      message: 'PodLogOptions "ghost" is invalid: tailLines: Invalid value: -1: must be greater than or equal to 0',
    });
    expect((await getLog('web', '?limitBytes=0')).body).toMatchObject({
      code: 422,
      message: 'PodLogOptions "web" is invalid: limitBytes: Invalid value: 0: must be greater than 0',
    });
    expect((await getLog('web', '?sinceSeconds=0')).body).toMatchObject({
      code: 422,
      message: 'PodLogOptions "web" is invalid: sinceSeconds: Invalid value: 0: must be greater than 0',
    });
    expect((await getLog('web', '?sinceSeconds=5&sinceTime=2026-01-02T03:04:07Z')).body).toMatchObject({
      code: 422,
      message: 'PodLogOptions "web" is invalid: : Forbidden: at most one of `sinceTime` or `sinceSeconds` may be specified',
    });
    expect((await getLog('web', '?stream=Stdout')).body).toMatchObject({
      code: 422,
      message: 'PodLogOptions "web" is invalid: stream: Forbidden: may not be specified',
    });
  });

  it('lists pods/log in discovery with the get verb', async () => {
    const discovery = await server.call('GET', '/api/v1');
    expect(discovery.body.resources).toContainEqual(expect.objectContaining({ name: 'pods/log', kind: 'Pod', verbs: ['get'] }));
  });

  it('follows a log: the lines so far, then each new one as it is written, until the container exits', async () => {
    const uid = await pod('follow', ['app'], [running('app', 'containerd://f-1')]);
    logLines(uid, 'containerd://f-1', ['first']);
    const received: string[] = [];
    const done = new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: server.port,
          path: `${base}/follow/log?follow=true`,
          ca: server.credentials.caCertPem,
          headers: { authorization: `Bearer ${server.credentials.token}` },
        },
        (res) => {
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            received.push(chunk);
            if (received.join('') === 'first\n')
              server.containerLogs.write([
                { op: 'line', podUid: uid, containerId: 'containerd://f-1', timeMs: Date.now(), text: 'live' },
                { op: 'end', containerId: 'containerd://f-1', timeMs: Date.now() },
              ]);
          });
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(await done).toBe(200);
    expect(received.join('')).toBe('first\nlive\n');
  });
});

describe('kubectl logs', () => {
  it("prints a Pod's log, a chosen container's, the previous instance's and the last lines", async () => {
    expect(await kubectl.run(['logs', 'web'])).toMatchObject({ code: 0, stdout: 'starting\nlistening on :8080\nready\nserved GET /\n' });
    expect(await kubectl.run(['logs', 'duo', '-c', 'app'])).toMatchObject({ code: 0, stdout: 'app says hello\n' });
    expect(await kubectl.run(['logs', 'restarted', '--previous'])).toMatchObject({ code: 0, stdout: 'fatal: crashed\n' });
    expect(await kubectl.run(['logs', 'web', '--tail=2'])).toMatchObject({ code: 0, stdout: 'ready\nserved GET /\n' });
  });

  it("prints kube's errors as kubectl does", async () => {
    const waiting = await kubectl.run(['logs', 'creating']);
    expect(waiting.code).not.toBe(0);
    expect(waiting.stderr).toContain('Error from server (BadRequest): container "app" in pod "creating" is waiting to start: ContainerCreating');
    const previous = await kubectl.run(['logs', 'web', '-p']);
    expect(previous.stderr).toContain('Error from server (BadRequest): previous terminated container "app" in pod "web" not found');
  });

  it('follows with -f: prints lines as they are written until it is stopped', async () => {
    const uid = await pod('tailed', ['app'], [running('app', 'containerd://t-1')]);
    logLines(uid, 'containerd://t-1', ['one']);
    const child = kubectl.spawn(['logs', '-f', 'tailed']);
    let out = '';
    let waiting: { text: string; resolve: () => void } | undefined;
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (waiting && out.includes(waiting.text)) waiting.resolve();
    });
    const seen = (text: string) =>
      new Promise<void>((resolve, reject) => {
        if (out.includes(text)) return resolve();
        waiting = { text, resolve };
        child.once('exit', () => reject(new Error(`kubectl exited before printing ${text}: ${out}`)));
      });
    await seen('one\n');
    server.containerLogs.write([{ op: 'line', podUid: uid, containerId: 'containerd://t-1', timeMs: Date.now(), text: 'two' }]);
    await seen('two\n');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await exited;
    expect(out).toBe('one\ntwo\n');
  });
});
