/**
 * The official Python client (python3-kubernetes; src/python-client/scenario.py) against both
 * servers: typed APIs, its dynamic client and CustomObjectsApi, its Watch, and its
 * ApiException for every error. Under CI=true a missing client fails the suite; elsewhere
 * these steps are left out with a warning, as the Python-client suite does.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { findPythonWithKubernetes, pythonClientHelp } from '../testing/python-client.ts';
import { clientScenarioSteps, type ScenarioLine } from './client-scenario.ts';
import type { Target } from './differential.ts';

const namespace = 'oracle-python';
const script = fileURLToPath(new URL('../python-client/scenario.py', import.meta.url));

/** Every action scenario.py prints, in order. */
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
  'server-side apply by manager one',
  'server-side apply of the same field by manager two: 409 conflict',
  'server-side apply forced by manager two',
  'dry-run create',
  'dry-run create stored nothing: 404',
  'dry-run delete',
  'dry-run delete kept the object',
  'create a Deployment',
  'update the status subresource',
  'patch the status subresource',
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
  'create with a body that is not an object: 400',
  'delete a missing ConfigMap: 404',
  'watch from a resourceVersion sees the writes after it',
  'list at an earlier resourceVersion (Exact)',
  'watch with a label selector sees an object leave it as DELETED',
  'watch from resourceVersion 1 (history kept: replayed)',
  'dynamic client: list ConfigMaps',
  'dynamic client: get a missing object: 404',
  'create a custom resource',
  'create an invalid custom resource: 422',
  "update a custom resource's status",
  'merge-patch a custom resource',
  'a list body to patch_namespaced_custom_object (sent as a merge patch)',
  'server-side apply a custom resource',
  'list custom resources',
  'get a missing custom resource: 404',
] as const;

function pythonWithClient(): string | undefined {
  const found = findPythonWithKubernetes();
  if (!found && process.env.CI === 'true')
    throw new Error(`[oracle: python client steps] no Python with the Kubernetes client, and CI=true, where no suite may skip.\n${pythonClientHelp}`);
  if (!found) console.warn(`\n*** LEAVING OUT the Python-client oracle steps. ${pythonClientHelp} ***\n`);
  return found;
}

const python = pythonWithClient();

function run(target: Target): Promise<ScenarioLine[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(python!, [script, target.kubeconfigPath, namespace], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`scenario.py exited ${code} against ${target.name}:\n${stderr}`));
      resolve(
        stdout
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as ScenarioLine),
      );
    });
  });
}

export const pythonClientSteps = python ? clientScenarioSteps('python client', actions, run) : [];
