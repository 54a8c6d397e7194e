/**
 * Pod logs on the embedded cluster, end to end: the simulated kubelet writes its containers'
 * output, the API server (on its own thread) answers `pods/log` from it, and kubectl 1.33 and
 * the console's proxy read it — the whole log, a container of several, the instance before a
 * crash restart (image tag `crash`), the last lines, and following live lines.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kubectlRunner, newestKubectl, type KubectlRunner } from '@dojo/apiserver/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runUp, type RunningConsole } from './up.ts';
import { testUpOptions } from './testing/up-options.ts';

vi.setConfig({ testTimeout: 90_000 });

let running: RunningConsole;
let dataDir: string;
let kubectl: KubectlRunner;
const eventually = { timeout: 30_000, interval: 100 };

const pods = `
apiVersion: v1
kind: Pod
metadata: { name: web, namespace: default }
spec:
  containers:
    - { name: app, image: "nginx:1.27" }
    - { name: sidecar, image: "busybox:1.36" }
---
apiVersion: v1
kind: Pod
metadata: { name: crasher, namespace: default }
spec:
  containers:
    - { name: app, image: "busybox:crash" }
`;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'dojo-pod-logs-'));
  running = await runUp(testUpOptions({ dataDir }), {
    sim: {
      podStartDelay: { minMs: 50, maxMs: 100 },
      podReadyDelay: { minMs: 50, maxMs: 100 },
      failAfterMs: 200,
      backoff: { baseMs: 300, maxMs: 600 },
      logHeartbeatMs: 300,
    },
  });
  kubectl = kubectlRunner(running.kubeconfigPath, newestKubectl());
  expect((await kubectl.run(['apply', '-f', '-'], pods)).code).toBe(0);
}, 90_000);

afterAll(async () => {
  await running?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** `kubectl logs ARGS` once it succeeds and its output matches. */
async function logsMatching(args: string[], pattern: RegExp): Promise<string> {
  let last = '';
  await expect
    .poll(async () => {
      const result = await kubectl.run(['logs', ...args]);
      last = result.stdout + result.stderr;
      return result.code === 0 && pattern.test(result.stdout);
    }, eventually)
    .toBe(true);
  return last;
}

describe('kubectl logs against the simulated kubelet', () => {
  it("prints the chosen container's start and ready lines, and refuses a container the Pod does not have", async () => {
    const out = await logsMatching(['web', '-c', 'app'], /ready/);
    expect(out).toMatch(/^app: starting \(image "nginx:1\.27", restart 0\) in pod default\/web on node \S+\napp: ready: readiness probe succeeded, serving\n/);
    // kubectl checks the name against the Pod itself (and picks the first container when none is
    // named), in the server's words; the server's own refusals are pods/log's and the proxy's tests.
    const another = await kubectl.run(['logs', 'web', '-c', 'nope']);
    expect(another.stderr).toContain('container nope is not valid for pod web');
  });

  it('prints the last lines with --tail', async () => {
    await logsMatching(['web', '-c', 'sidecar'], /heartbeat 3:/);
    const { stdout } = await kubectl.run(['logs', 'web', '-c', 'sidecar', '--tail=2']);
    expect(stdout.trimEnd().split('\n')).toHaveLength(2);
    expect(stdout).toMatch(/^sidecar: heartbeat \d+: still running\nsidecar: heartbeat \d+: still running\n$/);
  });

  it('prints the crashed instance with --previous after a crash restart', async () => {
    const out = await logsMatching(['crasher', '--previous'], /fatal/);
    expect(out).toMatch(
      /^app: starting \(image "busybox:crash", restart \d+\) in pod default\/crasher on node \S+\napp: fatal: simulated crash \(image tag "crash"\); exiting with code 1\n$/,
    );
  });

  it('follows with -f until it is stopped', async () => {
    const child = kubectl.spawn(['logs', '-f', 'web', '-c', 'app']);
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    try {
      // The start line is old; a heartbeat after the ones printed at once arrives live.
      await expect.poll(() => (out.match(/heartbeat/g) ?? []).length >= 1 && /starting/.test(out), eventually).toBe(true);
      const printed = (out.match(/heartbeat/g) ?? []).length;
      await expect.poll(() => (out.match(/heartbeat/g) ?? []).length > printed, eventually).toBe(true);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
    }
  });
});

describe("the console's proxy", () => {
  const get = (path: string, signal?: AbortSignal) =>
    fetch(`${running.console.url.replace(/\/$/, '')}/api/kube${path}`, {
      headers: { authorization: `Bearer ${running.token}` },
      ...(signal ? { signal } : {}),
    });

  it("serves a container's log as text, and the cluster's error as a Status", async () => {
    const answer = await get('/api/v1/namespaces/default/pods/web/log?container=app&tailLines=1');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await answer.text()).toMatch(/^app: (ready|heartbeat)/);
    const refused = await get('/api/v1/namespaces/default/pods/web/log');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      kind: 'Status',
      reason: 'BadRequest',
      message: 'a container name must be specified for pod web, choose one of: [app sidecar]',
    });
  });

  it('follows a log: lines arrive as the container writes them, until the browser goes', async () => {
    const abort = new AbortController();
    const answer = await get('/api/v1/namespaces/default/pods/web/log?container=app&follow=true&tailLines=0', abort.signal);
    expect(answer.status).toBe(200);
    const reader = answer.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!/heartbeat \d+/.test(text)) {
      const { value, done } = await reader.read();
      expect(done).toBe(false);
      text += decoder.decode(value);
    }
    expect(text).toMatch(/^app: heartbeat \d+: still running\n/);
    abort.abort();
  });
});
