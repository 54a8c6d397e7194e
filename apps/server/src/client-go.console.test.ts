/**
 * The real client-go v0.37 informer against a whole console as `npm start` runs it (the
 * embedded API server on its thread, the simulated control plane and every operator busy on
 * the same cluster): it syncs with a streaming list and then sees every write in order.
 */
import { buildClientGoCheck, runClientGoCheck, widget, widgetsCrd, type ClientGoRun } from '@dojo/apiserver/testing';
import { requireToolchain } from '@dojo/toolchains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsole, type ConsoleHarness } from './testing/console-harness.ts';

const go = requireToolchain('go', 'client-go against the console');
const namespace = 'client-go';
const userAgent = 'client-go-check/console-informer';

let console_: ConsoleHarness;
let run: ClientGoRun;

const configMap = (name: string, data: Record<string, string> = {}) =>
  JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data });

beforeAll(async () => {
  if (!go) return;
  const binary = await buildClientGoCheck();
  console_ = await startConsole();
  const kubectl = console_.kubectl;
  await kubectl(['apply', '-f', '-'], JSON.stringify(widgetsCrd));
  await kubectl(['wait', '--for=condition=Established', 'crd/widgets.checks.example.com', '--timeout=20s']);
  await kubectl(['create', 'namespace', namespace]);
  await kubectl(['create', '-f', '-'], configMap('updated', { k: '1' }));
  await kubectl(['create', '-f', '-'], configMap('removed'));
  await kubectl(['create', '-f', '-'], JSON.stringify(widget(namespace, 'w1', 1)));
  run = await runClientGoCheck(binary, console_.kubeconfigPath, ['informer', '--namespace', namespace, '--user-agent', userAgent, '-v=4'], {
    whenSynced: async () => {
      await kubectl(['-n', namespace, 'patch', 'configmap', 'updated', '--type', 'merge', '-p', '{"data":{"k":"2"}}']);
      await kubectl(['-n', namespace, 'delete', 'configmap', 'removed']);
      await kubectl(['create', '-f', '-'], configMap('added'));
      await kubectl(['create', '-f', '-'], JSON.stringify(widget(namespace, 'w2', 2)));
      await kubectl(['create', '-f', '-'], configMap('informer-done'));
    },
  });
}, 960_000);

afterAll(async () => {
  await console_?.close();
});

describe.skipIf(!go)('a client-go v0.37 informer against the console cluster', () => {
  it('syncs with a streaming list, never a LIST', async () => {
    expect(run.code, run.stderr).toBe(0);
    // kube-root-ca.crt: the simulated root-CA publisher puts one in every namespace, as kube's does.
    expect(run.lines[0]).toEqual({ synced: true, configMaps: ['kube-root-ca.crt', 'removed', 'updated'], widgets: ['w1'] });
    expect(run.stderr).toContain('"Exiting watch because received the bookmark that marks the end of initial events stream"');
    expect(run.stderr).not.toContain('Falling back to regular list');
    const journal = (await console_.kubectl(['get', '--raw', '/debug/requests?follow=false']))
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as any)
      .filter((r) => r.userAgent === userAgent);
    expect(journal.filter((r) => r.type === 'request' && r.verb === 'list')).toEqual([]);
    expect(
      journal
        .filter((r) => r.type === 'watch-open' && r.streamingList)
        .map((r) => r.resource)
        .sort(),
    ).toEqual(['configmaps', 'widgets']);
  });

  it('then sees every write in order', () => {
    const result = run.lines[1];
    expect(result.configMaps.events).toEqual(['MODIFIED updated', 'DELETED removed', 'ADDED added', 'ADDED informer-done']);
    expect(result.widgets.events).toEqual(['ADDED w2']);
    expect(result.updatedData).toEqual({ k: '2' });
    expect(result.widgetSizes).toEqual({ w1: 1, w2: 2 });
  });
});
