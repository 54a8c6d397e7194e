/**
 * client-go v0.37.2 (our client-go-check program's `scenario` sub-command, src/client-go/
 * scenario*.go) against both servers: the typed clientset over protobuf, the dynamic and
 * metadata clients, a watch from a resourceVersion, and informers started with streaming lists
 * on and off (KUBE_FEATURE_WatchListClient) — whose synced sets must agree.
 */
import { buildClientGoCheck, runClientGoCheck } from '../testing/client-go.ts';
import { clientScenarioSteps, type ScenarioLine } from './client-scenario.ts';
import type { Target } from './differential.ts';

const namespace = 'oracle-client-go';

/** Every action scenario.go prints, in order. */
const actions = [
  'create the namespace',
  'create ConfigMap alpha',
  'create ConfigMap beta',
  'create ConfigMap gamma',
  'get a ConfigMap',
  'list by label equality',
  'list by label set',
  'list by label inequality',
  'list by field selector',
  'list by both selectors',
  'list by an unsupported field: 400',
  'list by a malformed label selector: 400',
  'list the first page (limit 2)',
  'list the next page (continue)',
  'list with a bad continue token: 400',
  'get at resourceVersion 0 (any cached state)',
  'update with the current resourceVersion',
  'update with a stale resourceVersion: 409',
  'merge patch',
  'strategic merge patch',
  'JSON patch',
  'JSON patch whose test fails: 422',
  'JSON patch of a missing path: 422',
  'merge patch that is not JSON: 400',
  'server-side apply by manager one',
  'server-side apply of the same field by manager two: 409 conflict',
  'server-side apply forced by manager two',
  'dry-run create',
  'dry-run create stored nothing: 404',
  'dry-run delete',
  'dry-run delete kept the object',
  'create a Deployment',
  'update the status subresource',
  'merge-patch the status subresource',
  'strategic-merge-patch a container by its name',
  'server-side apply a Deployment, dry run',
  'get the scale subresource',
  'create an invalid Deployment: 422',
  'delete a Deployment with propagation Orphan',
  'delete a Deployment with propagation Foreground',
  'delete a Deployment with propagation Background',
  'delete a ConfigMap held by a finalizer',
  "update a deleting object's labels",
  'remove the finalizer: the object goes',
  'delete with a stale precondition: 409',
  'delete collection by label',
  'get a missing ConfigMap: 404',
  'create an existing ConfigMap: 409',
  'create with an invalid name: 422',
  'create in a missing namespace: 404',
  'update whose body names another object: 400',
  'delete a missing ConfigMap: 404',
  'watch from a resourceVersion sees the writes after it',
  'list at an earlier resourceVersion (Exact)',
  'watch with a label selector sees an object leave it as DELETED',
  'watch from resourceVersion 1 (history kept: replayed)',
  'dynamic client: list ConfigMaps',
  'metadata client: list and get ConfigMaps',
  'metadata client: get a missing object: 404',
  'create a custom resource',
  'create an invalid custom resource: 422',
  "update a custom resource's status",
  'merge-patch a custom resource',
  'strategic merge patch of a custom resource: 415',
  'server-side apply a custom resource',
  'list custom resources',
  'informer with streaming lists on: the synced set',
  'informer with streaming lists off: the synced set',
] as const;

async function run(target: Target): Promise<ScenarioLine[]> {
  const binary = await buildClientGoCheck();
  const scenario = await runClientGoCheck(binary, target.kubeconfigPath, ['scenario', '--namespace', namespace]);
  if (scenario.code !== 0)
    throw new Error(`client-go-check scenario failed against ${target.name}: ${JSON.stringify(scenario.lines.at(-1))}\n${scenario.stderr}`);
  const informer = async (mode: 'on' | 'off'): Promise<ScenarioLine> => {
    const env: Record<string, string> = mode === 'off' ? { KUBE_FEATURE_WatchListClient: 'false' } : {};
    const answer = await runClientGoCheck(binary, target.kubeconfigPath, ['scenario-informer', '--namespace', namespace], { env });
    const action = `informer with streaming lists ${mode}: the synced set`;
    return answer.code === 0 ? { action, result: answer.lines[0] } : { action, error: answer.lines.at(-1) ?? answer.stderr };
  };
  const printed = (scenario.lines as ScenarioLine[]).filter((line) => line.action !== 'done');
  return [...printed, await informer('on'), await informer('off')];
}

export const clientGoSteps = clientScenarioSteps('client-go', actions, run);
